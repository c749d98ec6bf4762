/**
 * A user's initials for an avatar (issue 24: not the spec's fixed "MC"): the first letters of the
 * first two parts of the name ("mc_flow" → "MF", "LilBaby" → "LB"), or its first letter alone
 * ("alice" → "A"). Whole characters, so an emoji or an accented letter is never cut in half.
 */
export function initialsOf(name: string): string {
  const parts = name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s_.-]+/u)
    .filter(Boolean);
  const first = (part: string | undefined) => (part ? ([...part][0] ?? '') : '');
  const initials = parts.length >= 2 ? first(parts[0]) + first(parts[1]) : first(parts[0]);
  return initials.toLocaleUpperCase() || '?';
}
