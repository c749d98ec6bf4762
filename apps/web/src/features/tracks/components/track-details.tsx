import type { Track } from '@members-only/shared/tracks';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { HttpError } from '@/lib/api-client';
import { useTrack } from '../api/get-track';
import { formatUploadTime } from '../track-status';
import { TrackLyrics } from './track-lyrics';
import { TrackPlayer } from './track-player';

/** Song Review polls every second while the analysis (or transcription) runs. */
export const TRACK_POLL_MS = 1000;

export interface TrackDetailsProps {
  trackId: number;
  /** Rendered below the lyrics with the loaded track (e.g. the review). */
  children?: (track: Track) => ReactNode;
  /** Shown instead when the track does not exist or is not the artist's. */
  notFound?: ReactNode;
  /** Polling while the server works (default every second); Cover Art polls every 3 s for at most 30 s (spec §4). */
  pollMs?: number;
  maxPollMs?: number;
}

/** A track's title, player, analysis and lyrics, kept current while the server works on it. */
export function TrackDetails({ trackId, children, notFound, pollMs = TRACK_POLL_MS, maxPollMs }: TrackDetailsProps) {
  const query = useTrack(trackId, { pollMs, maxPollMs });

  if (query.isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading track...</span>
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) {
      return notFound ?? <p className="text-sm text-muted-foreground">This track does not exist or was deleted.</p>;
    }
    return <LoadFailed message="Failed to load track. Please try again later." onRetry={() => void query.refetch()} />;
  }

  const track = query.data;
  return (
    <article aria-labelledby={`track-${track.id}-title`} className="grid gap-6">
      <header>
        <h2 id={`track-${track.id}-title`} className="break-words text-xl font-semibold tracking-tight">
          {track.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={track.createdAt}>{formatUploadTime(track.createdAt, { withTime: true })}</time>
        </p>
      </header>
      <TrackPlayer track={track} />
      <TrackLyrics key={track.id} track={track} />
      {children?.(track)}
    </article>
  );
}
