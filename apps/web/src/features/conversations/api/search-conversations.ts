import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { conversationSearchQueryKey } from '@/lib/query-keys';
import { conversationListSchema } from './get-conversations';

/** GET /api/conversations?q=: conversations whose title or any message contains `q` (case-insensitive), newest first. */
export function searchConversations(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ q, limit: '20' });
  return getJson(`/api/conversations?${params}`, conversationListSchema, { signal });
}

/** Disabled while `q` is blank; keeps the previous results on screen while the next search runs. */
export function useSearchConversations(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: conversationSearchQueryKey(term),
    queryFn: ({ signal }) => searchConversations(term, signal),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
