import type { Conversation } from '@members-only/shared/conversations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { conversationSearchQueryKey } from '@/lib/query-keys';

/** Conversations whose title or any message contains `q` (case-insensitive), newest first. */
export async function searchConversations(q: string, signal?: AbortSignal): Promise<Conversation[]> {
  const params = new URLSearchParams({ q, limit: '20' });
  const data = await getJson<unknown>(`/api/conversations?${params}`, { signal });
  if (!Array.isArray(data)) throw new Error('Invalid response from server');
  return data as Conversation[];
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
