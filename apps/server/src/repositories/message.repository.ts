import type { Kysely } from 'kysely';
import type { MessageFinishReason } from '@members-only/shared';
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

    /** The last `limit` messages, oldest first: the context sent to a model. */
    async recent(conversationId: number, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    async countByRole(conversationId: number, role: 'user' | 'assistant'): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversation_id', '=', conversationId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    insert(values: {
      conversationId: number;
      role: 'user' | 'assistant';
      content: string;
      engine?: string | null;
      status?: 'complete' | 'stopped';
      /** Why the model ended an assistant reply; null for user messages and stopped replies. */
      finishReason?: MessageFinishReason | null;
    }): Promise<MessageRow> {
      return db
        .insertInto('messages')
        .values({
          conversation_id: values.conversationId,
          role: values.role,
          content: values.content,
          engine: values.engine ?? null,
          status: values.status ?? 'complete',
          finish_reason: values.finishReason ?? null,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('messages').where('id', '=', id).execute();
    },
  };
}
export type MessageRepository = ReturnType<typeof createMessageRepository>;
