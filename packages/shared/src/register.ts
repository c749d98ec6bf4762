import { z } from 'zod';
import { passwordSchema, usernameSchema } from './auth';
import { LIMITS } from './constants';
import { isPhoneNumber, PHONE_INVALID_MESSAGE } from './phone';
import { line } from './text';

/*
 * Apart from ./auth, whose userSchema every signed-in page loads: the phone check's metadata
 * (libphonenumber-js) comes only with registration.
 */

/** What the server accepts for registration. confirmPassword never leaves the client. */
export const registerSchema = z.object({
  username: usernameSchema,
  email: line('Email').max(LIMITS.emailMax).pipe(z.email('Please enter a valid email address')),
  phoneNumber: line('Phone number')
    .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`)
    .refine((v) => v === '' || isPhoneNumber(v), PHONE_INVALID_MESSAGE)
    .optional()
    .transform((v) => (v ? v : undefined)),
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;
