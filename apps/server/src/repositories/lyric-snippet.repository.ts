import type { Kysely } from 'kysely';
import type { Database, LyricSnippetRow } from '../db/types';
import { nowIso } from '../db/index';

/** A snippet with its owner: the user of the conversation it belongs to. */
export type OwnedLyricSnippetRow = LyricSnippetRow & { user_id: number };

export function createLyricSnippetRepository(db: Kysely<Database>) {
  const withOwner = () =>
    db
      .selectFrom('lyric_snippets')
      .innerJoin('conversations', 'conversations.id', 'lyric_snippets.conversation_id')
      .selectAll('lyric_snippets')
      .select('conversations.user_id');

  return {
    /** Ordered by position, then id; callers have already checked the conversation is the user's. */
    listForConversation(conversationId: number): Promise<OwnedLyricSnippetRow[]> {
      return withOwner()
        .where('lyric_snippets.conversation_id', '=', conversationId)
        .orderBy('lyric_snippets.position', 'asc')
        .orderBy('lyric_snippets.id', 'asc')
        .execute();
    },

    /** With its owner, so services can pass it through `authorize`. */
    findById(id: number): Promise<OwnedLyricSnippetRow | undefined> {
      return withOwner().where('lyric_snippets.id', '=', id).executeTakeFirst();
    },

    insert(values: { conversationId: number; content: string; position: number }): Promise<LyricSnippetRow> {
      return db
        .insertInto('lyric_snippets')
        .values({
          conversation_id: values.conversationId,
          content: values.content,
          position: values.position,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('lyric_snippets').where('id', '=', id).execute();
    },
  };
}
export type LyricSnippetRepository = ReturnType<typeof createLyricSnippetRepository>;
