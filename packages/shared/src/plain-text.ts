/**
 * The text clean-up of ./text without zod, for code that must not load it (the sign-in page's
 * form checks in ./auth-forms). ./text re-exports these and builds its zod schemas on them.
 */

/** A surrogate pair (kept) or a lone surrogate (replaced). No lookbehind, for older browsers. */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
/** C0 controls, DEL and C1 controls, except tab, line feed and carriage return. */
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Every C0 control, DEL and C1 control, tab and line breaks included. */
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Replaces each lone UTF-16 surrogate with U+FFFD, as a UTF-8 encoder would. */
export function wellFormed(s: string): string {
  return s.replace(SURROGATES, (m) => (m.length === 2 ? m : '\uFFFD'));
}

/** Multi-line text made storable: lone surrogates become U+FFFD; controls other than \t, \n, \r go. */
export function cleanText(s: string): string {
  return wellFormed(s).replace(CONTROLS_BUT_LINE_BREAKS, '');
}

/** A text or emoji presentation selector, or a skin tone. */
const EMOJI_MODIFIER = '(?:\\uFE0E|\\uFE0F|[\\u{1F3FB}-\\u{1F3FF}])';

/**
 * Invisible format characters (Unicode's Default_Ignorable_Code_Point: the bidirectional controls
 * U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width spaces and joiners,
 * soft hyphens, variation selectors, tags, Hangul fillers…), except where they belong to something
 * visible: a joiner, a variation selector or a skin tone inside an emoji sequence (👩🏽‍🎤, ❤️, the
 * subdivision flags' tags) and a zero-width non-joiner between two letters (Persian and Indic
 * spelling). Matched in that order so the first alternatives keep what they match.
 */
const INVISIBLE_OR_KEPT = new RegExp(
  [
    // A subdivision flag (🏴 and tag letters), before the plain emoji alternative takes its 🏴 alone.
    '(\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}',
    '[#*0-9]\\uFE0F?\\u20E3',
    `\\p{Extended_Pictographic}${EMOJI_MODIFIER}?(?:\\u200D\\p{Extended_Pictographic}${EMOJI_MODIFIER}?)*)`,
    '(\\p{L}\\p{M}*\\u200C)(?=\\p{L})',
    '\\p{Default_Ignorable_Code_Point}',
  ].join('|'),
  'gu',
);
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A title or file name without invisible format characters (bidirectional overrides and isolates,
 * zero-width characters…) that could make it read differently from what it is; emoji sequences and
 * joiners between letters stay. Applied by `line()` of ./text to every single-line field.
 */
export function withoutFormatCharacters(s: string): string {
  return s.replace(INVISIBLE_OR_KEPT, (_m, emoji?: string, joined?: string) => emoji ?? joined ?? '');
}

/** Every default-ignorable character removed, nothing kept: for names compared by their look. */
export function withoutInvisible(s: string): string {
  return s.replace(INVISIBLE, '');
}

/** True when a string holds any control character (tab and line breaks included). */
export function hasControlCharacters(s: string): boolean {
  return ANY_CONTROL.test(s);
}
