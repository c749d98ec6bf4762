import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/index';

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: nowIso(),
          expires_at: session.expiresAt.toISOString(),
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .execute();
    },

    /** The session's user id, when the session exists and has not expired. */
    async findLiveUserId(id: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', id)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return row?.user_id;
    },

    async delete(id: string) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteExpired() {
      await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
