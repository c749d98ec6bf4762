import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/index';

export function createLoginFailureRepository(db: Kysely<Database>) {
  return {
    async record(usernameKey: string, ip: string) {
      await db.insertInto('login_failures').values({ username_key: usernameKey, ip, created_at: nowIso() }).execute();
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
