import type { Conversation } from '@members-only/shared/conversations';
import { TIMINGS } from '@members-only/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

export { CONVERSATIONS_QUERY_KEY };

/**
 * The signed-in user's conversations, newest first. Polled every 30 s while signed in (spec §7);
 * pass `enabled: false` when nobody is signed in so nothing is requested.
 */
export function useConversations({ enabled }: { enabled: boolean }) {
  return useQuery<Conversation[]>({
    queryKey: CONVERSATIONS_QUERY_KEY,
    enabled,
    refetchInterval: enabled ? TIMINGS.conversationPollMs : false,
    select: (data) => (Array.isArray(data) ? data : []),
  });
}
