import type { SongListItem, SongProgress } from '@members-only/shared/songs';
import { Check, Disc3 } from 'lucide-react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { useSongs } from '@/lib/api/songs';
import { cn, formatDuration } from '@/lib/utils';

/** What is done for a song, in the order an artist usually takes it. */
export const PROGRESS_STEPS: readonly { key: keyof SongProgress; label: string }[] = [
  { key: 'lyrics', label: 'Lyrics' },
  { key: 'review', label: 'Review' },
  { key: 'cover', label: 'Cover' },
  { key: 'plan', label: 'Plan' },
];

export interface SongListProps {
  /** The search (titles and artist names); empty lists every song. */
  q?: string;
  limit?: number;
  labelledBy?: string;
  /** What an empty list says (no song at all, not a search without matches). */
  emptyText?: string;
}

/** The artist's songs, newest first: cover thumbnail, latest version, and what is done. */
export function SongList({ q = '', limit, labelledBy, emptyText = 'No songs yet. Upload a track to start one.' }: SongListProps) {
  const songs = useSongs(q, { limit });

  if (songs.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading songs...</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }
  if (songs.isError) {
    return <LoadFailed message="Failed to load songs. Please try again later." onRetry={() => void songs.refetch()} />;
  }
  if (songs.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{q.trim() ? `No songs match “${q.trim()}”.` : emptyText}</p>;
  }
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-2" data-testid="song-list">
      {songs.data.map((song) => (
        <li key={song.id}>
          <SongRow song={song} />
        </li>
      ))}
    </ul>
  );
}

function SongRow({ song }: { song: SongListItem }) {
  const latest = song.latestVersion;
  return (
    <Link
      to={`/songs/${song.id}`}
      className="flex items-center gap-3 rounded-xl border border-border bg-card p-2.5 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CoverThumbnail url={song.coverThumbnail} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-semibold" title={song.title}>
          {song.title}
        </span>
        <span className="truncate text-xs text-muted-foreground" data-testid="song-latest">
          {latest ? (
            <>
              Latest: {latest.label}
              {latest.duration !== null ? ` · ${formatDuration(latest.duration)}` : ''}
              {song.versionCount > 1 ? ` · ${song.versionCount} versions` : ''}
            </>
          ) : (
            'No versions yet'
          )}
          {song.artistName ? ` · ${song.artistName}` : ''}
        </span>
        <ProgressChips done={song.done} className="mt-1" />
      </span>
    </Link>
  );
}

export function CoverThumbnail({ url, className }: { url: string | null; className?: string }) {
  return url ? (
    <img src={url} alt="" width={56} height={56} loading="lazy" className={cn('size-14 shrink-0 rounded-lg bg-muted object-cover', className)} />
  ) : (
    <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground', className)}>
      <Disc3 aria-hidden="true" className="size-6" />
    </span>
  );
}

/** Four small chips; the done ones carry a tick, and each says in words whether it is done. */
export function ProgressChips({ done, className }: { done: SongProgress; className?: string }) {
  return (
    <span className={cn('flex flex-wrap gap-1', className)} data-testid="song-progress">
      {PROGRESS_STEPS.map(({ key, label }) => (
        <span
          key={key}
          data-done={done[key]}
          className={cn(
            'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-[0.6875rem] font-medium leading-4',
            done[key] ? 'bg-primary-soft text-primary-soft-foreground' : 'border border-border text-muted-foreground',
          )}
        >
          {done[key] ? <Check aria-hidden="true" className="size-3" /> : null}
          {label}
          <span className="sr-only">{done[key] ? ' done' : ' not yet'}</span>
        </span>
      ))}
    </span>
  );
}
