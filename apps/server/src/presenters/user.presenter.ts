import { membershipStatusSchema, type User, type MembershipStatus } from '@members-only/shared';
import type { UserRow } from '../db/types';
import { toIso } from '../db/index';
import { planOf } from '../policies/index';

const STATUSES: readonly MembershipStatus[] = membershipStatusSchema.options;

/** The only shape a user leaves the server in: never a password hash. */
export function presentUser(row: UserRow): User {
  const status = (STATUSES as string[]).includes(row.membership_status)
    ? (row.membership_status as MembershipStatus)
    : 'free';
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    isAdmin: Boolean(row.is_admin),
    // Premium follows a paid membership as well as an operator's grant (policies/planOf).
    isPremium: planOf(row) === 'premium',
    membership: { status, currentPeriodEnd: toIso(row.membership_period_end) },
    createdAt: toIso(row.created_at),
  };
}
