import type { Kysely } from 'kysely';
import type { ConversationRow, Database } from '../db/types';
import { nowIso } from '../db/index';

export function createConversationRepository(db: Kysely<Database>) {
  return {
    /** Only the owner's row: another user's conversation is indistinguishable from a missing one. */
    findOwned(id: number, userId: number): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    listForUser(userId: number, { limit, offset }: { limit: number; offset: number }): Promise<ConversationRow[]> {
      return db
        .selectFrom('conversations')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    insert(values: { userId: number; title: string; category: string }): Promise<ConversationRow> {
      const now = nowIso();
      return db
        .insertInto('conversations')
        .values({ user_id: values.userId, title: values.title, category: values.category, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async touch(id: number) {
      await db.updateTable('conversations').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
