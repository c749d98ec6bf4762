import { defaultConversationTitle, type ConversationCategory } from '@members-only/shared';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { MessageRepository } from '../repositories/message.repository';
import { authorize, type Actor } from '../policies/index';

/** Conversations and their messages, listed, created, renamed and deleted by their owner only (policies decide). */
export function createConversationService(deps: { conversations: ConversationRepository; messages: MessageRepository }) {
  const { conversations, messages } = deps;

  const get = async (actor: Actor, id: number, action: 'read' | 'write' = 'read') =>
    authorize(actor, action, 'conversation', await conversations.findById(id));

  return {
    get,

    list(actor: Actor, query: { limit: number; offset: number; q?: string }) {
      return conversations.listForUser(actor.id, { limit: query.limit, offset: query.offset, search: query.q || undefined });
    },

    /** The actor's page of `list` as the JSON text the route sends, or undefined when the route must present the rows itself. */
    listJson(actor: Actor, query: { limit: number; offset: number; q?: string }) {
      return conversations.listForUserJson(actor.id, { limit: query.limit, offset: query.offset, search: query.q || undefined });
    },

    async rename(actor: Actor, id: number, title: string) {
      authorize(actor, 'update', 'conversation', await conversations.findById(id));
      return conversations.rename(id, title);
    },

    async remove(actor: Actor, id: number) {
      authorize(actor, 'delete', 'conversation', await conversations.findById(id));
      await conversations.delete(id);
    },

    create(actor: Actor, input: { title?: string; category: ConversationCategory }) {
      return conversations.insert({
        userId: actor.id,
        title: input.title ?? defaultConversationTitle(input.category),
        category: input.category,
      });
    },

    /** Its messages, oldest first: all, or a page of them (see MessageRepository.listForConversation). */
    async listMessages(actor: Actor, conversationId: number, page: { limit?: number; before?: number } = {}) {
      await get(actor, conversationId);
      return messages.listForConversation(conversationId, page);
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
