import type { Conversation, ConversationCategory, Message } from '@members-only/shared';
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

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role as Message['role'],
    content: row.content,
    createdAt: toIso(row.created_at),
  };
}
