import type { Track } from '@members-only/shared/tracks';
import type { QueryClient } from '@tanstack/react-query';
import { TRACKS_QUERY_KEY, type TrackPages } from './get-tracks';
import { trackQueryKey } from './get-track';

/** List rows carry no waveform (the server leaves it out of GET /api/tracks too). */
function listRow(track: Track): Track {
  const { waveform: _waveform, ...analysis } = track.analysis;
  return { ...track, analysis };
}

/** Puts a track the server just returned into the caches: its own query and the list (new ones first). */
export function rememberTrack(queryClient: QueryClient, track: Track): void {
  queryClient.setQueryData<Track>(trackQueryKey(track.id), (previous) =>
    // Keep peaks already loaded when a reply (e.g. an early upload answer) carries none.
    track.analysis.waveform === undefined && previous?.analysis.waveform
      ? { ...track, analysis: { ...track.analysis, waveform: previous.analysis.waveform } }
      : track,
  );
  queryClient.setQueryData<TrackPages>(TRACKS_QUERY_KEY, (data) => {
    if (!data) return data;
    const row = listRow(track);
    const present = data.pages.some((page) => page.some((t) => t.id === track.id));
    const pages = present
      ? data.pages.map((page) => page.map((t) => (t.id === track.id ? row : t)))
      : data.pages.map((page, i) => (i === 0 ? [row, ...page] : page));
    return { ...data, pages };
  });
}

/**
 * Drops a deleted track from the list. Its own query is marked stale (so it is never shown from
 * the cache again) but only removed when nothing shows it, so a page still on screen does not
 * refetch it and flash a 404 before it moves on.
 */
export function forgetTrack(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<TrackPages>(TRACKS_QUERY_KEY, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((t) => t.id !== id)) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: trackQueryKey(id), exact: true, refetchType: 'none' });
  queryClient.removeQueries({ queryKey: trackQueryKey(id), exact: true, type: 'inactive' });
}
