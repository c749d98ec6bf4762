import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
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

    /** The session's user, when the session exists and has not expired: one query per signed-in request. */
    findLiveUser(id: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', nowIso())
        .executeTakeFirst();
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
