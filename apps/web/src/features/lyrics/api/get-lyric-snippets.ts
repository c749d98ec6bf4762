import { lyricSnippetSchema } from '@members-only/shared/lyrics-responses';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '@/lib/api-client';

export const lyricSnippetsQueryKey = (conversationId: number) => [`/api/conversations/${conversationId}/lyrics`] as const;

/** GET /api/conversations/:id/lyrics: the conversation's saved snippets (404 when it is not the artist's). */
export function getLyricSnippets(conversationId: number, signal?: AbortSignal) {
  return getJson(lyricSnippetsQueryKey(conversationId)[0], z.array(lyricSnippetSchema), { signal });
}

export function useLyricSnippets(conversationId: number) {
  return useQuery({
    queryKey: lyricSnippetsQueryKey(conversationId),
    queryFn: ({ signal }) => getLyricSnippets(conversationId, signal),
  });
}
