import { TIMINGS } from '@members-only/shared/constants';
import { conversationSchema } from '@members-only/shared/conversations';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

export { CONVERSATIONS_QUERY_KEY };

export const conversationListSchema = z.array(conversationSchema);

/** GET /api/conversations: the signed-in user's conversations, newest first (the server's first page). */
export function getConversations(signal?: AbortSignal) {
  return getJson(CONVERSATIONS_QUERY_KEY[0], conversationListSchema, { signal });
}

/**
 * Polled every 30 s while signed in (spec §7); pass `enabled: false` when nobody is signed in so
 * nothing is requested.
 */
export function useConversations({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: CONVERSATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getConversations(signal),
    enabled,
    refetchInterval: enabled ? TIMINGS.conversationPollMs : false,
  });
}
