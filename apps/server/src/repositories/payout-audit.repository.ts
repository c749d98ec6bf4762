import type { Kysely } from 'kysely';
import type { Database, PayoutAuditEventRow } from '../db/types';
import { nowIso } from '../db/index';

export interface NewPayoutAuditEvent {
  actorId: number | null;
  subjectUserId: number | null;
  action: string;
  entity: 'payment_method' | 'ledger_entry' | 'payment_data_key';
  entityId: number | null;
  /** Never more than the last 4 digits of any number. */
  detail: Record<string, unknown>;
}

/** The payouts audit trail: who changed what, and when. Written in the same transaction as the change. */
export function createPayoutAuditRepository(db: Kysely<Database>) {
  return {
    async record(event: NewPayoutAuditEvent) {
      await db
        .insertInto('payout_audit_events')
        .values({
          actor_id: event.actorId,
          subject_user_id: event.subjectUserId,
          action: event.action,
          entity: event.entity,
          entity_id: event.entityId,
          detail: JSON.stringify(event.detail),
          created_at: nowIso(),
        })
        .execute();
    },

    listForSubject(userId: number, limit = 200): Promise<PayoutAuditEventRow[]> {
      return db
        .selectFrom('payout_audit_events')
        .selectAll()
        .where('subject_user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type PayoutAuditRepository = ReturnType<typeof createPayoutAuditRepository>;
