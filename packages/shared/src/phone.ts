import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { PHONE_INVALID_MESSAGE } from './auth-forms';

export { PHONE_INVALID_MESSAGE };

/** Numbers without a leading + are read as US numbers (the membership is priced in USD). */
export const PHONE_DEFAULT_COUNTRY = 'US';

/**
 * Whether `value` can be a phone number, by libphonenumber-js's metadata: digits (with the usual
 * punctuation) of a length that its country's numbers have. "abc", "12" or "+1 555 0100 999 999"
 * are not. Length only, not number ranges, which change faster than a release of the metadata.
 */
export function isPhoneNumber(value: string): boolean {
  return isPossiblePhoneNumber(value, PHONE_DEFAULT_COUNTRY);
}
