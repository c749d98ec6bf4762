import { lyricSnippetSchema } from '@members-only/shared/lyrics-responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, sendJson } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';
import { getLyricSnippets, lyricSnippetsQueryKey } from './get-lyric-snippets';

/**
 * Spec §4: saving replaces every saved snippet with one snippet (position 0) holding the whole
 * text. The current list is read from the server, not the cache, so nothing saved elsewhere survives
 * as a stale extra snippet. A conversation created for this save has none to read.
 */
export async function saveLyrics(conversationId: number, text: string, { fresh = false } = {}) {
  const existing = fresh ? [] : await getLyricSnippets(conversationId);
  for (const snippet of existing) await apiRequest('DELETE', `/api/lyrics/${snippet.id}`);
  return sendJson('POST', `/api/conversations/${conversationId}/lyrics`, { content: text, position: 0 }, lyricSnippetSchema);
}

/**
 * Saves the notepad. `conversationFor` names the conversation to save into, creating it on the
 * first save of a new notepad (so visiting Lyric Assist stores nothing until there is something
 * to keep); the result says which conversation it was and whether it was created.
 */
export function useSaveLyrics(conversationFor: () => Promise<{ id: number; created: boolean }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => {
      const { id, created } = await conversationFor();
      const saved = await saveLyrics(id, text, { fresh: created });
      return { conversationId: id, saved };
    },
    onSuccess: ({ conversationId, saved }) => {
      queryClient.setQueryData(lyricSnippetsQueryKey(conversationId), [saved]);
      // Saving touches the conversation, which moves it up the sidebar lists.
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
  });
}
