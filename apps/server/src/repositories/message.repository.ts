import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../db/types';
import { nowIso } from '../db/index';

export function createMessageRepository(db: Kysely<Database>) {
  return {
    /** Oldest first; callers have already checked the conversation belongs to the user. */
    listForConversation(conversationId: number): Promise<MessageRow[]> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'asc')
        .execute();
    },

    insert(values: { conversationId: number; role: 'user' | 'assistant'; content: string }): Promise<MessageRow> {
      return db
        .insertInto('messages')
        .values({
          conversation_id: values.conversationId,
          role: values.role,
          content: values.content,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type MessageRepository = ReturnType<typeof createMessageRepository>;
