/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe, so it is read as text
 * (OWASP "CSV injection"; amendment B6; ADR 032): one that begins with = + - @ (or their
 * full-width forms), also after leading spaces, tabs or other white space, which spreadsheets skip
 * before they look for a formula; and one that begins with any control character. Everything else
 * is written as it is. Every CSV the app writes (the admin exports, the payout statement) uses it.
 */
export function neutralizeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\u0000-\u001f\u007f])/u;
