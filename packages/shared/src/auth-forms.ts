import { LIMITS } from './constants';
import { hasControlCharacters, wellFormed, withoutFormatCharacters } from './plain-text';

/**
 * The sign-in page's two forms, checked in the browser before anything is sent (spec §5), without
 * zod: they are all the sign-in page validates, and zod (even zod/mini, whose core the bundler
 * shares with the full zod the other pages load) would be most of that page's script. The server
 * checks the same fields with the zod `loginSchema` and `registerSchema` of ./auth, built on the
 * same limits and words; auth-forms.test.ts runs both on the same generated inputs and requires
 * the same verdict and the same first message for every field.
 */

/** The first message for each field that failed, as zod's first issue for that path would give it. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type FormCheck<T, K extends string = Extract<keyof T, string>> =
  | { success: true; data: T; errors: FieldErrors<K> }
  | { success: false; data?: undefined; errors: FieldErrors<K> };

/** zod's `z.email()` pattern (zod's `regexes.email`; the test keeps them equal, escapes included). */
// eslint-disable-next-line no-useless-escape -- written exactly as zod writes it
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

type Rule = (value: string) => string | undefined;

/** `line()` of ./text: well-formed, without invisible format characters and trimmed, then refused when a control character is left, then `rules` in order. */
function line(label: string, raw: string, rules: Rule[]): { value: string; error?: string } {
  const value = withoutFormatCharacters(wellFormed(raw)).trim();
  if (hasControlCharacters(value)) return { value, error: `${label} cannot contain line breaks, tabs or control characters` };
  for (const rule of rules) {
    const error = rule(value);
    if (error) return { value, error };
  }
  return { value };
}

/** Length as zod counts it: code points (a surrogate pair is one, a lone surrogate one too). */
const length = (v: string) => [...v].length;
const minLength = (n: number, message: string): Rule => (v) => (length(v) < n ? message : undefined);
const maxLength = (n: number, message: string): Rule => (v) => (length(v) > n ? message : undefined);

const usernameRules: Rule[] = [
  minLength(LIMITS.usernameMin, 'Username must be at least 3 characters'),
  maxLength(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`),
];
const passwordRules: Rule[] = [
  minLength(LIMITS.passwordMin, 'Password must be at least 6 characters'),
  maxLength(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
];

function password(value: string): string | undefined {
  for (const rule of passwordRules) {
    const error = rule(value);
    if (error) return error;
  }
  return undefined;
}

export interface LoginFormValues {
  username: string;
  password: string;
}

/** The login form: what `loginSchema` accepts, trimmed as it would trim it. */
export function checkLoginForm(values: LoginFormValues): FormCheck<LoginFormValues> {
  const username = line('Username', values.username, usernameRules);
  const errors: FieldErrors<keyof LoginFormValues> = {};
  if (username.error) errors.username = username.error;
  const passwordError = password(values.password);
  if (passwordError) errors.password = passwordError;
  if (Object.keys(errors).length) return { success: false, errors };
  return { success: true, data: { username: username.value, password: values.password }, errors };
}

export interface RegisterFormValues {
  username: string;
  email: string;
  /** Empty when left blank. */
  phoneNumber: string;
  password: string;
  confirmPassword: string;
}

/** Said of a phone number that is not one (./phone's check, in the words of `registerSchema`). */
export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number (with + and the country code outside the US)';

/**
 * The registration form: `registerSchema`'s fields (trimmed as it trims them) and a matching
 * confirmPassword. The phone number is checked as a phone number only when `isPhoneNumber` (./phone,
 * libphonenumber-js) is given: the sign-in page loads that check when the field is used, so its
 * metadata is not on the page's first load.
 */
export function checkRegisterForm(values: RegisterFormValues, { isPhoneNumber }: { isPhoneNumber?: (value: string) => boolean } = {}): FormCheck<RegisterFormValues> {
  const errors: FieldErrors<keyof RegisterFormValues> = {};
  const username = line('Username', values.username, [
    ...usernameRules,
    (v) => (USERNAME_PATTERN.test(v) ? undefined : 'Username may use letters, numbers, dots, dashes and underscores'),
  ]);
  if (username.error) errors.username = username.error;
  const email = line('Email', values.email, [maxLength(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)]);
  if (email.error) errors.email = email.error;
  else if (!EMAIL_PATTERN.test(email.value)) errors.email = 'Please enter a valid email address';
  const phone = line('Phone number', values.phoneNumber, [
    maxLength(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`),
    (v) => (v === '' || !isPhoneNumber || isPhoneNumber(v) ? undefined : PHONE_INVALID_MESSAGE),
  ]);
  if (phone.error) errors.phoneNumber = phone.error;
  const passwordError = password(values.password);
  if (passwordError) errors.password = passwordError;
  if (values.password !== values.confirmPassword) errors.confirmPassword = "Passwords don't match";
  if (Object.keys(errors).length) return { success: false, errors };
  return {
    success: true,
    data: { username: username.value, email: email.value, phoneNumber: phone.value, password: values.password, confirmPassword: values.confirmPassword },
    errors,
  };
}
