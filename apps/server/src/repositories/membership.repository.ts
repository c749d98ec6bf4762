import type { Kysely } from 'kysely';
import type { Database, MembershipRow } from '../db/types';
import { dialectOf, flag, isUniqueViolation, lockKeys, nowIso } from '../db/index';
import { LIVE_MEMBERSHIP } from '../domain/membership';

/**
 * `pending`: a checkout is open and holds a seat; `processing`: it completed and its payment has
 * not settled (still holds the seat, grants nothing); `payment_failed`: that payment failed.
 */
export type MembershipState = 'pending' | 'processing' | 'active' | 'past_due' | 'canceling' | 'expired' | 'payment_failed';

export interface MembershipChange {
  status: Exclude<MembershipState, 'pending'>;
  periodEnd: string | null;
  /** Nothing changes the row again (a canceled subscription, a failed first payment). */
  final?: boolean;
  customerId?: string | null;
  subscriptionId?: string | null;
  emailKey?: string | null;
  /** Provider time (seconds) of the state: the event's, or when the subscription was read. */
  stateAt: number;
}

/**
 * Where each state sits in a subscription's life. Two states from the same second are ordered by
 * it: the later one in the life wins, whatever order they arrived in.
 */
const LIFE_ORDER: Record<string, number> = { pending: 0, processing: 1, active: 2, past_due: 3, canceling: 4, expired: 5, payment_failed: 5 };

const timeOf = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());

/** Whether `change` comes after the row's current state in Stripe's order (ADR 029). */
export function comesAfter(change: Pick<MembershipChange, 'stateAt' | 'status' | 'periodEnd'>, row: Pick<MembershipRow, 'state_at' | 'status' | 'period_end'>): boolean {
  if (row.state_at === null) return true;
  const at = Number(row.state_at);
  if (change.stateAt !== at) return change.stateAt > at;
  const [mine, theirs] = [LIFE_ORDER[change.status] ?? 0, LIFE_ORDER[row.status] ?? 0];
  if (mine !== theirs) return mine > theirs;
  // The same state in the same second: a renewal moves the period end on.
  return timeOf(change.periodEnd) > timeOf(row.period_end);
}

export function createMembershipRepository(db: Kysely<Database>) {
  /** The user's own columns follow their membership row, so the plan (policies/planOf) changes at once. */
  async function syncUser(row: MembershipRow) {
    if (row.user_id === null || row.status === 'pending') return;
    await db
      .updateTable('users')
      .set({ membership_status: row.status, membership_period_end: row.period_end === null ? null : toText(row.period_end), updated_at: nowIso() })
      .where('id', '=', row.user_id)
      .execute();
  }

  return {
    /** Within a transaction: checkouts take seats one at a time (a no-op on SQLite, where writers already do). */
    lockSeats: () => lockKeys(db, ['membership:seats']),

    /** Live memberships plus checkouts still holding a seat. */
    async seatsTaken(now = nowIso()): Promise<number> {
      const row = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) =>
          eb.or([eb('status', 'in', [...LIVE_MEMBERSHIP, 'processing']), eb.and([eb('status', '=', 'pending'), eb('hold_until', '>', now)])]),
        )
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    insertPending(input: { userId: number | null; emailKey: string | null; holdUntil: string }): Promise<MembershipRow> {
      const now = nowIso();
      return db
        .insertInto('memberships')
        .values({ user_id: input.userId, email_key: input.emailKey, status: 'pending', hold_until: input.holdUntil, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The checkout the hold belongs to, and how long it holds the seat (until the checkout expires). */
    async setCheckoutSession(id: number, checkoutSessionId: string, holdUntil: string): Promise<void> {
      await db
        .updateTable('memberships')
        .set({ checkout_session_id: checkoutSessionId, hold_until: holdUntil, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** A checkout that never completed gives its seat back. */
    async deletePending(id: number): Promise<void> {
      await db.deleteFrom('memberships').where('id', '=', id).where('status', '=', 'pending').execute();
    },

    findById(id: number): Promise<MembershipRow | undefined> {
      return db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findBySubscription(subscriptionId: string): Promise<MembershipRow | undefined> {
      return db.selectFrom('memberships').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
    },

    findByCheckoutSession(checkoutSessionId: string): Promise<MembershipRow | undefined> {
      return db.selectFrom('memberships').selectAll().where('checkout_session_id', '=', checkoutSessionId).executeTakeFirst();
    },

    /** The user's newest membership that is not a pending checkout. */
    latestForUser(userId: number): Promise<MembershipRow | undefined> {
      return db
        .selectFrom('memberships')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '!=', 'pending')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Applies a state from the provider when it comes after the row's own in Stripe's order
     * (comesAfter; events arrive in any order) and the row is not final, and links the user the
     * checkout belongs to when there is one. Within a transaction; the row is read under the
     * transaction's lock (SQLite writers take turns; PostgreSQL locks the row).
     */
    async applyState(id: number, change: MembershipChange, link?: { userId: number | null }): Promise<MembershipRow | undefined> {
      let query = db.selectFrom('memberships').selectAll().where('id', '=', id);
      if (dialectOf(db) === 'postgres') query = query.forUpdate();
      const current = await query.executeTakeFirst();
      if (!current) return undefined;
      if (current.final) return current;
      if (!comesAfter(change, current)) return current;
      const set: Record<string, unknown> = {
        status: change.status,
        period_end: change.periodEnd,
        hold_until: null,
        state_at: change.stateAt,
        final: flag(Boolean(change.final)),
        updated_at: nowIso(),
      };
      if (change.customerId) set.customer_id = change.customerId;
      if (change.subscriptionId) set.subscription_id = change.subscriptionId;
      if (change.emailKey) set.email_key = change.emailKey;
      if (link?.userId && current.user_id === null) set.user_id = link.userId;
      const row = await db.updateTable('memberships').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await syncUser(row);
      return row;
    },

    /**
     * Memberships paid by a visitor with this e-mail and not yet linked: they become the user's.
     * Returns how many attached.
     */
    async attachByEmail(userId: number, emailKey: string): Promise<number> {
      const rows = await db
        .updateTable('memberships')
        .set({ user_id: userId, updated_at: nowIso() })
        .where('user_id', 'is', null)
        .where('email_key', '=', emailKey)
        .where('status', '!=', 'pending')
        .returningAll()
        .execute();
      const newest = rows.sort((a, b) => b.id - a.id)[0];
      if (newest) await syncUser(newest);
      return rows.length;
    },

    /** Whether a provider event id was already handled (checked before any call to the provider). */
    async eventSeen(id: string): Promise<boolean> {
      return Boolean(await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst());
    },

    /**
     * Records a provider event id. False when it was already recorded: the event was handled.
     * Inside a transaction the unique violation would abort it on PostgreSQL, so it checks first
     * and lets the primary key catch a simultaneous delivery.
     */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const seen = await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst();
      if (seen) return false;
      try {
        await db.insertInto('payment_events').values({ id, type, created_at: nowIso() }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Unpaid checkouts whose hold ran out before `before` (housekeeping). */
    async pruneHolds(before: string): Promise<void> {
      await db.deleteFrom('memberships').where('status', '=', 'pending').where('hold_until', '<', before).execute();
    },
  };
}
export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

function toText(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}
