import type { Kysely } from 'kysely';
import type { MessageFinishReason } from '@members-only/shared';
import type { Database, MessageRow } from '../db/types';
import { nowIso } from '../db/index';

export function createMessageRepository(db: Kysely<Database>) {
  return {
    /**
     * The conversation's messages, oldest first: all of them, or the latest `limit` (when given)
     * whose id is below `before` (when given), and whether the conversation has earlier ones than
     * those answered. One query on the index messages(conversation_id, id); a row past the page
     * tells whether there are earlier ones, never a count. Callers have already checked the
     * conversation belongs to the user.
     */
    async listForConversation(conversationId: number, { limit, before }: { limit?: number; before?: number } = {}): Promise<{ rows: MessageRow[]; hasEarlier: boolean }> {
      let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
      if (before !== undefined) query = query.where('id', '<', before);
      if (limit === undefined) return { rows: await query.orderBy('id', 'asc').execute(), hasEarlier: false };
      const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
      return { rows: rows.slice(0, limit).reverse(), hasEarlier: rows.length > limit };
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
