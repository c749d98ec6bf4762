import type { Kysely } from 'kysely';
import type { AuditEventRow, Database } from '../db/types';
import { nowIso } from '../db/index';

export interface NewAuditEvent {
  actorId: number | null;
  actor: string;
  action: string;
  subject: string;
  rowCount?: number | null;
  /** Ledger events: the amount in minor units, its currency, and what the entry was. */
  amountMinor?: number | null;
  currency?: string | null;
  detail?: string | null;
}

/** The audit log (amendment B6): appended to, read newest first, never edited. */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async record(event: NewAuditEvent): Promise<void> {
      await db
        .insertInto('audit_events')
        .values({
          actor_id: event.actorId,
          actor: event.actor,
          action: event.action,
          subject: event.subject,
          row_count: event.rowCount ?? null,
          amount_minor: event.amountMinor ?? null,
          currency: event.currency ?? null,
          detail: event.detail ?? null,
          created_at: nowIso(),
        })
        .execute();
    },

    async list({ limit, offset }: { limit: number; offset: number }): Promise<{ rows: AuditEventRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.selectFrom('audit_events').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
