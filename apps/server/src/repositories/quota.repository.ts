import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** Daily counters per user and quota; see services/quota.service.ts for the rules. */
export function createQuotaRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one use unless the counter has reached `limit`, in one statement: the upsert's
     * condition is evaluated on the row it locks, so two parallel requests cannot both take the
     * last unit (PostgreSQL re-checks it after waiting; SQLite runs writes one at a time).
     * Returns the new count, or undefined when the limit is reached.
     */
    async consume(userId: number, kind: string, day: string, limit: number): Promise<number | undefined> {
      if (limit <= 0) return undefined;
      const row = await db
        .insertInto('quota_usage')
        .values({ user_id: userId, kind, day, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind', 'day'])
            .doUpdateSet({ used: sql<number>`quota_usage.used + 1` })
            .where('quota_usage.used', '<', limit),
        )
        .returning('used')
        .executeTakeFirst();
      return row ? Number(row.used) : undefined;
    },

    /** Gives one use back (the generation failed before producing anything); an emptied counter goes. */
    async refund(userId: number, kind: string, day: string): Promise<void> {
      const counter = db.updateTable('quota_usage').where('user_id', '=', userId).where('kind', '=', kind).where('day', '=', day);
      await counter.set({ used: sql<number>`used - 1` }).where('used', '>', 0).execute();
      await db.deleteFrom('quota_usage').where('user_id', '=', userId).where('kind', '=', kind).where('day', '=', day).where('used', '<=', 0).execute();
    },

    async usedOn(userId: number, day: string): Promise<Record<string, number>> {
      const rows = await db.selectFrom('quota_usage').select(['kind', 'used']).where('user_id', '=', userId).where('day', '=', day).execute();
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.used)]));
    },

    async deleteBefore(day: string): Promise<void> {
      await db.deleteFrom('quota_usage').where('day', '<', day).execute();
    },
  };
}
export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
