import type { ChatMessage } from '@members-only/shared/conversations';
import type { QueryClient } from '@tanstack/react-query';
import { messagesQueryKey } from './query-keys';

/*
 * A conversation's messages as the cache holds them (messagesQueryKey; GET in api/get-messages.ts),
 * and how pages join. Without zod, so the sidebar (which empties a deleted conversation's entry)
 * does not load it.
 */

/**
 * What the cache holds for a conversation (under messagesQueryKey): the messages loaded so far,
 * oldest first, the latest page and any earlier pages the artist asked for, joined without a gap;
 * `hasEarlier` says the conversation has messages before the first of them.
 */
export interface ChatHistory {
  messages: ChatMessage[];
  hasEarlier: boolean;
}

export const EMPTY_HISTORY: ChatHistory = { messages: [], hasEarlier: false };

/**
 * The latest page as it joins what was loaded before: earlier pages the artist opened stay above
 * it when the two overlap (nothing can be missing in between); otherwise the latest page alone.
 */
export function withLatestPage(loaded: ChatHistory | undefined, latest: ChatHistory): ChatHistory {
  const first = latest.messages[0];
  if (!loaded || !first || !latest.hasEarlier) return latest;
  if (!loaded.messages.some((m) => m.id >= first.id)) return latest;
  const earlier = loaded.messages.filter((m) => m.id > 0 && m.id < first.id);
  return earlier.length > 0 ? { messages: [...earlier, ...latest.messages], hasEarlier: loaded.hasEarlier } : latest;
}

/**
 * An earlier page (loaded with `before`) put above what is loaded, or `loaded` unchanged when its
 * first message is no longer `before` (the list was refreshed or emptied meanwhile).
 */
export function withEarlierPage(loaded: ChatHistory | undefined, before: number, page: ChatHistory): ChatHistory | undefined {
  if (!loaded || loaded.messages[0]?.id !== before) return loaded;
  return { messages: [...page.messages, ...loaded.messages], hasEarlier: page.hasEarlier };
}

/** Adds (or replaces, by id) a stored message at the end of a conversation's history. */
export function appendToHistory(queryClient: QueryClient, conversationId: number, message: ChatMessage) {
  queryClient.setQueryData<ChatHistory>(messagesQueryKey(conversationId), (old = EMPTY_HISTORY) => ({
    ...old,
    messages: [...old.messages.filter((m) => m.id !== message.id), message],
  }));
}

