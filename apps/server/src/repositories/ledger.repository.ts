import type { Kysely } from 'kysely';
import type { Database, LedgerEntryRow } from '../db/types';
import { lockKeys, nowIso } from '../db/index';

export type NewLedgerEntry = Omit<LedgerEntryRow, 'id' | 'created_at' | 'updated_at' | 'amount_minor' | 'paid_at' | 'reverses_id' | 'reason'> & {
  amount_minor: number;
  paid_at: string | null;
  reverses_id?: number | null;
  reason?: string | null;
};
/** A ledger row with its amount as a number (PostgreSQL answers bigint as text). */
export type LedgerEntryRecord = Omit<LedgerEntryRow, 'amount_minor'> & { amount_minor: number };

const record = (row: LedgerEntryRow): LedgerEntryRecord => ({ ...row, amount_minor: Number(row.amount_minor) });

/**
 * The earnings ledger: the only source of any balance the product shows (amendment A1). Rows are
 * appended, never edited or deleted (ADR 030); the one change a row takes is a pending payout
 * becoming paid, once, and never after it was reversed. A correction is a new row (`reverses_id`).
 */
export function createLedgerRepository(db: Kysely<Database>) {
  return {
    /**
     * Holds back other writers of this artist's ledger until the transaction ends, so a balance
     * read and the payout written against it cannot interleave with another payout (PostgreSQL;
     * SQLite's single connection already runs one transaction at a time).
     */
    lockArtist: (userId: number) => lockKeys(db, [`ledger:user:${userId}`]),

    async findById(id: number): Promise<LedgerEntryRecord | undefined> {
      const row = await db.selectFrom('ledger_entries').selectAll().where('id', '=', id).executeTakeFirst();
      return row && record(row);
    },

    /** Newest first. */
    async listForUser(userId: number): Promise<LedgerEntryRecord[]> {
      const rows = await db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(record);
    },

    /** The reversal of an entry, if it has one (at most one: a unique index). */
    async reversalOf(id: number): Promise<LedgerEntryRecord | undefined> {
      const row = await db.selectFrom('ledger_entries').selectAll().where('reverses_id', '=', id).executeTakeFirst();
      return row && record(row);
    },

    async insert(values: NewLedgerEntry): Promise<LedgerEntryRecord> {
      const now = nowIso();
      return record(await db.insertInto('ledger_entries').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow());
    },

    /** Marks a pending payout paid; false when it was not pending (already paid, not a payout, a reversal, or reversed). */
    async markPaid(id: number, paidAt: string): Promise<boolean> {
      const result = await db
        .updateTable('ledger_entries')
        .set({ status: 'paid', paid_at: paidAt, updated_at: paidAt })
        .where('id', '=', id)
        .where('kind', '=', 'payout')
        .where('status', '=', 'pending')
        .where('reverses_id', 'is', null)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ledger_entries as r').select('r.id').whereRef('r.reverses_id', '=', 'ledger_entries.id'))))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
