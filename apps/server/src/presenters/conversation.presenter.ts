import { messageFinishReasonSchema, type ChatMessage, type Conversation, type ConversationCategory } from '@members-only/shared';
import type { ConversationRow, MessageRow } from '../db/types';
import { toIso } from '../db/index';

export function presentConversation(row: ConversationRow): Conversation {
  const category = row.category as ConversationCategory;
  return {
    id: row.id,
    title: row.title,
    category,
    type: category,
    userId: row.user_id,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role as ChatMessage['role'],
    content: row.content,
    engine: row.engine,
    status: row.status === 'stopped' ? 'stopped' : 'complete',
    // Null (a user message, a stopped reply, or one stored before this was recorded) or a known reason.
    finishReason: messageFinishReasonSchema.safeParse(row.finish_reason).data ?? null,
    createdAt: toIso(row.created_at),
  };
}
