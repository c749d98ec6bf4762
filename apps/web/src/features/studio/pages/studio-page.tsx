import { BEAT_STYLES, BEAT_STYLE_LABELS, STUDIO, STUDIO_MESSAGES, type BeatStyleName, type StudioMusicItem } from '@members-only/shared/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { HttpError } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { parseIdParam } from '@/lib/route-params';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { sectionById } from '@/lib/sections';
import { createStudioSession, deriveBeat, generateBeat, isInProgress, STUDIO_MUSIC_QUERY_KEY, useBeatUnderstanding, useStudioMusic } from '../api/studio';
import { BeatLibrary, beatTitle, type BeatAction } from '../components/beat-library';
import { UnderstoodNote } from '../components/understood-note';
import { UnderstoodPanel } from '../components/understood-panel';
import { Select } from '@/components/ui/select';

/** Spec §8 music-generation messages, by what went wrong. */
function failureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const text = error.serverMessage ?? '';
    if (/api key/i.test(text) && /missing/i.test(text)) return STUDIO_MESSAGES.keyMissing;
    if (text) return text;
    if (error.status === 429) return STUDIO_MESSAGES.rateLimited;
    if (error.status === 503) return STUDIO_MESSAGES.unavailable;
    return STUDIO_MESSAGES.serverError;
  }
  if (error instanceof Error && error.message) return error.message;
  return STUDIO_MESSAGES.failedFallback;
}

/** What the studio is making: a beat from the form or 'Generate again', a variation, an extension. */
type Making = { kind: 'new'; prompt: string; model: BeatStyleName; fromForm: boolean } | { kind: 'variation' | 'extend'; id: number };

/** How long the description rests before the page asks what the beat maker will read in it. */
const UNDERSTAND_DEBOUNCE_MS = 300;

/** What the progress line says is being made. */
function makingText(item: StudioMusicItem | undefined, source: StudioMusicItem | undefined): string {
  if (!item || item.status !== 'running') return 'Waiting for the studio...';
  const percent = `${Math.round(item.progress * 100)}%`;
  const name = source ? `“${beatTitle(source)}”` : 'your beat';
  if (item.derivation === 'extension') return `Extending ${name}: ${percent}`;
  if (item.derivation === 'variation') return `Making a variation of ${name}: ${percent}`;
  return `Making your beat: ${percent}`;
}

/**
 * /studio and /studio/:id: visiting makes nothing (ADR 043). The 'Music Studio Session'
 * conversation (spec §2) is created with the first beat made from /studio, which then moves to
 * /studio/:id; the same page stays mounted, so the beat's progress carries on.
 */
export function StudioPage({ songPanel }: { songPanel?: ReactNode }) {
  const section = sectionById('studio');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8">
      <PageHeader title="Music Studio" subtitle={section.subtitle} icon={section.icon} />
      {/* Issue 26: the song a beat is for, composed in by app/routes/studio-route.tsx. */}
      {songPanel ? <div className="mt-6">{songPanel}</div> : null}
      <div className="mt-6">
        <StudioSession />
      </div>
    </div>
  );
}

function StudioSession() {
  const conversationId = parseIdParam(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [style, setStyle] = useState<BeatStyleName>('rap');
  const [description, setDescription] = useState('');
  const [playingId, setPlayingId] = useState<number | null>(null);
  // The last beat made from the form, to show what its description was read as.
  const [made, setMade] = useState<StudioMusicItem | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  // Beats this page has told the artist about (its own requests' answers), so a landing is announced once.
  const announced = useRef(new Set<number>());
  // Beats seen in the making, and what each was, to announce the ones that land after a reload.
  const following = useRef(new Map<number, StudioMusicItem['derivation']>());

  /** The session's conversation: the page's, or a new one made now (its first beat) and moved to. */
  async function sessionId(): Promise<number | undefined> {
    if (conversationId === 'invalid') return undefined;
    if (conversationId !== null) return conversationId;
    const conversation = await createStudioSession();
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    void navigate(`/studio/${conversation.id}`, { replace: true });
    return conversation.id;
  }

  // One mutation for every way of making a beat, so only one is made at a time and its progress shows.
  const generate = useMutation({
    mutationFn: async (input: Making) =>
      input.kind === 'new' ? generateBeat({ prompt: input.prompt, model: input.model, conversationId: await sessionId() }) : deriveBeat(input.id, input.kind),
    onSuccess: async (beat, input) => {
      announced.current.add(beat.id);
      await queryClient.invalidateQueries({ queryKey: STUDIO_MUSIC_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
      if (input.kind === 'new' && input.fromForm) setDescription('');
      if (input.kind === 'new') setMade(beat);
      toast({ title: input.kind === 'variation' ? STUDIO_MESSAGES.variationSuccess : input.kind === 'extend' ? STUDIO_MESSAGES.extensionSuccess : STUDIO_MESSAGES.success });
      play(beat);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: STUDIO_MUSIC_QUERY_KEY });
      toast({ title: STUDIO_MESSAGES.failedTitle, description: failureMessage(error), variant: 'destructive' });
    },
  });
  const music = useStudioMusic(generate.isPending);
  // A beat in the making: this page's, or one started before a reload (its job runs on).
  const pending = music.data?.find(isInProgress);
  const pendingSource = pending?.sourceId != null ? music.data?.find((b) => b.id === pending.sourceId) : undefined;
  const making = generate.isPending || pending !== undefined;

  // What the beat maker will read in the description, a moment after each pause in typing.
  const typed = useDebouncedValue(description.trim(), UNDERSTAND_DEBOUNCE_MS);
  const understanding = useBeatUnderstanding(typed, style);

  // A beat followed from the library (started before a reload, or elsewhere) that lands is announced
  // as the page's own would be; one this page's request answered was announced by the request.
  useEffect(() => {
    for (const item of music.data ?? []) {
      if (isInProgress(item)) {
        following.current.set(item.id, item.derivation);
        continue;
      }
      if (!following.current.has(item.id)) continue;
      following.current.delete(item.id);
      if (generate.isPending || announced.current.has(item.id)) continue;
      announced.current.add(item.id);
      if (item.status === 'failed') {
        toast({ title: STUDIO_MESSAGES.failedTitle, description: item.error ?? STUDIO_MESSAGES.serverError, variant: 'destructive' });
        continue;
      }
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
      toast({ title: item.derivation === 'variation' ? STUDIO_MESSAGES.variationSuccess : item.derivation === 'extension' ? STUDIO_MESSAGES.extensionSuccess : STUDIO_MESSAGES.success });
      if (item.derivation === null) setMade(item);
    }
  }, [music.data, generate.isPending, queryClient]);

  // One player for the page, so only one beat plays at a time; its state clears on end or pause.
  function play(item: StudioMusicItem) {
    const audio = audioRef.current;
    if (!item.audioUrl || !audio) return;
    audio.pause();
    if (!audio.src.endsWith(item.audioUrl)) audio.src = item.audioUrl;
    audio.play().then(
      () => setPlayingId(item.id),
      () => {
        setPlayingId(null);
        toast({ title: STUDIO_MESSAGES.playbackTitle, description: STUDIO_MESSAGES.playback, variant: 'destructive' });
      },
    );
  }

  function toggle(item: StudioMusicItem) {
    if (playingId === item.id) audioRef.current?.pause();
    else play(item);
  }

  function submit() {
    const prompt = description.trim();
    if (!prompt) {
      toast({ title: STUDIO_MESSAGES.descriptionRequiredTitle, description: STUDIO_MESSAGES.descriptionRequired, variant: 'destructive' });
      return;
    }
    generate.mutate({ kind: 'new', prompt, model: style, fromForm: true });
  }

  function act(item: StudioMusicItem, action: BeatAction) {
    if (action === 'again') generate.mutate({ kind: 'new', prompt: item.prompt ?? '', model: item.style, fromForm: false });
    else generate.mutate({ kind: action, id: item.id });
  }

  return (
    <div className="flex flex-col gap-8">
      <audio ref={audioRef} preload="none" className="hidden" data-testid="beat-player" onEnded={() => setPlayingId(null)} onPause={() => setPlayingId(null)} />
      <form
        className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6"
        aria-label="Generate a beat"
        onSubmit={(e) => {
          e.preventDefault();
          if (!making) submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="beat-style">Style</Label>
          <Select
            id="beat-style"
            value={style}
            disabled={generate.isPending}
            onChange={(e) => setStyle(e.target.value as BeatStyleName)}
          >
            {BEAT_STYLES.map((s) => (
              <option key={s} value={s}>
                {BEAT_STYLE_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="beat-description">Beat description</Label>
          <Textarea
            id="beat-description"
            rows={4}
            maxLength={STUDIO.promptMax}
            placeholder="Describe the beat: mood, tempo (e.g. 90 bpm), key, instruments, length"
            value={description}
            disabled={generate.isPending}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button type="submit" disabled={making}>
            {making ? 'Generating Beat...' : 'Generate Beat'}
          </Button>
          <QuotaHint kind="beat" />
        </div>
        {making ? (
          <div className="flex flex-col gap-1">
            <Progress value={Math.round((pending?.progress ?? 0) * 100)} aria-label="Beat progress" />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {makingText(pending, pendingSource)}
            </p>
          </div>
        ) : null}
        {typed && understanding.data && !making ? <UnderstoodPanel understanding={understanding.data} stale={understanding.isPlaceholderData || typed !== description.trim()} /> : null}
        {made && !making && !typed ? <UnderstoodNote beat={made} /> : null}
      </form>
      {music.isPending ? (
        <Spinner />
      ) : (
        <BeatLibrary
          items={music.data ?? []}
          playingId={playingId}
          onToggle={toggle}
          busy={making}
          onAction={act}
        />
      )}
    </div>
  );
}
