import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { inTransaction, lockKeys, nowIso } from '../db/index';

export function createLoginFailureRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts this sign-in attempt as a failure in advance, unless the username or the address has
     * already reached its limit within the window: check and record are one atomic step, so a
     * burst of parallel attempts cannot slip past the limit while passwords are being verified.
     * A successful sign-in clears the username's failures afterwards.
     */
    async reserve(
      usernameKey: string,
      ip: string,
      since: Date,
      limits: { perUsername: number; perIp: number },
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await lockKeys(trx, [`login:user:${usernameKey}`, `login:ip:${ip}`]);
        const sinceIso = since.toISOString();
        const result = await sql`
          insert into login_failures (username_key, ip, created_at)
          select ${usernameKey}, ${ip}, ${nowIso()}
          where (select count(*) from login_failures where username_key = ${usernameKey} and created_at > ${sinceIso}) < ${limits.perUsername}
            and (select count(*) from login_failures where ip = ${ip} and created_at > ${sinceIso}) < ${limits.perIp}
        `.execute(trx);
        return Number(result.numAffectedRows ?? 0) > 0;
      });
    },

    /** Failures since `since`, counted for the username and for the address separately. */
    async countSince(usernameKey: string, ip: string, since: Date) {
      const sinceIso = since.toISOString();
      const [byUser, byIp] = await Promise.all([
        db
          .selectFrom('login_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('username_key', '=', usernameKey)
          .where('created_at', '>', sinceIso)
          .executeTakeFirst(),
        db
          .selectFrom('login_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('ip', '=', ip)
          .where('created_at', '>', sinceIso)
          .executeTakeFirst(),
      ]);
      return {
        username: { count: Number(byUser?.n ?? 0), oldest: byUser?.oldest ?? null },
        ip: { count: Number(byIp?.n ?? 0), oldest: byIp?.oldest ?? null },
      };
    },

    async clearForUsername(usernameKey: string) {
      await db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
    },

    async deleteOlderThan(before: Date) {
      await db.deleteFrom('login_failures').where('created_at', '<=', before.toISOString()).execute();
    },
  };
}
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
