import type { Track } from '@members-only/shared/tracks';
import { FileAudio } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
} from '@/components/ui/dialog';
import { DeleteIconButton } from '@/components/delete-icon-button';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useDeleteTrack } from '../api/delete-track';
import { useTracks } from '../api/get-tracks';
import { StorageUsage } from './storage-usage';
import { formatDuration, uploadLabels } from '../track-status';

const fullTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const fullTimeOf = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : fullTime.format(at);
};

export interface TrackListProps {
  selectedId: number | null;
  onSelect: (track: Track) => void;
  /** After a track was deleted (e.g. to clear the selection). */
  onDeleted?: (id: number) => void;
  /** Id of the heading that names the list. */
  labelledBy?: string;
}

/**
 * The artist's tracks, newest first, each with its title, length and upload time (two uploads
 * of the same file differ by the time): select one, or delete it after confirming.
 */
export function TrackList({ selectedId, onSelect, onDeleted, labelledBy }: TrackListProps) {
  const tracks = useTracks();
  const remove = useDeleteTrack();
  const [confirming, setConfirming] = useState<Track | null>(null);

  if (tracks.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading tracks...</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (tracks.isError) {
    return <LoadFailed message="Failed to load tracks. Please try again later." onRetry={() => void tracks.refetch()} />;
  }
  if (tracks.data.length === 0) {
    return (
      <>
        <p className="text-sm text-muted-foreground">No tracks yet. Upload one to get started.</p>
        <StorageUsage />
      </>
    );
  }

  const uploaded = uploadLabels(tracks.data);
  return (
    <>
      <ul aria-labelledby={labelledBy} className="grid gap-1.5">
        {tracks.data.map((track) => {
          const selected = track.id === selectedId;
          return (
            <li
              key={track.id}
              className={cn(
                'flex items-center gap-1 rounded-xl border transition-colors',
                selected ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-transparent hover:bg-accent',
              )}
            >
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(track)}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <FileAudio aria-hidden="true" className="size-5 shrink-0 opacity-80" />
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-semibold" title={track.title}>
                    {track.title}
                  </span>
                  <span className={cn('text-xs', selected ? 'opacity-80' : 'text-muted-foreground')} data-testid="track-meta">
                    {track.duration !== null ? (
                      <>
                        <span className="sr-only">Length </span>
                        {formatDuration(track.duration)}
                        {' · '}
                      </>
                    ) : null}
                    <time dateTime={track.createdAt} title={fullTimeOf(track.createdAt)}>
                      {uploaded.get(track.id)}
                    </time>
                  </span>
                </span>
              </button>
              <DeleteIconButton size="icon" className="mr-1 size-9 shrink-0 text-muted-foreground" label={`Delete ${track.title}`} onClick={() => setConfirming(track)} />
            </li>
          );
        })}
      </ul>
      {tracks.hasNextPage ? (
        <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => void tracks.fetchNextPage()} disabled={tracks.isFetchingNextPage}>
          {tracks.isFetchingNextPage ? <Spinner /> : null}
          Show more tracks
        </Button>
      ) : null}
      <StorageUsage />

      <AlertDialog open={confirming !== null} onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this track?</AlertDialogTitle>
          <AlertDialogDescription>
            “{confirming?.title}” and its audio file will be deleted. This cannot be undone.
          </AlertDialogDescription>
          <DialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                const track = confirming;
                if (!track) return;
                remove.mutate(track.id, { onSuccess: () => onDeleted?.(track.id) });
              }}
            >
              Delete track
            </AlertDialogAction>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
