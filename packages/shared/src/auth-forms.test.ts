import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema, passwordSchema, usernameSchema } from './auth';
import { registerSchema } from './register';
import { checkLoginForm, checkRegisterForm, EMAIL_PATTERN, type FieldErrors } from './auth-forms';
import { LIMITS } from './constants';
import { isPhoneNumber, PHONE_INVALID_MESSAGE } from './phone';
import { line } from './text';

/**
 * The plain form checks against the zod schemas the server uses: the same verdict, the same
 * values, and for every field the message of zod's first issue on that field.
 */

/** The registration form as zod would check it: registerSchema's fields and a matching confirmPassword. */
const registerFormReference = z
  .object({
    username: usernameSchema,
    email: line('Email').max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`).pipe(z.email('Please enter a valid email address')),
    phoneNumber: line('Phone number')
      .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`)
      .refine((v) => v === '' || isPhoneNumber(v), PHONE_INVALID_MESSAGE),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** loginSchema with the form's own words for a too long username (the server's is zod's default). */
const loginFormReference = loginSchema.extend({
  username: line('Username')
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`),
});

function firstMessages(error: z.ZodError | undefined): FieldErrors<string> {
  const out: FieldErrors<string> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

/** Strings near the limits, with spaces, control characters, lone surrogates and non-Latin letters. */
const piece = fc.oneof(
  fc.constantFrom(' ', '\t', '\n', '\u0000', '\u007F', '\uD800', '\uDC00', '🎤', 'é', 'ß', '名', '.', '-', '_', '@', '+', "'", 'a', 'Z', '9', 'example.com', 'x@y.io'),
  fc.string({ maxLength: 8 }),
);
const field = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
  fc.integer({ min: 0, max: 300 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom('', '  ', 'ab', 'abc', ' abc ', 'artist_1', 'a'.repeat(LIMITS.usernameMax), 'a'.repeat(LIMITS.usernameMax + 1), 'me@example.com', ' me@example.com ', 'me@example', 'me..x@example.com', '+1 212 555 0100', '(212) 555-7700', '+44 7911 123456', '555 0100'),
);

describe('checkLoginForm', () => {
  it('agrees with loginSchema', () => {
    fc.assert(
      fc.property(field, field, (username, password) => {
        const expected = loginFormReference.safeParse({ username, password });
        const actual = checkLoginForm({ username, password });
        expect(actual.success).toBe(expected.success);
        expect(actual.errors).toEqual(firstMessages(expected.error));
        if (expected.success) expect(actual.data).toEqual(expected.data);
        // Whatever the form lets through, the server's own schema accepts.
        if (actual.success) expect(loginSchema.safeParse(actual.data).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkRegisterForm', () => {
  it('agrees with registerSchema and a matching confirmPassword', () => {
    const confirm = fc.oneof(fc.constant(null), field);
    fc.assert(
      fc.property(field, field, field, field, confirm, (username, email, phoneNumber, password, confirmPassword) => {
        const values = { username, email, phoneNumber, password, confirmPassword: confirmPassword ?? password };
        const expected = registerFormReference.safeParse(values);
        const actual = checkRegisterForm(values, { isPhoneNumber });
        expect(actual.success).toBe(expected.success);
        expect(actual.errors).toEqual(firstMessages(expected.error));
        if (expected.success) expect(actual.data).toEqual(expected.data);
        if (actual.success) {
          const { confirmPassword: _confirm, ...sent } = actual.data;
          expect(registerSchema.safeParse(sent).success).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names each problem in the words the server uses', () => {
    const result = checkRegisterForm({ username: 'a b', email: 'me@', phoneNumber: '1\n2', password: '12345', confirmPassword: '1234' });
    expect(result.errors).toEqual({
      username: 'Username may use letters, numbers, dots, dashes and underscores',
      email: 'Please enter a valid email address',
      phoneNumber: 'Phone number cannot contain line breaks, tabs or control characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it('refuses a phone number that is not one, and keeps one that is', () => {
    const base = { username: 'artist_1', email: 'me@example.com', password: 'secret-pass', confirmPassword: 'secret-pass' };
    for (const phoneNumber of ['abc', '12', '+1 555 0100 999 999', 'call me']) {
      expect(checkRegisterForm({ ...base, phoneNumber }, { isPhoneNumber }).errors.phoneNumber).toBe(PHONE_INVALID_MESSAGE);
      // Without the check (the page's first pass, before it has loaded), only the length is checked.
      expect(checkRegisterForm({ ...base, phoneNumber }).errors.phoneNumber).toBeUndefined();
      expect(registerSchema.safeParse({ ...base, phoneNumber }).success).toBe(false);
    }
    for (const phoneNumber of ['+1 212 555 0100', '(212) 555-7700', '+44 7911 123456', '']) {
      expect(checkRegisterForm({ ...base, phoneNumber }, { isPhoneNumber }).success).toBe(true);
      expect(registerSchema.safeParse({ ...base, phoneNumber }).success).toBe(true);
    }
  });

  it('uses zod’s own e-mail pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });
});
