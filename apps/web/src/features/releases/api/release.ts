import { releaseSchema, releaseStatsSchema, type Release, type UpdateReleaseInput } from '@members-only/shared/releases';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';
import { songQueryKey } from '@/lib/api/songs';

export const releaseQueryKey = (songId: number) => ['/api/songs', songId, 'release'] as const;
export const releaseStatsQueryKey = (songId: number) => ['/api/songs', songId, 'release', 'stats'] as const;

/** Where the artist downloads the page's sign-ups. */
export const signupsCsvUrl = (songId: number) => `/api/songs/${songId}/release/signups.csv`;

/** GET /api/songs/:id/release: the page's settings (a suggested address until it was saved once). */
export function useRelease(songId: number) {
  return useQuery({
    queryKey: releaseQueryKey(songId),
    queryFn: ({ signal }) => getJson(`/api/songs/${songId}/release`, releaseSchema, { signal }),
  });
}

/** GET /api/songs/:id/release/stats: views and clicks per day, clicks per store, sign-ups. */
export function useReleaseStats(songId: number, enabled: boolean) {
  return useQuery({
    queryKey: releaseStatsQueryKey(songId),
    queryFn: ({ signal }) => getJson(`/api/songs/${songId}/release/stats`, releaseStatsSchema, { signal }),
    enabled,
  });
}

/** PUT /api/songs/:id/release. The song is read again too: the release date is the song's own. */
export function useSaveRelease(songId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateReleaseInput) => sendJson('PUT', `/api/songs/${songId}/release`, input, releaseSchema),
    onSuccess: (release: Release) => {
      queryClient.setQueryData(releaseQueryKey(songId), release);
      void queryClient.invalidateQueries({ queryKey: songQueryKey(songId), exact: true });
      void queryClient.invalidateQueries({ queryKey: releaseStatsQueryKey(songId) });
    },
  });
}
