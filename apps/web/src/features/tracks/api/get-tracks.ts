import { trackSchema, type Track } from '@members-only/shared/tracks';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '@/lib/api-client';

/** Every list paginates on the server; the page size the list asks for. */
export const TRACKS_PAGE_SIZE = 50;

/** Key of the artist's track list (pages of `TRACKS_PAGE_SIZE`, newest first). */
export const TRACKS_QUERY_KEY = ['/api/tracks'] as const;

export type TrackPages = InfiniteData<Track[], number>;

const trackListSchema = z.array(trackSchema);

/** GET /api/tracks: one page of the signed-in artist's tracks, newest first (no waveforms in the list). */
export function getTracks({ offset = 0, limit = TRACKS_PAGE_SIZE, signal }: { offset?: number; limit?: number; signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  return getJson(`/api/tracks?${params}`, trackListSchema, { signal });
}

/** The artist's tracks, newest first; `fetchNextPage` loads the next page while `hasNextPage`. */
export function useTracks() {
  return useInfiniteQuery({
    queryKey: TRACKS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getTracks({ offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < TRACKS_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.length, 0),
    select: (data) => data.pages.flat(),
  });
}
