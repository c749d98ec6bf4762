import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { createConversation } from '@/features/conversations/api/create-conversation';
import { LyricsPage } from '@/features/lyrics/pages/lyrics-page';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

/**
 * Composes Lyric Assist with the conversations feature (features do not import each other). The
 * notepad creates its conversation on its first save, and reports a failure as a failed save.
 */
export function LyricsRoute() {
  const queryClient = useQueryClient();
  const create = useCallback(async () => {
    const conversation = await createConversation({ category: 'lyrics' });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    return conversation;
  }, [queryClient]);
  return <LyricsPage createConversation={create} />;
}
