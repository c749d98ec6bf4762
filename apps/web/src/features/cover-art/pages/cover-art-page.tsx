import { COVER, COVER_MESSAGES, COVER_STYLES, COVER_STYLE_LABELS, type CoverArt, type CoverStyle, type CreateCoverArtInput } from '@members-only/shared/cover';
import { titleFromFilename, type Track } from '@members-only/shared/tracks';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, FileQuestion, Sparkles } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundState } from '@/components/not-found-state';
import { PageHeader } from '@/components/page-header';
import { SongPicker, type SongChoice } from '@/components/song-picker';
import { useSong } from '@/lib/api/songs';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { HttpError } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { parseIdParam } from '@/lib/route-params';
import { sectionById } from '@/lib/sections';
import { useEngineInfo } from '@/lib/api/get-engine-info';
import { QuickActions } from '@/components/quick-actions';
import { QUICK_ACTIONS } from '@/lib/quick-actions';
import { createCoverArt, coverVersionsQueryKey, pendingCover, rememberPendingCover, useCoverConcept, useCoverVersions, useLandedCover, type PendingCover } from '../api/cover-arts';
import { CoverResult } from '../components/cover-result';

export interface CoverArtPageProps {
  /** The shared upload area; `onUploaded` gets the new track. */
  renderUpload: (onUploaded: (track: Track) => void) => ReactNode;
  /** The track's details (player, lyrics with the manual path), with `children` given the loaded track. */
  renderTrack: (trackId: number, children: (track: Track) => ReactNode) => ReactNode;
}

type Step = 'upload' | 'analyzing' | 'ready' | 'generating' | 'complete';

/** Any style but the current one (spec §9: random). */
function randomStyle(current: CoverStyle): CoverStyle {
  const others = COVER_STYLES.filter((s) => s !== current);
  return others[Math.floor(Math.random() * others.length)]!;
}

function failureMessage(error: unknown): string {
  if (error instanceof HttpError && (error.status === 429 || error.status === 400) && error.serverMessage) return error.serverMessage;
  return COVER_MESSAGES.failed;
}

/**
 * Cover Art (spec §2, §4): upload → analyzing → ready → generating → complete. Every version is
 * saved to the cover-art conversation, so /cover-art/:id reopens it with its versions.
 */
export function CoverArtPage({ renderUpload, renderTrack }: CoverArtPageProps) {
  const section = sectionById('coverart');
  const id = parseIdParam(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [trackId, setTrackId] = useState<number | null>(null);
  // Issue 26: a cover starts from a song (/cover-art?song=12 picks it) and one of its versions.
  const [searchParams] = useSearchParams();
  const songParam = parseIdParam(searchParams.get('song') ?? undefined);
  const [choice, setChoice] = useState<SongChoice>({ songId: typeof songParam === 'number' ? songParam : null, trackId: null });
  const [songId, setSongId] = useState<number | null>(null);
  const chosenSong = useSong(choice.songId);
  const [conversationId, setConversationId] = useState<number | null>(typeof id === 'number' ? id : null);
  const [cover, setCover] = useState<CoverArt | null>(null);
  const [title, setTitle] = useState('');
  const [direction, setDirection] = useState('');
  const [advisory, setAdvisory] = useState<boolean | null>(null);
  const [generating, setGenerating] = useState(false);
  const [busy, setBusy] = useState(false);
  const versions = useCoverVersions(conversationId);
  // A cover asked for before a reload: followed until it lands (ADR 031), as Studio follows beats.
  const [resuming, setResuming] = useState<PendingCover | null>(() => (typeof window === 'undefined' ? null : pendingCover()));
  const landed = useLandedCover(resuming);
  if (resuming && landed.data) {
    const found = landed.data;
    setResuming(null);
    rememberPendingCover(null);
    setCover(found);
    setTrackId(found.trackId);
    setTitle(found.title);
    if (found.conversationId !== null && found.conversationId !== conversationId) {
      setConversationId(found.conversationId);
      void navigate(`/cover-art/${found.conversationId}`, { replace: true });
    }
    void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
  }

  // The address changed (a link, the back button, 'Upload a different track'): follow it. The
  // session's own move from /cover-art to /cover-art/:id after its first cover changes nothing.
  const [seenId, setSeenId] = useState(id);
  if (seenId !== id) {
    setSeenId(id);
    if (typeof id === 'number' && id !== conversationId) {
      setConversationId(id);
      setCover(null);
      setTrackId(null);
    }
  }
  // Reopened: show the newest version.
  const newest = versions.data?.[0];
  if (!cover && newest && trackId === null && !generating && !resuming) {
    setCover(newest);
    setTrackId(newest.trackId);
    setTitle(newest.title);
  }

  async function generate(input: CreateCoverArtInput, kind: 'new' | 'restyle' | 'edit'): Promise<boolean> {
    if (kind === 'new') setGenerating(true);
    else setBusy(true);
    const forTrack = cover?.trackId ?? trackId;
    if (forTrack !== null) rememberPendingCover({ trackId: forTrack, afterId: Math.max(0, ...(versions.data ?? []).map((v) => v.id), cover?.id ?? 0), startedAt: Date.now() });
    try {
      const forSong = kind === 'new' && songId !== null ? { songId } : {};
      const created = await createCoverArt({ ...input, ...forSong, conversationId: conversationId ?? undefined });
      rememberPendingCover(null);
      setCover(created);
      if (kind === 'new') toast({ variant: 'success', title: COVER_MESSAGES.successTitle, description: COVER_MESSAGES.success });
      else if (kind === 'restyle') toast({ variant: 'success', title: COVER_MESSAGES.newStyleTitle, description: COVER_MESSAGES.newStyle(COVER_STYLE_LABELS[created.style]) });
      else toast({ variant: 'success', title: COVER_MESSAGES.successTitle, description: COVER_MESSAGES.changesApplied });
      if (created.conversationId !== null) {
        void queryClient.invalidateQueries({ queryKey: coverVersionsQueryKey(created.conversationId) });
        if (conversationId === null) {
          setConversationId(created.conversationId);
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
          void navigate(`/cover-art/${created.conversationId}`, { replace: true });
        }
      }
      return true;
    } catch (error) {
      // The server answered: no cover is coming. A request cut off (a reload, the network) may
      // still be made on the server, so the page keeps looking for it on its next load.
      if (error instanceof HttpError) rememberPendingCover(null);
      // Spec §4: a generation error returns to ready.
      toast({ title: 'Error', description: failureMessage(error), variant: 'destructive' });
      return false;
    } finally {
      setGenerating(false);
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
    }
  }

  function reset() {
    setTrackId(null);
    setSongId(null);
    setCover(null);
    setTitle('');
    setDirection('');
    setAdvisory(null);
    setConversationId(null);
    void navigate('/cover-art');
  }

  // 'AI' in the title only when an image model draws the covers (issue 24).
  const imageModel = useEngineInfo().data?.coverImage.kind === 'model';
  const header = <PageHeader title={imageModel ? COVER_MESSAGES.pageTitleWithModel : COVER_MESSAGES.pageTitle} subtitle={section.subtitle} icon={section.icon} />;
  if (id === 'invalid' || (versions.isError && versions.error instanceof HttpError && versions.error.status === 404)) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
        {header}
        <NotFoundState
          icon={FileQuestion}
          title="Cover art not found"
          description="It may have been deleted, or the link is wrong."
          actionLabel="Design a new cover"
          actionTo="/cover-art"
        />
      </div>
    );
  }

  let step: Step;
  if (resuming) step = 'generating';
  else if (cover && !generating) step = 'complete';
  else if (generating) step = 'generating';
  else if (trackId !== null) step = 'analyzing';
  else step = 'upload';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      {header}
      <div className="mt-6 grid gap-6" data-step={step}>
        {conversationId !== null && versions.isPending && !cover && !resuming ? <Skeleton className="h-64" /> : null}
        {step === 'upload' && !(conversationId !== null && versions.isPending) ? (
          <section aria-labelledby="cover-from-song" className="grid gap-4 rounded-2xl border border-border bg-card p-5 sm:p-6">
            <h2 id="cover-from-song" className="text-lg font-semibold tracking-tight">
              Start from a song
            </h2>
            <SongPicker value={choice} onChange={setChoice} />
            <Button
              className="justify-self-start"
              disabled={choice.trackId === null || chosenSong.data === undefined}
              onClick={() => {
                if (choice.trackId === null || !chosenSong.data) return;
                setTrackId(choice.trackId);
                setSongId(chosenSong.data.id);
                setTitle(chosenSong.data.title);
              }}
            >
              Use this version
            </Button>
            <p className="text-sm text-muted-foreground">Or upload a new track below.</p>
          </section>
        ) : null}
        {step === 'upload' && !(conversationId !== null && versions.isPending) ? (
          renderUpload((track) => {
            setTrackId(track.id);
            setSongId(track.songId);
            // Spec §3: the default title is the file name's part after its last dash.
            setTitle((t) => t || titleFromFilename(track.originalName));
          })
        ) : null}
        {step === 'generating' ? (
          <div role="status" className="grid justify-items-center gap-3 rounded-2xl border border-border bg-card p-10 text-center">
            <Spinner />
            <p className="font-medium">{resuming ? 'Your cover is still being made...' : 'Generating your cover art...'}</p>
            <p className="text-sm text-muted-foreground">{resuming ? 'It appears here as soon as it is ready.' : COVER.generationHint}</p>
            {resuming ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  rememberPendingCover(null);
                  setResuming(null);
                }}
              >
                Stop waiting
              </Button>
            ) : null}
          </div>
        ) : null}
        {step === 'analyzing' && trackId !== null
          ? renderTrack(trackId, (track) => (
              <ReadyPanel
                track={track}
                title={title}
                direction={direction}
                advisory={advisory}
                onTitle={setTitle}
                onDirection={setDirection}
                onAdvisory={setAdvisory}
                onGenerate={(input) => void generate(input, 'new')}
              />
            ))
          : null}
        {step === 'complete' && cover ? (
          <CoverResult
            cover={cover}
            versions={versions.data ?? [cover]}
            busy={busy}
            onSelect={setCover}
            onApplyChanges={(edit) => generate({ prompt: edit, mode: 'edit', parentId: cover.id }, 'edit')}
            onTryDifferentStyle={() => {
              const style = randomStyle(cover.style);
              void generate({ prompt: cover.direction || cover.concept.slice(0, 2000) || cover.title, mode: 'restyle', parentId: cover.id, style }, 'restyle');
            }}
            onPickStyle={(style) =>
              void generate({ prompt: cover.direction || cover.concept.slice(0, 2000) || cover.title, mode: 'restyle', parentId: cover.id, style }, 'restyle')
            }
            onReset={reset}
          />
        ) : null}
        {step === 'upload' && conversationId === null ? (
          <p className="text-sm text-muted-foreground">
            Upload a track: its lyrics and sound set the concept, and every cover comes out at 3000 × 3000 pixels, ready for distributors.
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface ReadyPanelProps {
  track: Track;
  title: string;
  direction: string;
  advisory: boolean | null;
  onTitle: (v: string) => void;
  onDirection: (v: string) => void;
  onAdvisory: (v: boolean) => void;
  onGenerate: (input: CreateCoverArtInput) => void;
}

/** Analyzing until the track has lyrics; then 'Analysis Complete' with the concept and the form (spec §2 'Ready'). */
function ReadyPanel({ track, title, direction, advisory, onTitle, onDirection, onAdvisory, onGenerate }: ReadyPanelProps) {
  const lyrics = track.transcriptionStatus === 'done' ? track.transcription : null;
  const concept = useCoverConcept(track.id, lyrics);
  const titleId = useId();
  const directionId = useId();
  const directionRef = useRef<HTMLTextAreaElement>(null);
  const advisoryId = useId();

  if (!lyrics) {
    const running = track.transcriptionStatus === 'pending' || track.transcriptionStatus === 'processing' || track.analysis.status !== 'done';
    return (
      <section className="rounded-2xl border border-border bg-card p-6" aria-live="polite">
        {running ? (
          <p role="status" className="flex items-center gap-2 font-medium">
            <Spinner /> {COVER_MESSAGES.analyzing}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Add the lyrics above: the concept and the cover come from them.</p>
        )}
        {running ? <Progress className="mt-3" value={Math.round(track.analysis.progress * 100)} aria-label="Analysis progress" /> : null}
      </section>
    );
  }
  if (concept.isPending) {
    return (
      <section className="rounded-2xl border border-border bg-card p-6">
        <p role="status" className="flex items-center gap-2 font-medium">
          <Spinner /> {COVER_MESSAGES.analyzing}
        </p>
      </section>
    );
  }
  const data = concept.data;
  const conceptText = data?.concept ?? '';
  const checked = advisory ?? data?.explicit ?? false;
  const canGenerate = title.trim().length > 0;

  return (
    <section aria-labelledby="analysis-complete" className="grid gap-4 rounded-2xl border border-border bg-card p-6">
      <h2 id="analysis-complete" className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck aria-hidden="true" className="size-5 text-success" /> {COVER_MESSAGES.analysisComplete}
      </h2>
      <div>
        <p className="text-sm leading-relaxed" data-testid="cover-concept">
          {conceptText}
        </p>
        {data ? (
          <p className="mt-1 text-xs text-muted-foreground">
            {data.kind === 'model' ? `Concept by ${data.engine}` : data.kind === 'fallback' ? 'The model could not write a concept, so a standard one is used.' : 'Concept written here from your lyrics and the track’s tempo, key and loudness (no AI model).'}
          </p>
        ) : null}
      </div>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!track.transcription) {
            toast({ title: 'Error', description: COVER_MESSAGES.noTranscription, variant: 'destructive' });
            return;
          }
          if (!canGenerate) return;
          onGenerate({
            prompt: direction.trim() || conceptText.slice(0, COVER.promptMax) || title.trim(),
            title: title.trim(),
            trackId: track.id,
            concept: conceptText.slice(0, COVER.conceptMax) || undefined,
            style: data?.suggestedStyle,
            advisory: checked,
          });
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={titleId} className="text-sm font-medium">
            Song title
          </label>
          <Input id={titleId} required maxLength={COVER.titleMax} value={title} onChange={(e) => onTitle(e.target.value)} placeholder="Enter your song title" />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={directionId} className="text-sm font-medium">
            Artistic direction (optional)
          </label>
          <Textarea id={directionId} ref={directionRef} rows={3} value={direction} onChange={(e) => onDirection(e.target.value)} placeholder="Colours, mood, imagery you want on the cover" />
          {/* The spec's cover art chips (issue 24): each starts the direction, to be finished by the artist. */}
          <QuickActions
            actions={QUICK_ACTIONS.coverart}
            onFill={(text) => {
              onDirection(text);
              requestAnimationFrame(() => {
                directionRef.current?.focus();
                directionRef.current?.setSelectionRange(text.length, text.length);
              });
            }}
          />
        </div>
        <div className="flex items-start gap-2">
          <input id={advisoryId} type="checkbox" className="mt-1 size-4 accent-primary" checked={checked} onChange={(e) => onAdvisory(e.target.checked)} />
          <label htmlFor={advisoryId} className="text-sm">
            Parental Advisory label (bottom right)
            <span className="block text-xs text-muted-foreground">Stores ask for it only on releases marked explicit{data?.explicit ? '; your lyrics have explicit words.' : '.'}</span>
          </label>
        </div>
        <div className="grid gap-1">
          <Button type="submit" disabled={!canGenerate} className="w-full sm:w-auto sm:justify-self-start">
            <Sparkles aria-hidden="true" /> {COVER_MESSAGES.generate}
          </Button>
          <p className="text-xs text-muted-foreground">{COVER.generationHint}</p>
          <QuotaHint kind="cover" />
        </div>
      </form>
    </section>
  );
}
