import type { Booth, Take } from '@members-only/shared/booth';
import { useQueryClient } from '@tanstack/react-query';
import { Headphones, Mic, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { SongLoadFailed, SongNotFound, SongPageFrame } from '@/components/song-page-states';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, HttpError } from '@/lib/api-client';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { parseIdParam } from '@/lib/route-params';
import { cn } from '@/lib/utils';
import { mixesQueryKey, sendTakeChunk, startMixdown, takeAudioUrl, takesQueryKey, useBooth, useJob, useMixes, useTakes } from '../api/booth';
import { LevelMeter } from '../components/level-meter';
import { SILENT_METER, nextMeter, type MeterState } from '../lib/meter';
import { DEFAULT_MIX_SETTINGS, MixPanel, type MixSettingsState, type MixState } from '../components/mix-panel';
import { Prompter } from '../components/prompter';
import { defaultChoice, formatSeconds, TakesList, type CompChoice } from '../components/takes-list';
import { MIN_CONFIDENCE, readCalibration } from '../lib/calibration';
import { compTakes } from '../lib/comp';
import { barProgress, prompterAt, prompterLines, punchInEndMs, punchInStartMs } from '../lib/placement';
import { BoothAudio, MicError, type Recording } from '../lib/recorder';

type Backing = NonNullable<Booth['backing']>;
type Mic = { kind: 'ask' } | { kind: 'opening' } | { kind: 'ready'; audio: BoothAudio } | { kind: 'failed'; message: string };
type Phase = 'idle' | 'loading' | 'recording' | 'saving' | 'playing' | 'calibrating';

/** Peaks this close to full scale count as clipping; the warning stays up this long. */
const CLIP_PEAK = 0.985;
const CLIP_HOLD_MS = 2000;

/** /songs/:id/booth: record vocals over the song's beat with the lyrics in front of you, comp and mix (issue 29). */
export function BoothPage() {
  const id = parseIdParam(useParams().id);
  const songId = typeof id === 'number' ? id : 0;
  const booth = useBooth(songId);
  if (id === 'invalid' || id === null || (booth.error instanceof HttpError && (booth.error.status === 404 || booth.error.status === 400))) {
    return <SongNotFound />;
  }
  if (booth.isError) {
    return <SongLoadFailed title="Booth" icon={Mic} message="Failed to load the Booth. Please try again later." onRetry={() => void booth.refetch()} />;
  }
  if (booth.isPending) {
    return (
      <SongPageFrame>
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading the Booth...</span>
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-64" />
        </div>
      </SongPageFrame>
    );
  }
  const { song, backing } = booth.data;
  if (!backing) {
    return (
      <SongPageFrame>
        <PageHeader title={`Booth: ${song.title}`} subtitle="Record vocals over your beat with the lyrics in front of you." icon={Mic} />
        <Card className="mt-6 grid justify-items-start gap-3 p-6">
          <h2 className="text-lg font-semibold">Nothing to record over yet</h2>
          <p className="text-sm text-muted-foreground">The Booth plays the song’s beat (or its newest version) while you record. Make a beat in Studio and attach it to this song, or upload a version first.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={`/studio?song=${song.id}`} className={buttonVariants({ size: 'sm' })}>
              Make a beat
            </Link>
            <Link to={`/songs/${song.id}`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
              Upload a version
            </Link>
          </div>
        </Card>
      </SongPageFrame>
    );
  }
  return <BoothView songId={song.id} title={song.title} lyrics={song.lyrics} backing={backing} />;
}

function BoothView({ songId, title, lyrics, backing }: { songId: number; title: string; lyrics: string | null; backing: Backing }) {
  const queryClient = useQueryClient();
  const takes = useTakes(songId);
  const mixes = useMixes(songId);
  const [mic, setMic] = useState<Mic>({ kind: 'ask' });
  const [meter, setMeter] = useState<MeterState>(SILENT_METER);
  const [clipUntil, setClipUntil] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [metronome, setMetronome] = useState(false);
  const [punchFrom, setPunchFrom] = useState('');
  const [punchTo, setPunchTo] = useState('');
  const [punchOpen, setPunchOpen] = useState(false);
  const [positionMs, setPositionMs] = useState(-1);
  const [uploadedMs, setUploadedMs] = useState(0);
  const [playingTake, setPlayingTake] = useState<number | null>(null);
  const [comp, setComp] = useState<Record<number, CompChoice>>({});
  const [settings, setSettings] = useState<MixSettingsState>(DEFAULT_MIX_SETTINGS);
  const [jobId, setJobId] = useState<number | null>(null);
  const [mixError, setMixError] = useState<string | null>(null);
  const [workletLoad, setWorkletLoad] = useState<number | null>(null);
  /** This microphone and output's measured delay (ms), kept in this browser; null: the browser's reported latencies are used. */
  const [measuredMs, setMeasuredMs] = useState<number | null>(null);
  /** Where the take being recorded starts in the backing (ms): before it, the count-in. */
  const [recordFromMs, setRecordFromMs] = useState(0);
  const recording = useRef<Recording<Take> | null>(null);
  const clock = useRef<(() => number) | null>(null);
  const job = useJob(jobId);

  // Closes the microphone and the audio context when the page goes.
  const audio = mic.kind === 'ready' ? mic.audio : null;
  useEffect(() => () => audio?.close(), [audio]);
  useEffect(() => {
    audio?.onLevel((p) => {
      setMeter((m) => nextMeter(m, p, performance.now()));
      if (p >= CLIP_PEAK) setClipUntil(Date.now() + CLIP_HOLD_MS);
    });
    return () => audio?.onLevel(null);
  }, [audio]);
  // A delay measured earlier for this microphone and output.
  useEffect(() => {
    if (!audio) return;
    const stored = readCalibration(window.localStorage, audio.calibrationKey());
    audio.setCalibration(stored);
    setMeasuredMs(stored);
  }, [audio]);
  // The prompter's clock: every frame while something plays.
  useEffect(() => {
    if (phase !== 'recording' && phase !== 'playing') return;
    let frame = requestAnimationFrame(function tick() {
      if (clock.current) setPositionMs(clock.current());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [phase]);
  const [, setNow] = useState(0);
  useEffect(() => {
    if (clipUntil === 0) return;
    const t = window.setTimeout(() => setNow(Date.now()), Math.max(0, clipUntil - Date.now()) + 10);
    return () => window.clearTimeout(t);
  }, [clipUntil]);
  const clipped = clipUntil > Date.now();

  const openMic = async () => {
    setMic({ kind: 'opening' });
    try {
      const opened = await BoothAudio.open();
      setMic({ kind: 'ready', audio: opened });
      // The backing decoded ahead, so Record starts at once.
      void opened.load(backing.audioUrl).catch(() => {});
    } catch (error) {
      setMic({ kind: 'failed', message: error instanceof MicError ? error.message : errorMessage(error, 'The microphone could not be opened. Please try again.') });
    }
  };

  const punch = (() => {
    const from = punchFrom.trim() ? Number(punchFrom) : null;
    const to = punchTo.trim() ? Number(punchTo) : null;
    if (from === null && to === null) return { range: null, problem: null };
    const ok = (n: number | null) => n !== null && Number.isInteger(n) && n >= 1 && n <= backing.bars;
    if (!ok(from) || !ok(to)) return { range: null, problem: `Bars go from 1 to ${backing.bars} in this beat.` };
    if (from! > to!) return { range: null, problem: 'The first bar must not come after the last.' };
    return { range: { from: from!, to: to! }, problem: null };
  })();

  const record = async (range: { from: number; to: number } | null) => {
    if (!audio) return;
    setPhase('loading');
    setUploadedMs(0);
    try {
      const beat = await audio.load(backing.audioUrl);
      const fromMs = range ? punchInStartMs(range.from, backing.bpm, backing.firstDownbeatMs) : 0;
      setRecordFromMs(fromMs);
      const rec = audio.record<Take>({
        backing: beat,
        bpm: backing.bpm,
        firstDownbeatMs: backing.firstDownbeatMs,
        fromMs,
        stopAtMs: range ? punchInEndMs(range.to, backing.bpm, backing.firstDownbeatMs) : undefined,
        metronome,
        take: range ? { fromBar: range.from, toBar: range.to, name: `Bars ${range.from}–${range.to}` } : {},
        send: (fields, pcm) => sendTakeChunk(songId, fields, pcm),
        onUploaded: (take) => setUploadedMs(take.durationMs),
      });
      recording.current = rec;
      clock.current = rec.positionMs;
      setPhase('recording');
      await rec.ended;
      setPhase('saving');
      const { take, workletLoad: load } = await rec.stop();
      setWorkletLoad(load);
      toast({ variant: 'success', title: 'Take saved', description: `“${take.name}”, ${formatSeconds(take.durationMs)}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'The take was not saved', description: errorMessage(error) });
    } finally {
      recording.current = null;
      clock.current = null;
      setPositionMs(-1);
      setPhase('idle');
      void queryClient.invalidateQueries({ queryKey: takesQueryKey(songId) });
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
    }
  };
  const calibrate = async () => {
    if (!audio) return;
    setPhase('calibrating');
    try {
      const { delayMs, confidence } = await audio.calibrate();
      if (confidence < MIN_CONFIDENCE) {
        toast({ variant: 'destructive', title: 'The clicks were not heard', description: 'Take your headphones off, turn the speakers up and measure again.' });
        return;
      }
      window.localStorage.setItem(audio.calibrationKey(), delayMs.toFixed(1));
      audio.setCalibration(delayMs);
      setMeasuredMs(delayMs);
      toast({ variant: 'success', title: 'Delay measured', description: 'Put your headphones back on to record.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not measure the delay', description: errorMessage(error) });
    } finally {
      setPhase('idle');
    }
  };
  const forgetCalibration = () => {
    if (!audio) return;
    window.localStorage.removeItem(audio.calibrationKey());
    audio.setCalibration(null);
    setMeasuredMs(null);
  };

  const stopRecording = () => void recording.current?.stop().catch(() => {});

  const stopPlayback = useCallback(() => {
    audio?.stopAll();
    clock.current = null;
    setPlayingTake(null);
    setPositionMs(-1);
    setPhase((p) => (p === 'playing' ? 'idle' : p));
  }, [audio]);
  const play = async (take: Take | null) => {
    if (!audio) return;
    if (!take) return stopPlayback();
    try {
      const [beat, voice] = await Promise.all([audio.load(backing.audioUrl), audio.load(takeAudioUrl(songId, take.id))]);
      const fromMs = take.fromBar !== null ? punchInStartMs(take.fromBar, backing.bpm, backing.firstDownbeatMs) : 0;
      const { positionMs: at } = audio.play(beat, [{ buffer: voice, startMs: take.startMs }], fromMs);
      clock.current = at;
      setPlayingTake(take.id);
      setPhase('playing');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not play the take', description: errorMessage(error) });
    }
  };
  // Playback ends with the backing.
  useEffect(() => {
    if (phase === 'playing' && positionMs >= backing.durationMs) stopPlayback();
  }, [phase, positionMs, backing.durationMs, stopPlayback]);

  // The mix job.
  const mixState: MixState =
    jobId === null
      ? mixError
        ? { kind: 'failed', message: mixError }
        : { kind: 'idle' }
      : job.data?.status === 'done' && job.data.result
        ? { kind: 'done', trackId: job.data.result.trackId }
        : job.data?.status === 'failed'
          ? { kind: 'failed', message: job.data.error ?? 'The mix failed. Please try again.' }
          : { kind: 'running', progress: job.data?.progress ?? 0 };
  const finishedTrack = mixState.kind === 'done' ? mixState.trackId : null;
  useEffect(() => {
    if (finishedTrack === null) return;
    void queryClient.invalidateQueries({ queryKey: mixesQueryKey(songId) });
    void queryClient.invalidateQueries({ queryKey: ['/api/songs', songId] });
  }, [finishedTrack, queryClient, songId]);

  const takeList = takes.data ?? [];
  const comped = compTakes(
    takeList.map((t) => ({ takeId: t.id, ...(comp[t.id] ?? defaultChoice(t)) })),
    backing.bars,
  );
  const mix = async () => {
    if (!('takes' in comped)) return;
    setMixError(null);
    setJobId(null);
    try {
      const { jobId: started } = await startMixdown(songId, { takes: comped.takes, vocal: settings.vocal, beatDuckDb: settings.beatDuckDb });
      setJobId(started);
      void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
    } catch (error) {
      setMixError(errorMessage(error));
    }
  };

  const lines = prompterLines(lyrics);
  const at = prompterAt(lines, positionMs, backing.bpm, backing.firstDownbeatMs);
  const countingIn = phase === 'recording' && positionMs < recordFromMs;
  const busy = phase === 'recording' || phase === 'saving' || phase === 'loading' || phase === 'calibrating';

  return (
    <SongPageFrame>
      <PageHeader
        title={`Booth: ${title}`}
        subtitle={`Recording over ${backing.kind === 'beat' ? 'the beat' : 'the version'} “${backing.title}”, ${Math.round(backing.bpm)} BPM, ${backing.bars} bars.`}
        icon={Mic}
        actions={
          <Link to={`/songs/${songId}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Back to the song
          </Link>
        }
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start" data-worklet-load={workletLoad ?? undefined} data-testid="booth">
        <div className="grid min-w-0 gap-6">
          <BoothCard id="booth-record" title="Record" className="gap-4">
            {mic.kind === 'ready' ? (
              <>
                <LevelMeter meter={meter} clipped={clipped} />
                <p className="flex items-start gap-2 rounded-lg bg-muted/60 p-2.5 text-xs text-muted-foreground">
                  <Headphones aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  Wear headphones: the beat must not reach the microphone, or it ends up in your take.
                </p>
                <div className="flex flex-wrap items-center gap-3">
                  {phase === 'recording' ? (
                    <Button variant="destructive" onClick={stopRecording}>
                      <Square aria-hidden="true" /> Stop
                    </Button>
                  ) : (
                    <Button onClick={() => void record(null)} disabled={busy || phase === 'playing'}>
                      <Mic aria-hidden="true" /> {phase === 'loading' ? 'Getting ready…' : phase === 'saving' ? 'Saving the take…' : 'Record a take'}
                    </Button>
                  )}
                  <label className="flex items-center gap-2 text-sm">
                    <Checkbox checked={metronome} disabled={busy} onChange={(e) => setMetronome(e.target.checked)} />
                    Metronome
                  </label>
                  <span className="text-sm tabular-nums text-muted-foreground" role="status" data-testid="record-status">
                    {phase === 'recording'
                      ? countingIn
                        ? 'Count-in…'
                        : `Recording · bar ${Math.max(1, at.bar)} of ${backing.bars} · ${formatSeconds(uploadedMs)} saved`
                      : phase === 'saving'
                        ? 'Saving…'
                        : 'One bar of clicks counts you in.'}
                  </span>
                </div>
                <details className="rounded-xl border border-border p-3">
                  <summary className="cursor-pointer text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">Timing</summary>
                  <div className="mt-2 grid gap-2 text-sm">
                    <p data-testid="measured-delay">
                      {measuredMs !== null ? `Measured delay: ${Math.round(measuredMs)} ms on this microphone.` : 'Takes are lined up using the delay your browser reports.'}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      If your takes sound early or late, measure the delay once for this microphone: take your headphones off and turn your speakers up, so the microphone hears a few clicks (about 4 seconds). Put your headphones back on to record.
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" size="sm" disabled={busy || phase === 'playing'} onClick={() => void calibrate()}>
                        {phase === 'calibrating' ? 'Listening…' : measuredMs !== null ? 'Measure again' : 'Measure the delay'}
                      </Button>
                      {measuredMs !== null ? (
                        <Button variant="ghost" size="sm" disabled={busy} onClick={forgetCalibration}>
                          Forget the measurement
                        </Button>
                      ) : null}
                    </div>
                  </div>
                </details>
                <details className="rounded-xl border border-border p-3" open={punchOpen} onToggle={(e) => setPunchOpen(e.currentTarget.open)}>
                  <summary className="cursor-pointer text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">Record some bars again</summary>
                <fieldset className="mt-2 grid gap-2" disabled={busy || phase === 'playing'}>
                  <legend className="sr-only">Bars to record again</legend>
                  <div className="flex flex-wrap items-end gap-2">
                    <label className="grid gap-1 text-xs text-muted-foreground">
                      From bar
                      <Input type="number" inputMode="numeric" min={1} max={backing.bars} className="h-9 w-20" value={punchFrom} onChange={(e) => setPunchFrom(e.target.value)} />
                    </label>
                    <label className="grid gap-1 text-xs text-muted-foreground">
                      To bar
                      <Input type="number" inputMode="numeric" min={1} max={backing.bars} className="h-9 w-20" value={punchTo} onChange={(e) => setPunchTo(e.target.value)} />
                    </label>
                    <Button variant="secondary" className="h-9" disabled={!punch.range} onClick={() => punch.range && void record(punch.range)}>
                      Record these bars
                    </Button>
                  </div>
                  <p className={cn('text-xs', punch.problem ? 'text-destructive-text' : 'text-muted-foreground')}>
                    {punch.problem ?? 'Playback starts a bar earlier so you can come in; only these bars are kept in the mix.'}
                  </p>
                </fieldset>
                </details>
              </>
            ) : (
              <MicGate mic={mic} onOpen={() => void openMic()} />
            )}
          </BoothCard>
          <BoothCard
            id="booth-lyrics"
            title="Lyrics"
            aside={
              <Link to={`/lyrics?song=${songId}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Edit in Lyric Assist
              </Link>
            }
          >
            <Prompter lines={lines} current={at.current} next={at.next} bar={at.bar} progress={barProgress(positionMs, backing.bpm, backing.firstDownbeatMs)} />
          </BoothCard>
          <BoothCard id="booth-takes" title="Takes">
            {takes.isError ? (
              <LoadFailed message="Failed to load the takes." onRetry={() => void takes.refetch()} />
            ) : takes.isPending ? (
              <Skeleton className="h-16" />
            ) : (
              <>
                {mic.kind !== 'ready' && takeList.length > 0 ? <p className="text-xs text-muted-foreground">Allow the microphone above to play takes with the beat.</p> : null}
                <TakesList
                  songId={songId}
                  takes={takeList}
                  bars={backing.bars}
                  comp={comp}
                  onComp={(takeId, choice) => setComp((c) => ({ ...c, [takeId]: choice }))}
                  playing={playingTake}
                  onPlay={(take) => void play(take)}
                  busy={busy || mic.kind !== 'ready'}
                />
              </>
            )}
          </BoothCard>
        </div>
        <BoothCard id="booth-mix" title="Mix">
          <p className="text-sm text-muted-foreground">The chosen takes over the beat, mastered for streaming. The mix becomes the song’s next version.</p>
          <MixPanel
            songId={songId}
            settings={settings}
            onSettings={setSettings}
            onMix={() => void mix()}
            canMix={'takes' in comped && !busy}
            problem={'message' in comped ? comped.message : null}
            state={mixState}
            mixes={mixes.data ?? []}
          />
        </BoothCard>
      </div>
    </SongPageFrame>
  );
}

/** One of the Booth's cards: a section named by its heading, with a link beside the heading if given. */
function BoothCard({ id, title, aside, className, children }: { id: string; title: string; aside?: ReactNode; className?: string; children: ReactNode }) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold tracking-tight">
      {title}
    </h2>
  );
  return (
    <Card className="p-5">
      <section aria-labelledby={id} className={cn('grid gap-3', className)}>
        {aside ? (
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            {heading}
            {aside}
          </div>
        ) : (
          heading
        )}
        {children}
      </section>
    </Card>
  );
}

function MicGate({ mic, onOpen }: { mic: Mic; onOpen: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-sm">
        The Booth records your voice with your microphone while the beat plays. Your browser will ask to use it; the takes are kept for you alone until you delete them.
      </p>
      {mic.kind === 'failed' ? (
        <p role="alert" className="text-sm text-destructive-text">
          {mic.message}
        </p>
      ) : null}
      <Button onClick={onOpen} disabled={mic.kind === 'opening'}>
        <Mic aria-hidden="true" /> {mic.kind === 'opening' ? 'Waiting for the microphone…' : mic.kind === 'failed' ? 'Try again' : 'Allow the microphone'}
      </Button>
    </div>
  );
}
