import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { nowIso, toIso } from '../db/index';

export function createSessionRepository(db: Kysely<Database>) {
  /** The session's user and expiry, when the session exists and has not expired: one query. */
  async function findLive(id: string): Promise<{ user: UserRow; expiresAt: string } | undefined> {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.id', '=', id)
      .where('sessions.expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_expires_at, ...user } = row;
    return { user, expiresAt: toIso(session_expires_at) };
  }

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

    findLive,

    /** The session's user, when the session exists and has not expired. */
    async findLiveUser(id: string): Promise<UserRow | undefined> {
      return (await findLive(id))?.user;
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
