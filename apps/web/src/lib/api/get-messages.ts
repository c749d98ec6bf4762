import { TIMINGS } from '@members-only/shared/constants';
import { chatMessageSchema } from '@members-only/shared/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { anySignal } from '../abort';
import { getJson } from '../api-client';
import { messagesQueryKey } from '../query-keys';

/**
 * GET /api/conversations/:id/messages, used by AI Chat and by the placeholders of tools not built
 * yet (one query, so both read the same cache entry). Lives in lib because two features use it.
 */
export const messagesResponseSchema = z.array(chatMessageSchema);

/** A conversation's messages, oldest first; gives up after 10 s (spec §7). Non-arrays are invalid (spec §5). */
export function getMessages(conversationId: number, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(TIMINGS.messageLoadTimeoutMs);
  return getJson(messagesQueryKey(conversationId)[0], messagesResponseSchema, {
    signal: signal ? anySignal([signal, timeout]) : timeout,
  });
}

export function messagesQueryOptions(conversationId: number) {
  return queryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ signal }) => getMessages(conversationId, signal),
  });
}

/** The messages of `conversationId`; nothing is requested while it is null. */
export function useMessages(conversationId: number | null) {
  return useQuery({ ...messagesQueryOptions(conversationId ?? 0), enabled: conversationId !== null });
}
