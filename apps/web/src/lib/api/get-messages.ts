import { TIMINGS } from '@members-only/shared/constants';
import { chatMessageSchema, HAS_EARLIER_HEADER } from '@members-only/shared/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { anySignal } from '../abort';
import { apiRequest, readJson } from '../api-client';
import { withLatestPage, type ChatHistory } from '../chat-history';
import { messagesQueryKey } from '../query-keys';

/**
 * GET /api/conversations/:id/messages, used by AI Chat and by the placeholders of tools not built
 * yet (one query, so both read the same cache entry). Lives in lib because two features use it.
 */
export const messagesResponseSchema = z.array(chatMessageSchema);

/** How many messages a conversation opens with, and how many more each "Show earlier messages" loads. */
export const MESSAGES_PAGE_SIZE = 50;

/**
 * The latest `limit` messages of a conversation below message `before` (when given), oldest first,
 * and whether earlier ones exist (the server's X-Has-Earlier). Gives up after 10 s (spec §7);
 * non-arrays are invalid (spec §5).
 */
export async function getMessagesPage(conversationId: number, { before, limit = MESSAGES_PAGE_SIZE }: { before?: number; limit?: number } = {}, signal?: AbortSignal): Promise<ChatHistory> {
  const timeout = AbortSignal.timeout(TIMINGS.messageLoadTimeoutMs);
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) query.set('before', String(before));
  const url = `${messagesQueryKey(conversationId)[0]}?${query}`;
  const res = await apiRequest('GET', url, undefined, { signal: signal ? anySignal([signal, timeout]) : timeout });
  const messages = await readJson(res, messagesResponseSchema, url);
  return { messages, hasEarlier: res.headers.get(HAS_EARLIER_HEADER) === 'true' };
}

/**
 * A conversation's history: its latest page, joined to the earlier pages already loaded, so a
 * refresh after a reply keeps what the artist scrolled back to (withLatestPage).
 */
export function messagesQueryOptions(conversationId: number) {
  return queryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: async ({ signal, client, queryKey }) => {
      const latest = await getMessagesPage(conversationId, {}, signal);
      // What is loaded now, once the page has arrived: an earlier page shown meanwhile stays.
      return withLatestPage(client.getQueryData<ChatHistory>(queryKey), latest);
    },
  });
}

/** The history of `conversationId`; nothing is requested while it is null. */
export function useMessages(conversationId: number | null) {
  return useQuery({ ...messagesQueryOptions(conversationId ?? 0), enabled: conversationId !== null });
}
