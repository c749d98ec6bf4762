import { z } from 'zod';
import { LIMITS } from './constants';
import { line } from './text';

export const usernameSchema = line('Username')
  .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Username may use letters, numbers, dots, dashes and underscores');

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, 'Password must be at least 6 characters')
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const loginSchema = z.object({
  username: line('Username').min(LIMITS.usernameMin, 'Username must be at least 3 characters').max(LIMITS.usernameMax),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** What the server accepts for registration is in ./register (it carries the phone number check). */

/** The browser's own checks of the login and registration forms are in ./auth-forms (zod/mini). */

/**
 * `processing`: a checkout completed and its payment has not settled yet (no Premium until it
 * does); `payment_failed`: that payment failed and the checkout ended (ADR 029).
 */
export const membershipStatusSchema = z.enum(['free', 'processing', 'active', 'past_due', 'canceling', 'expired', 'payment_failed']);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** The signed-in user as the API presents it. Never carries a password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  membership: z.object({
    status: membershipStatusSchema,
    /** ISO date the paid period ends (renews or expires), when there is one. */
    currentPeriodEnd: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
