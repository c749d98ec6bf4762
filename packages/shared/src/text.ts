import { z } from 'zod';
import { cleanText, hasControlCharacters, wellFormed, withoutFormatCharacters, withoutInvisible } from './plain-text';

/**
 * Free text as both databases can store it. PostgreSQL refuses NUL bytes and lone UTF-16
 * surrogates, SQLite keeps them: every text field goes through one of these builders so the two
 * behave alike and nothing reaches a query that a database would refuse with a 500.
 */

export { cleanText, hasControlCharacters, wellFormed, withoutFormatCharacters, withoutInvisible };

type StringParams = Parameters<typeof z.string>[0];

/**
 * Multi-line free text (lyrics, messages, transcriptions, prompts): control characters other than
 * tab and line breaks are stripped and lone surrogates replaced before any other check, so
 * `.max()`, `.trim()` and refinements chained after it see the cleaned text.
 */
export function text(params?: StringParams) {
  return z.string(params).overwrite(cleanText);
}

/**
 * Single-line text (titles, usernames, e-mail, phone, search words): lone surrogates replaced,
 * invisible format characters removed (bidirectional overrides and isolates, zero-width
 * characters: `withoutFormatCharacters`, ADR 032), trimmed, and refused with `${label} cannot contain line breaks, tabs or control characters`
 * when a control character is left inside. Chain `.min()`, `.max()`, `.regex()` after it.
 */
export function line(label = 'This field', params?: StringParams) {
  return z
    .string(params)
    .overwrite(wellFormed)
    .overwrite(withoutFormatCharacters)
    .trim()
    .refine((s) => !hasControlCharacters(s), `${label} cannot contain line breaks, tabs or control characters`);
}

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;
const ID = /^[1-9][0-9]{0,9}$/;

/**
 * A positive id from a path, written as plain decimal digits (no sign, spaces, leading zeros,
 * exponent, fraction or hex) and within 32-bit range. Anything else is refused with `message`.
 */
export function idString(message = 'Invalid ID') {
  return z
    .string({ error: message })
    .regex(ID, message)
    .refine((s) => Number(s) <= MAX_ID, message)
    .transform(Number);
}

/**
 * A whole number from a query string, written as decimal digits only, between `min` and `max`.
 * Give `fallback` for an absent parameter.
 */
export function digits(min: number, max: number, message = `Must be a whole number from ${min} to ${max}`) {
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}
