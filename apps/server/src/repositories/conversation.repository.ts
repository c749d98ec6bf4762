import { sql, type Kysely } from 'kysely';
import type { ConversationRow, Database } from '../db/types';
import { nowIso } from '../db/index';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createConversationRepository(db: Kysely<Database>) {
  return {
    /** Any user's row: services pass it through `authorize` before acting on it. */
    findById(id: number): Promise<ConversationRow | undefined> {
      return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Newest first; with `search`, only those whose title or any message contains it (case-insensitive). */
    listForUser(
      userId: number,
      { limit, offset, search }: { limit: number; offset: number; search?: string },
    ): Promise<ConversationRow[]> {
      let query = db.selectFrom('conversations').selectAll('conversations').where('conversations.user_id', '=', userId);
      if (search) {
        const pattern = likePattern(search);
        // SQLite has no default LIKE escape character, so name one; PostgreSQL accepts the same clause.
        const matches = (column: 'conversations.title' | 'messages.content') =>
          sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        query = query.where((eb) =>
          eb.or([
            matches('conversations.title'),
            eb.exists(
              eb
                .selectFrom('messages')
                .select('messages.id')
                .whereRef('messages.conversation_id', '=', 'conversations.id')
                .where(matches('messages.content')),
            ),
          ]),
        );
      }
      return query
        .orderBy('conversations.updated_at', 'desc')
        .orderBy('conversations.id', 'desc')
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

    async rename(id: number, title: string): Promise<ConversationRow> {
      return db
        .updateTable('conversations')
        .set({ title, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('messages').where('conversation_id', '=', id).execute();
      await db.deleteFrom('conversations').where('id', '=', id).execute();
    },

    async touch(id: number) {
      await db.updateTable('conversations').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
