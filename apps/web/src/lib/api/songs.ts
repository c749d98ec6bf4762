import type { SongDetail, SongListItem } from '@members-only/shared/songs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../api-client';

/**
 * The artist's songs (issue 26). In lib because every tool starts from a song: Cover Art, Song
 * Review, the marketing plan, Lyric Assist, Studio and the upload area all read them. The schemas
 * load with the first answer, so a page that never shows a song does not carry them.
 */
export const SONGS_QUERY_KEY = ['/api/songs'] as const;
export const songsQueryKey = (q: string) => ['/api/songs', 'list', q] as const;
export const songQueryKey = (id: number) => ['/api/songs', id] as const;

/** How many songs a list asks for (the server's page size; the search finds the rest). */
export const SONGS_PAGE_SIZE = 50;

const listSchema = () => import('@members-only/shared/songs').then((m) => m.songListSchema);
const detailSchema = () => import('@members-only/shared/songs').then((m) => m.songDetailSchema);

/** GET /api/songs (newest first), `q` searching titles and artist names. */
export function getSongs({ q = '', limit = SONGS_PAGE_SIZE, signal }: { q?: string; limit?: number; signal?: AbortSignal } = {}): Promise<SongListItem[]> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) params.set('q', q.trim());
  return getJson(`/api/songs?${params}`, listSchema, { signal });
}

/** The artist's songs, or those matching `q`; the previous answer stays on screen while a search runs. */
export function useSongs(q = '', { limit = SONGS_PAGE_SIZE, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...songsQueryKey(q.trim()), limit],
    queryFn: ({ signal }) => getSongs({ q, limit, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/songs/:id: the song with its versions (newest first), lyrics, beat, reviews, covers and plan. */
export function getSong(id: number, signal?: AbortSignal): Promise<SongDetail> {
  return getJson(`/api/songs/${id}`, detailSchema, { signal });
}

export function useSong(id: number | null, { pollMs }: { pollMs?: (song: SongDetail | undefined) => number | false } = {}) {
  return useQuery({
    queryKey: songQueryKey(id ?? 0),
    queryFn: ({ signal }) => getSong(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: pollMs ? (query) => pollMs(query.state.data) : undefined,
  });
}

/** A search runs once the artist stops typing for this long. */
export const SONG_SEARCH_DELAY_MS = 250;
