import { defaultConversationTitle, withoutFormatCharacters, type ToolType } from '@members-only/shared';
import type { ConversationRow, MessageRow } from '../db/types';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { MessageRepository } from '../repositories/message.repository';
import type { TextFinish, TextProvider } from '../providers/text/types';
import { incompleteReplyError } from '../providers/text/finish';
import { badRequest } from '../errors';
import { authorize, type Actor } from '../policies/index';

/** How many earlier messages a model sees. */
const CONTEXT_MESSAGES = 24;
const TITLE_MAX = 60;

/** A title from the first message: its first line without invisible format characters (ADR 032), cut at a word boundary. */
export function titleFromMessage(content: string): string {
  const line = withoutFormatCharacters(content).trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
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

/** A chat turn that passed every check and has not started: `run` stores and replies. */
export interface ChatTurn {
  /** The engine that will answer. */
  engine: string;
  run(signal?: AbortSignal, events?: ReplyEvents): Promise<MessageRow[]>;
}

/** Chat replies: stores the artist's message, streams the model's (or the built-in guide's) answer and keeps it with how it ended, and regenerates the last reply. */
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
   * 'stopped'); a failed one (an empty reply included) stores nothing, so the user's message
   * stays last and Retry works. A reply the model cut short or refused is kept with its
   * finish reason ('length', 'content_filter', 'refusal'), never as a complete answer.
   */
  async function reply(
    conversation: ConversationRow,
    signal: AbortSignal | undefined,
    events: ReplyEvents,
    replacing?: MessageRow,
  ) {
    const task = taskOf(conversation);
    let content = '';
    let finish: TextFinish | undefined;
    try {
      const pieces = text.stream({ task, turns: await turnsFor(conversation.id, replacing?.id), signal });
      for (let next = await pieces.next(); ; next = await pieces.next()) {
        if (next.done) {
          finish = next.value;
          break;
        }
        content += next.value;
        events.onDelta?.(next.value);
      }
    } catch (error) {
      if (!signal?.aborted) throw error;
    }
    // Without a finish the artist stopped it part-way: what arrived is kept, if anything did.
    if (!finish && !content.trim()) return undefined;
    // The reply being regenerated goes only once its replacement exists; a failure keeps it.
    if (replacing) await messages.delete(replacing.id);
    const message = await messages.insert({
      conversationId: conversation.id,
      role: 'assistant',
      content: finish ? finish.text : content,
      engine: text.engineFor(task),
      status: finish ? 'complete' : 'stopped',
      finishReason: finish?.finishReason ?? null,
    });
    await conversations.touch(conversation.id);
    return message;
  }

  /** The caller's conversation to write in: 404 for anyone else's (policies/). */
  const writable = async (actor: Actor, conversationId: number) => authorize(actor, 'write', 'conversation', await conversations.findById(conversationId));

  /** A new message and its reply, once the caller may write there. */
  async function startSend(actor: Actor, conversationId: number, content: string): Promise<ChatTurn> {
    const conversation = await writable(actor, conversationId);
    return {
      engine: text.engineFor(taskOf(conversation)),
      async run(signal, events = {}) {
        const userMessage = await storeUserMessage(conversation, content);
        events.onUserMessage?.(userMessage);
        const assistant = await reply(conversation, signal, events);
        return assistant ? [userMessage, assistant] : [userMessage];
      },
    };
  }

  return {
    isModel: text.isModel,
    engineForTask: (task: ToolType) => text.engineFor(task),

    /**
     * Everything that can refuse a new message (the conversation is the caller's, to write in),
     * checked before anything is stored; the turn then stores the message and streams the reply.
     * A streamed route starts its stream only once this answered, so refusals are plain JSON.
     */
    startSend,

    /** Stores the user's message, then the reply; answers both (spec §7: an array of messages). */
    async send(actor: Actor, conversationId: number, content: string, signal?: AbortSignal) {
      return (await startSend(actor, conversationId, content)).run(signal);
    },

    /**
     * Replaces the last reply, or answers an unanswered last message (Retry), in the caller's own
     * conversation; 400 when it has no message yet. The old reply stays until the new one has
     * arrived, so a failed or empty-stopped attempt loses nothing.
     */
    async startRegenerate(actor: Actor, conversationId: number): Promise<ChatTurn> {
      const conversation = await writable(actor, conversationId);
      const [last] = await messages.recent(conversation.id, 1);
      if (!last) throw badRequest('There is nothing to answer yet.');
      return {
        engine: text.engineFor(taskOf(conversation)),
        async run(signal, events = {}) {
          const assistant = await reply(conversation, signal, events, last.role === 'assistant' ? last : undefined);
          return assistant ? [assistant] : [];
        },
      };
    },

    /**
     * One-off generation for the tools (POST /api/ai/text). Its answer has no room to mark a
     * partial reply, so a cut-off, filtered or refused one is an error instead.
     */
    async generateText(prompt: string, task: ToolType, signal?: AbortSignal) {
      const trimmed = prompt.trim();
      if (!trimmed) throw badRequest('Prompt cannot be empty', { prompt: ['Prompt cannot be empty'] });
      const result = await text.generate({ task, turns: [{ role: 'user', content: trimmed }], signal });
      const incomplete = incompleteReplyError(result);
      if (incomplete) throw incomplete;
      return result;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
