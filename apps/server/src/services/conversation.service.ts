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

    list(userId: number, query: { limit: number; offset: number; q?: string }) {
      return conversations.listForUser(userId, { limit: query.limit, offset: query.offset, search: query.q || undefined });
    },

    async rename(userId: number, id: number, title: string) {
      await getOwned(userId, id);
      return conversations.rename(id, title);
    },

    async remove(userId: number, id: number) {
      await getOwned(userId, id);
      await conversations.delete(id);
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
