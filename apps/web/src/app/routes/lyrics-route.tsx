import { useCallback } from 'react';
import { useCreateConversation } from '@/features/conversations/api/create-conversation';
import { LyricsPage } from '@/features/lyrics/pages/lyrics-page';

/** Composes Lyric Assist with the conversations feature (features do not import each other). */
export function LyricsRoute() {
  const { mutateAsync } = useCreateConversation();
  const createConversation = useCallback(() => mutateAsync({ category: 'lyrics' }), [mutateAsync]);
  return <LyricsPage createConversation={createConversation} />;
}
