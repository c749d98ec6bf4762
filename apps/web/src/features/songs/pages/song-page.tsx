import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from '@members-only/shared/review';
import { formatIsrc, type SongDetail, type SongVersion } from '@members-only/shared/songs';
import type { Track } from '@members-only/shared/tracks';
import { AudioWaveform, CalendarDays, Headphones, ImagePlus, Megaphone, Mic, Pencil, PenLine, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SongLoadFailed, SongNotFound, SongPageFrame } from '@/components/song-page-states';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, HttpError } from '@/lib/api-client';
import { useSong } from '@/lib/api/songs';
import { parseIdParam } from '@/lib/route-params';
import { cn } from '@/lib/utils';
import { useDeleteSong } from '../api/songs';
import { CoverThumbnail, ProgressChips } from '../components/song-list';
import { SongDetailsDialog } from '../components/song-details-dialog';

export interface SongPageProps {
  /** A version's player with its waveform and loudness chart (tracks feature, composed in app/routes). */
  renderPlayer: (track: Track) => ReactNode;
  /** The upload area that adds a version to this song. */
  renderUpload: (songId: number) => ReactNode;
  /** The song's release page editor and its stats (releases feature). */
  renderRelease?: (song: SongDetail) => ReactNode;
  /** The song's split sheet section (splits feature, composed in app/routes). */
  renderSplits?: (song: SongDetail) => ReactNode;
}

/** Every second while a version is still being analysed or transcribed. */
const POLL_MS = 1000;
const working = (song: SongDetail | undefined) =>
  Boolean(
    song?.versions.some(
      ({ track }) =>
        track.analysis.status === 'pending' ||
        track.analysis.status === 'processing' ||
        track.transcriptionStatus === 'pending' ||
        track.transcriptionStatus === 'processing',
    ),
  );

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A YYYY-MM-DD day as the reader writes dates (read as that calendar day, not a moment). */
export function formatDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dateOnly.format(at);
}
const formatMoment = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTime.format(at);
};

/** Where each tool opens on this song. */
export function toolLinks(song: Pick<SongDetail, 'id' | 'lyricsId'>) {
  return [
    { label: 'Write lyrics', to: song.lyricsId ? `/lyrics/${song.lyricsId}?song=${song.id}` : `/lyrics?song=${song.id}`, icon: PenLine },
    { label: 'Review', to: `/review?song=${song.id}`, icon: Headphones },
    { label: 'Cover art', to: `/cover-art?song=${song.id}`, icon: ImagePlus },
    { label: 'Marketing plan', to: `/marketing?song=${song.id}`, icon: Megaphone },
    { label: 'Beat', to: `/studio?song=${song.id}`, icon: AudioWaveform },
    { label: 'Record', to: `/songs/${song.id}/booth`, icon: Mic },
  ] as const;
}

/** /songs/:id: one song with its versions, lyrics, review, covers and plan, and the way into each tool. */
export function SongPage({ renderPlayer, renderUpload, renderSplits, renderRelease }: SongPageProps) {
  const id = parseIdParam(useParams().id);
  const songId = typeof id === 'number' ? id : null;
  const song = useSong(songId, { pollMs: (data) => (working(data) ? POLL_MS : false) });

  if (id === 'invalid' || (song.error instanceof HttpError && (song.error.status === 404 || song.error.status === 400))) {
    return <SongNotFound />;
  }
  if (song.isError) {
    return <SongLoadFailed title="Song" message="Failed to load the song. Please try again later." onRetry={() => void song.refetch()} />;
  }
  if (song.isPending) {
    return (
      <SongPageFrame>
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading song...</span>
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      </SongPageFrame>
    );
  }
  return <SongView song={song.data} renderPlayer={renderPlayer} renderUpload={renderUpload} renderSplits={renderSplits} renderRelease={renderRelease} />;
}

function SongView({ song, renderPlayer, renderUpload, renderSplits, renderRelease }: { song: SongDetail } & SongPageProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteSong();
  const navigate = useNavigate();
  const subtitle = [song.artistName, song.genre].filter(Boolean).join(' · ') || undefined;

  return (
    <SongPageFrame>
      <div className="flex flex-wrap items-start gap-4">
        <CoverThumbnail url={song.covers[0]?.thumbnailUrl ?? null} className="size-20 sm:size-24" />
        <PageHeader
          className="min-w-0 flex-1"
          title={song.title}
          subtitle={subtitle}
          actions={
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" /> Edit details
              </Button>
              <Button variant="outline" size="sm" className="hover:text-destructive-text" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            </div>
          }
        />
      </div>
      <Facts song={song} />

      <nav aria-label="Tools for this song" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {toolLinks(song).map(({ label, to, icon: Icon }) => (
            <li key={label}>
              <Link to={to} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                <Icon aria-hidden="true" /> {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <Versions song={song} renderPlayer={renderPlayer} renderUpload={renderUpload} />
          {renderSplits?.(song)}
        </div>
        <div className="grid gap-6">
          <LatestReview song={song} />
          <Covers song={song} />
          <Plan song={song} />
          <Lyrics song={song} />
        </div>
      </div>
      {renderRelease ? <div className="mt-6">{renderRelease(song)}</div> : null}

      <SongDetailsDialog song={song} open={editing} onOpenChange={setEditing} />
      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this song?</AlertDialogTitle>
          <AlertDialogDescription>
            “{song.title}”, its {song.versions.length === 1 ? 'version' : `${song.versions.length} versions`} and their audio files will be deleted. This cannot be undone.
          </AlertDialogDescription>
          <DialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(song.id, {
                  onSuccess: () => {
                    toast({ variant: 'success', title: 'Song deleted', description: `“${song.title}” is gone.` });
                    void navigate('/songs', { replace: true });
                  },
                  onError: (error) => toast({ variant: 'destructive', title: 'Could not delete the song', description: errorMessage(error) }),
                })
              }
            >
              Delete song
            </AlertDialogAction>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </SongPageFrame>
  );
}

function Facts({ song }: { song: SongDetail }) {
  return (
    <div className="mt-4 grid gap-2">
      <ProgressChips done={song.done} />
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="song-facts">
        {song.explicit ? (
          <div>
            <dt className="sr-only">Content</dt>
            <dd>
              <Badge variant="outline">Explicit</Badge>
            </dd>
          </div>
        ) : null}
        <Fact label="Release date">{song.releaseDate ? formatDay(song.releaseDate) : 'Not set'}</Fact>
        <Fact label="ISRC">{song.isrc ? formatIsrc(song.isrc) : 'None'}</Fact>
        <Fact label="UPC">{song.upc ?? 'None'}</Fact>
      </dl>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Section({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  const id = `song-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className={cn('p-5', className)}>
      <section aria-labelledby={id} data-testid={testId}>
        <h2 id={id} className="mb-3 text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Versions({ song, renderPlayer, renderUpload }: { song: SongDetail } & SongPageProps) {
  return (
    <Section title="Versions" testId="song-versions">
      {song.versions.length === 0 ? <p className="mb-4 text-sm text-muted-foreground">No versions yet: upload the first one.</p> : null}
      <ol className="grid gap-6">
        {song.versions.map((version, index) => (
          <li key={version.track.id}>
            <Version version={version} latest={index === 0} renderPlayer={renderPlayer} />
          </li>
        ))}
      </ol>
      <div className="mt-6">{renderUpload(song.id)}</div>
    </Section>
  );
}

function Version({ version, latest, renderPlayer }: { version: SongVersion; latest: boolean; renderPlayer: SongPageProps['renderPlayer'] }) {
  const { track, comparison } = version;
  return (
    <article aria-labelledby={`version-${track.id}`} className="grid gap-3" data-testid="song-version">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={`version-${track.id}`} className="text-base font-semibold">
          {version.label}
        </h3>
        {latest ? <Badge variant="soft">Latest</Badge> : null}
        <span className="min-w-0 truncate text-sm text-muted-foreground" title={track.originalName}>
          {track.originalName}
        </span>
        <time dateTime={track.createdAt} className="text-xs text-muted-foreground">
          {formatMoment(track.createdAt)}
        </time>
      </header>
      {renderPlayer(track)}
      {comparison ? (
        <div className="rounded-xl bg-muted/60 p-3" data-testid="version-comparison">
          <h4 className="text-sm font-semibold">
            Compared with {comparison.previousLabel}
          </h4>
          {comparison.lines.length > 0 ? (
            <ul className="mt-1.5 grid list-disc gap-1 pl-5 text-sm">
              {comparison.lines.map((line, i) => (
                <li key={i}>{plainLine(line)}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">No measurable change yet (the analysis may still be running).</p>
          )}
        </div>
      ) : null}
    </article>
  );
}

/** The comparison's lines are Markdown bullets: shown as text, without the bullet and bold marks. */
export function plainLine(line: string): string {
  return line.replace(/^\s*[-*]\s+/, '').replace(/\*\*/g, '');
}

function LatestReview({ song }: { song: SongDetail }) {
  const review = song.reviews[0];
  return (
    <Section title="Latest review" testId="song-review">
      {review ? (
        <div className="grid gap-3">
          <p className="text-sm">
            <span className="font-semibold">{review.versionLabel}</span>
            {review.rating !== null ? (
              <>
                {' · '}
                <span className="text-2xl font-bold tabular-nums">{review.rating.toFixed(1)}</span>
                <span className="text-muted-foreground">/10</span>
              </>
            ) : null}
          </p>
          <ul className="grid gap-1.5">
            {REVIEW_CATEGORIES.map((category) => {
              const score = review.scores[category] ?? null;
              const label = REVIEW_CATEGORY_LABELS[category];
              return (
              <li key={category} className="grid grid-cols-[7rem_minmax(0,1fr)_2.5rem] items-center gap-2 text-sm">
                <span>{label}</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={10} aria-valuenow={score ?? undefined}>
                  <span className="block h-full rounded-full bg-primary" style={{ width: `${((score ?? 0) / 10) * 100}%` }} />
                </span>
                <span className="text-right tabular-nums text-muted-foreground">{score === null ? '–' : `${score}/10`}</span>
              </li>
              );
            })}
          </ul>
          <p className="text-xs text-muted-foreground">
            {review.engine ? `By ${review.engine}, ` : ''}
            {formatMoment(review.createdAt)}
            {song.reviews.length > 1 ? ` · ${song.reviews.length} reviews in all` : ''}
          </p>
          <Link to={`/review?song=${song.id}&track=${review.trackId}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Read the review
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No review yet.</p>
      )}
    </Section>
  );
}

function Covers({ song }: { song: SongDetail }) {
  return (
    <Section title="Cover versions" testId="song-covers">
      {song.covers.length ? (
        <ul className="grid grid-cols-3 gap-2">
          {song.covers.slice(0, 9).map((cover) => (
            <li key={cover.id}>
              <a href={cover.imageUrl} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                <img src={cover.thumbnailUrl} alt={`${cover.title}, ${cover.style} cover`} width={96} height={96} loading="lazy" className="aspect-square w-full rounded-lg bg-muted object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No cover yet.</p>
      )}
      {song.covers.length > 9 ? <p className="mt-2 text-xs text-muted-foreground">The 9 newest of {song.covers.length}.</p> : null}
    </Section>
  );
}

function Plan({ song }: { song: SongDetail }) {
  const plan = song.plan;
  return (
    <Section title="Marketing plan" testId="song-plan">
      {plan ? (
        <div className="grid gap-3 text-sm">
          <p>
            <span className="font-semibold">{plan.title}</span> · release {formatDay(plan.releaseDate)}
          </p>
          {plan.nextDates.length ? (
            <ul className="grid gap-1.5" aria-label="Next dates">
              {plan.nextDates.map((step, i) => (
                <li key={i} className="flex gap-2">
                  <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span>
                    <time dateTime={step.date} className="font-medium">
                      {formatDay(step.date)}
                    </time>{' '}
                    {step.title}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No dates ahead.</p>
          )}
          <Link to={`/marketing/${plan.conversationId}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Open the plan
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No plan yet.</p>
      )}
    </Section>
  );
}

function Lyrics({ song }: { song: SongDetail }) {
  return (
    <Section title="Lyrics" testId="song-lyrics">
      {song.lyrics ? (
        <>
          <p className="max-h-72 overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap">{song.lyrics}</p>
          <p className="mt-2 text-xs text-muted-foreground">
            {song.lyricsSource === 'lyric-assist' ? 'From Lyric Assist.' : 'From the newest version’s lyrics.'}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No lyrics yet.</p>
      )}
    </Section>
  );
}
