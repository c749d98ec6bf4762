import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { inTransaction, lockKeys, nowIso } from '../db/index';

/** Rate limits kept in the database, so every process of an installation shares them. */
export function createThrottleRepository(db: Kysely<Database>) {
  return {
    /**
     * Records one event for `bucket`/`key` unless `limit` events already happened since `since`;
     * check and record are one atomic step. Returns whether the event was allowed, and when the
     * oldest counted event leaves the window otherwise.
     */
    async take(bucket: string, key: string, since: Date, limit: number): Promise<{ allowed: boolean; oldest: string | null }> {
      return inTransaction(db, async (trx) => {
        await lockKeys(trx, [`throttle:${bucket}:${key}`]);
        const sinceIso = since.toISOString();
        const result = await sql`
          insert into throttle_events (bucket, key, created_at)
          select ${bucket}, ${key}, ${nowIso()}
          where (select count(*) from throttle_events where bucket = ${bucket} and key = ${key} and created_at > ${sinceIso}) < ${limit}
        `.execute(trx);
        if (Number(result.numAffectedRows ?? 0) > 0) return { allowed: true, oldest: null };
        const row = await trx
          .selectFrom('throttle_events')
          .select((eb) => eb.fn.min('created_at').as('oldest'))
          .where('bucket', '=', bucket)
          .where('key', '=', key)
          .where('created_at', '>', sinceIso)
          .executeTakeFirst();
        const oldest = row?.oldest ?? null;
        return { allowed: false, oldest: oldest === null ? null : new Date(oldest).toISOString() };
      });
    },

    async deleteOlderThan(before: Date) {
      await db.deleteFrom('throttle_events').where('created_at', '<=', before.toISOString()).execute();
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
