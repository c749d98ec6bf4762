import type { LyricSnippet } from '@members-only/shared/lyrics';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const lyricSnippetsQueryKey = (conversationId: number) => [`/api/conversations/${conversationId}/lyrics`] as const;

export async function getLyricSnippets(conversationId: number, signal?: AbortSignal): Promise<LyricSnippet[]> {
  const snippets = await getJson<LyricSnippet[]>(`/api/conversations/${conversationId}/lyrics`, { signal });
  // Spec §5: list responses must be arrays.
  if (!Array.isArray(snippets)) throw new Error('Invalid response from server');
  return snippets;
}

/** The conversation's saved snippets (404 when it is not the artist's). */
export function useLyricSnippets(conversationId: number) {
  return useQuery({
    queryKey: lyricSnippetsQueryKey(conversationId),
    queryFn: ({ signal }) => getLyricSnippets(conversationId, signal),
  });
}
