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

/** True when a string holds any control character (tab and line breaks included). */
export function hasControlCharacters(s: string): boolean {
  return ANY_CONTROL.test(s);
}
