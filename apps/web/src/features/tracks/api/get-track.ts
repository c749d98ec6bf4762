import { trackSchema, type Track } from '@members-only/shared/tracks';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { getJson } from '@/lib/api-client';
import { isTrackBusy } from '../track-status';

export function trackQueryKey(id: number) {
  return [`/api/tracks/${id}`] as const;
}

/** GET /api/tracks/:id: one of the artist's tracks, with its waveform peaks once analysed. */
export function getTrack(id: number, signal?: AbortSignal) {
  return getJson(trackQueryKey(id)[0], trackSchema, { signal });
}

export interface UseTrackOptions {
  /** Poll every `pollMs` while `pollWhile(track)` holds (default: analysis or transcription under way). */
  pollMs?: number;
  /** Stop polling this long after the track was first shown (e.g. cover art gives up after 30 s). */
  maxPollMs?: number;
  pollWhile?: (track: Track) => boolean;
}

/**
 * A track, optionally polled while the server works on it. Song Review polls every 1 s until the
 * analysis is done; Cover Art polls every 3 s for at most 30 s (spec §4).
 */
export function useTrack(id: number | null, { pollMs, maxPollMs, pollWhile = isTrackBusy }: UseTrackOptions = {}) {
  // When polling started for this id, for `maxPollMs`.
  const pollStart = useRef<{ id: number | null; at: number }>({ id: null, at: 0 });
  if (pollStart.current.id !== id) pollStart.current = { id, at: Date.now() };

  return useQuery({
    queryKey: trackQueryKey(id ?? 0),
    queryFn: ({ signal }) => getTrack(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) => {
      const track = query.state.data;
      if (!pollMs || !track || query.state.status === 'error') return false;
      if (maxPollMs !== undefined && Date.now() - pollStart.current.at > maxPollMs) return false;
      return pollWhile(track) ? pollMs : false;
    },
  });
}
