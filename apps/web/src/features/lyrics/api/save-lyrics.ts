import type { LyricSnippet } from '@members-only/shared/lyrics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '@/lib/api-client';
import { getLyricSnippets, lyricSnippetsQueryKey } from './get-lyric-snippets';

/**
 * Spec §4: saving replaces every saved snippet with one snippet (position 0) holding the whole
 * text. The current list is read from the server, not the cache, so nothing saved elsewhere survives
 * as a stale extra snippet.
 */
export async function saveLyrics(conversationId: number, text: string): Promise<LyricSnippet> {
  const existing = await getLyricSnippets(conversationId);
  for (const snippet of existing) await apiRequest('DELETE', `/api/lyrics/${snippet.id}`);
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/lyrics`, { content: text, position: 0 });
  const saved = await readJson<LyricSnippet>(res);
  if (!saved || typeof saved.id !== 'number') throw new Error('Invalid response from server');
  return saved;
}

export function useSaveLyrics(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveLyrics(conversationId, text),
    onSuccess: (saved) => {
      queryClient.setQueryData(lyricSnippetsQueryKey(conversationId), [saved]);
      // Saving touches the conversation, which moves it up the sidebar lists.
      void queryClient.invalidateQueries({ queryKey: ['/api/conversations'] });
    },
  });
}
