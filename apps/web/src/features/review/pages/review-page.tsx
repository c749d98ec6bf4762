import type { Track } from '@members-only/shared/tracks';
import { Headphones } from 'lucide-react';
import { useCallback, useId, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SongPicker, type SongChoice } from '@/components/song-picker';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { parseIdParam } from '@/lib/route-params';
import { sectionById } from '@/lib/sections';
import { cn } from '@/lib/utils';
import { ReviewPanel } from '../components/review-panel';

/** The selected track lives in the URL (?track=12), so a reload or a shared link keeps it. */
const TRACK_PARAM = 'track';
/** The song the review starts from (issue 26: /review?song=12 opens its newest version). */
const SONG_PARAM = 'song';

export interface TrackListSlotProps {
  selectedId: number | null;
  onSelect: (track: Track) => void;
  onDeleted: (id: number) => void;
  labelledBy: string;
}

export interface TrackSlotProps {
  trackId: number;
  /** The review area, rendered under the track once it has loaded. */
  review: (track: Track) => ReactNode;
  /** What to show when the track does not exist (deleted, or not this artist's). */
  notFound: ReactNode;
}

/**
 * Track pieces come from the tracks feature; app/routes/review-route.tsx plugs them in
 * (features do not import each other).
 */
export interface ReviewPageProps {
  /** `songId`: the song the picker shows, which the upload offers first. */
  renderUpload: (onUploaded: (track: Track) => void, songId: number | null) => ReactNode;
  renderTrackList: (props: TrackListSlotProps) => ReactNode;
  renderTrack: (props: TrackSlotProps) => ReactNode;
}

/**
 * /review and /review/:id (the id is the review conversation, spec §2). Left: upload and the
 * artist's tracks; right: the selected track and its review.
 */
export function ReviewPage({ renderUpload, renderTrackList, renderTrack }: ReviewPageProps) {
  const section = sectionById('review');
  const listHeadingId = useId();
  const detailsRef = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = parseIdParam(searchParams.get(TRACK_PARAM) ?? undefined);
  const selectedId = typeof parsed === 'number' ? parsed : null;
  const parsedSong = parseIdParam(searchParams.get(SONG_PARAM) ?? undefined);
  const songId = typeof parsedSong === 'number' ? parsedSong : null;

  // Selecting another track starts its review afresh: the panel is keyed by the track. A track
  // given with its song keeps the song picker in step.
  const choose = useCallback(
    (choice: SongChoice) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (choice.trackId === null) next.delete(TRACK_PARAM);
          else next.set(TRACK_PARAM, String(choice.trackId));
          if (choice.songId === null) next.delete(SONG_PARAM);
          else next.set(SONG_PARAM, String(choice.songId));
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const select = useCallback((id: number | null) => choose({ trackId: id, songId: id === null ? null : songId }), [choose, songId]);

  const showDetails = useCallback(() => {
    // Columns stack on small screens: bring the selected track into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }, []);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <div className="grid gap-6">
          <Card className="p-5">
            <h2 className="mb-3 text-lg font-semibold tracking-tight">Review a song</h2>
            <SongPicker value={{ songId, trackId: selectedId }} onChange={choose} />
          </Card>
          {renderUpload((track) => {
            choose({ songId: track.songId, trackId: track.id });
            showDetails();
          }, songId)}
          <Card className="p-5">
            <h2 id={listHeadingId} className="mb-3 text-lg font-semibold tracking-tight">
              Your Tracks
            </h2>
            {renderTrackList({
              selectedId,
              labelledBy: listHeadingId,
              onSelect: (track) => {
                choose({ songId: track.songId, trackId: track.id });
                showDetails();
              },
              onDeleted: (id) => {
                if (id === selectedId) select(null);
              },
            })}
          </Card>
        </div>

        {/* On a phone the columns stack: a selected track's details come first, above the list. */}
        <Card ref={detailsRef} className={cn('scroll-mt-4 p-5 sm:p-6', selectedId !== null && 'order-first lg:order-none')}>
          {selectedId === null ? (
            <EmptyState title="No track selected">Please upload or select a track for review</EmptyState>
          ) : (
            <div key={selectedId}>
              {renderTrack({
                trackId: selectedId,
                review: (track) => <ReviewPanel track={track} />,
                notFound: (
                  <EmptyState title="Track not found">
                    <p>It may have been deleted. Please upload or select a track for review</p>
                    <Button variant="outline" className="mt-4" onClick={() => select(null)}>
                      Clear selection
                    </Button>
                  </EmptyState>
                ),
              })}
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col items-center px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Headphones aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <div className="mt-2 max-w-sm text-sm text-muted-foreground">{children}</div>
    </section>
  );
}
