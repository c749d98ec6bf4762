import { defaultConversationTitle, type ConversationCategory } from '@members-only/shared';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { MessageRepository } from '../repositories/message.repository';
import { requireOwned } from './access';

export function createConversationService(deps: { conversations: ConversationRepository; messages: MessageRepository }) {
  const { conversations, messages } = deps;

  const getOwned = async (userId: number, id: number) =>
    requireOwned(await conversations.findOwned(id, userId), 'Conversation');

  return {
    getOwned,

    list(userId: number, page: { limit: number; offset: number }) {
      return conversations.listForUser(userId, page);
    },

    create(userId: number, input: { title?: string; category: ConversationCategory }) {
      return conversations.insert({
        userId,
        title: input.title ?? defaultConversationTitle(input.category),
        category: input.category,
      });
    },

    async listMessages(userId: number, conversationId: number) {
      await getOwned(userId, conversationId);
      return messages.listForConversation(conversationId);
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
