import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { updateSong } from '@/features/songs/api/songs';
import { SongLyricsBar } from '@/features/songs/components/song-lyrics-bar';
import { errorMessage } from '@/lib/api-client';
import { SONGS_QUERY_KEY } from '@/lib/api/songs';
import { parseIdParam } from '@/lib/route-params';
import { createConversation } from '@/features/conversations/api/create-conversation';
import { LyricsPage } from '@/features/lyrics/pages/lyrics-page';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

/**
 * Composes Lyric Assist with the conversations feature (features do not import each other). The
 * notepad creates its conversation on its first save, and reports a failure as a failed save.
 */
export function LyricsRoute() {
  const queryClient = useQueryClient();
  // Issue 26: /lyrics?song=12 writes that song's lyrics; the first save links the new notepad to it.
  const [searchParams] = useSearchParams();
  const parsedSong = parseIdParam(searchParams.get('song') ?? undefined);
  const songId = typeof parsedSong === 'number' ? parsedSong : null;
  const create = useCallback(async () => {
    const conversation = await createConversation({ category: 'lyrics' });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    if (songId !== null) {
      await updateSong(songId, { lyricsId: conversation.id }).catch((error: unknown) =>
        toast({ variant: 'destructive', title: 'Lyrics saved, but not linked to the song', description: errorMessage(error) }),
      );
      void queryClient.invalidateQueries({ queryKey: SONGS_QUERY_KEY });
    }
    return conversation;
  }, [queryClient, songId]);
  return <LyricsPage createConversation={create} songBar={(lyricsId) => <SongLyricsBar songId={songId} lyricsId={lyricsId} />} />;
}
