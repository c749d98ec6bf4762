import type { CreateSongInput, UpdateSongInput } from '@members-only/shared/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, sendJson } from '@/lib/api-client';
import { songQueryKey, SONGS_QUERY_KEY } from '@/lib/api/songs';

const songSchema = () => import('@members-only/shared/songs').then((m) => m.songSchema);

/** POST /api/songs. */
export function createSong(input: CreateSongInput) {
  return sendJson('POST', '/api/songs', input, songSchema);
}

/** PATCH /api/songs/:id: the details (title, artist name, explicit, genre, release date, ISRC, UPC) or its links. */
export function updateSong(id: number, input: UpdateSongInput) {
  // The answer is read as a song (the details); the page then reloads the whole song.
  return sendJson('PATCH', `/api/songs/${id}`, input, songSchema);
}

/** DELETE /api/songs/:id: the song, its versions and their files. */
export async function deleteSong(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/songs/${id}`);
}

/** Saves a song's details; the page and every list show the answer. */
export function useUpdateSong(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSongInput) => updateSong(id, input),
    onSuccess: () => {
      // SONGS_QUERY_KEY is the prefix of the song's own key too: both refetch.
      void queryClient.invalidateQueries({ queryKey: SONGS_QUERY_KEY });
    },
  });
}

export function useDeleteSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSong,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: songQueryKey(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: SONGS_QUERY_KEY });
      // Its versions were tracks: the track lists change too.
      void queryClient.invalidateQueries({ queryKey: ['/api/tracks'] });
    },
  });
}
