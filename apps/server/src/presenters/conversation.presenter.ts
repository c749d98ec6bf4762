import type { ChatMessage, Conversation, ConversationCategory } from '@members-only/shared';
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
    createdAt: toIso(row.created_at),
  };
}
