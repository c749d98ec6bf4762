/**
 * Shares are typed as percentages with up to 2 decimals and stored as basis points (ADR 049):
 * "33.33" → 3333. Parsed as text, never through floating point, so what is typed is what is saved.
 */
const PERCENT = /^(\d{1,3})(?:[.,](\d{0,2}))?%?$/;

/** "33.33" → 3333, "25" → 2500, "0.5" → 50, "" → 0; null when it is not a percentage from 0 to 100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const value = text.replace(/\s+/g, '');
  if (value === '') return 0;
  const match = PERCENT.exec(value);
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const bps = whole * 100 + cents;
  return bps > 10_000 ? null : bps;
}

/** 3333 → "33.33" (for an input). */
export function bpsToPercentText(bps: number): string {
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

/** 3333 → "33.33%". */
export function formatPercent(bps: number): string {
  return `${bpsToPercentText(bps)}%`;
}

/** The sum of the column in basis points, or null while any share cannot be read. */
export function columnTotal(values: readonly string[]): number | null {
  let sum = 0;
  for (const value of values) {
    const bps = parsePercent(value);
    if (bps === null) return null;
    sum += bps;
  }
  return sum;
}

export const PERCENT_HELP = 'A percentage from 0 to 100 with up to 2 decimals, for example 33.33.';
