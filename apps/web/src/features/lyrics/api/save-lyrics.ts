import { lyricSnippetSchema } from '@members-only/shared/lyrics-responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, sendJson } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import { getLyricSnippets, lyricSnippetsQueryKey } from './get-lyric-snippets';

/**
 * Spec §4: saving replaces every saved snippet with one snippet (position 0) holding the whole
 * text. The current list is read from the server, not the cache, so nothing saved elsewhere survives
 * as a stale extra snippet.
 */
export async function saveLyrics(conversationId: number, text: string) {
  const existing = await getLyricSnippets(conversationId);
  for (const snippet of existing) await apiRequest('DELETE', `/api/lyrics/${snippet.id}`);
  return sendJson('POST', `/api/conversations/${conversationId}/lyrics`, { content: text, position: 0 }, lyricSnippetSchema);
}

export function useSaveLyrics(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveLyrics(conversationId, text),
    onSuccess: (saved) => {
      queryClient.setQueryData(lyricSnippetsQueryKey(conversationId), [saved]);
      // Saving touches the conversation, which moves it up the sidebar lists.
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
  });
}
