import { defaultConversationTitle, type ToolType } from '@members-only/shared';
import type { ConversationRow, MessageRow } from '../db/types';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { MessageRepository } from '../repositories/message.repository';
import type { TextProvider } from '../providers/text/types';
import { badRequest } from '../errors';

/** How many earlier messages a model sees. */
const CONTEXT_MESSAGES = 24;
const TITLE_MAX = 60;

/** A title from the first message: its first line, cut at a word boundary. */
export function titleFromMessage(content: string): string {
  const line = content.trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Chat conversations use their category as the tool type; studio sessions talk like chat. */
const taskOf = (conversation: ConversationRow): ToolType =>
  conversation.category === 'studio' ? 'chat' : (conversation.category as ToolType);

export interface ReplyEvents {
  onUserMessage?(message: MessageRow): void;
  onDelta?(text: string): void;
}

export function createChatService(deps: {
  conversations: ConversationRepository;
  messages: MessageRepository;
  text: TextProvider;
}) {
  const { conversations, messages, text } = deps;

  async function storeUserMessage(conversation: ConversationRow, content: string) {
    const trimmed = content.trim();
    if (!trimmed) throw badRequest('Message cannot be empty', { content: ['Message cannot be empty'] });
    const isFirst = (await messages.countByRole(conversation.id, 'user')) === 0;
    const message = await messages.insert({ conversationId: conversation.id, role: 'user', content: trimmed });
    if (isFirst && conversation.title === defaultConversationTitle(conversation.category)) {
      await conversations.rename(conversation.id, titleFromMessage(trimmed));
    } else {
      await conversations.touch(conversation.id);
    }
    return message;
  }

  async function turnsFor(conversationId: number, excludeId?: number) {
    const history = await messages.recent(conversationId, CONTEXT_MESSAGES + 1);
    return history
      .filter((m) => m.id !== excludeId)
      .slice(-CONTEXT_MESSAGES)
      .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  }

  /**
   * Streams a reply to the conversation's history. A stopped reply keeps what arrived (status
   * 'stopped'); a failed one stores nothing, so the user's message stays last and Retry works.
   */
  async function reply(
    conversation: ConversationRow,
    signal: AbortSignal | undefined,
    events: ReplyEvents,
    replacing?: MessageRow,
  ) {
    const task = taskOf(conversation);
    let content = '';
    try {
      for await (const piece of text.stream({ task, turns: await turnsFor(conversation.id, replacing?.id), signal })) {
        content += piece;
        events.onDelta?.(piece);
      }
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
    if (signal?.aborted && !content.trim()) return undefined;
    // The reply being regenerated goes only once its replacement exists; a failure keeps it.
    if (replacing) await messages.delete(replacing.id);
    const message = await messages.insert({
      conversationId: conversation.id,
      role: 'assistant',
      content,
      engine: text.engineFor(task),
      status: signal?.aborted ? 'stopped' : 'complete',
    });
    await conversations.touch(conversation.id);
    return message;
  }

  return {
    isModel: text.isModel,
    engineFor: (conversation: ConversationRow) => text.engineFor(taskOf(conversation)),
    engineForTask: (task: ToolType) => text.engineFor(task),

    /** Stores the user's message, then the reply; answers both (spec §7: an array of messages). */
    async send(conversation: ConversationRow, content: string, signal?: AbortSignal, events: ReplyEvents = {}) {
      const userMessage = await storeUserMessage(conversation, content);
      events.onUserMessage?.(userMessage);
      const assistant = await reply(conversation, signal, events);
      return assistant ? [userMessage, assistant] : [userMessage];
    },

    /** Refuses (400) before any streaming starts when the conversation has no message yet. */
    async assertCanRegenerate(conversation: ConversationRow) {
      const [last] = await messages.recent(conversation.id, 1);
      if (!last) throw badRequest('There is nothing to answer yet.');
    },

    /**
     * Replaces the last reply, or answers an unanswered last message (Retry). The old reply stays
     * until the new one has arrived, so a failed or empty-stopped attempt loses nothing.
     */
    async regenerate(conversation: ConversationRow, signal?: AbortSignal, events: ReplyEvents = {}) {
      const [last] = await messages.recent(conversation.id, 1);
      if (!last) throw badRequest('There is nothing to answer yet.');
      const assistant = await reply(conversation, signal, events, last.role === 'assistant' ? last : undefined);
      return assistant ? [assistant] : [];
    },

    /** One-off generation for the tools (POST /api/ai/text). */
    async generateText(prompt: string, task: ToolType, signal?: AbortSignal) {
      const trimmed = prompt.trim();
      if (!trimmed) throw badRequest('Prompt cannot be empty', { prompt: ['Prompt cannot be empty'] });
      return text.generate({ task, turns: [{ role: 'user', content: trimmed }], signal });
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
