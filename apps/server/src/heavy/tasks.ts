import { BUILT_IN_BEAT_MAKER } from '@members-only/shared/studio';
import type { BeatStyleName } from '@members-only/shared/studio';
import type { CoverDesign, CoverLayout } from '@members-only/engines/cover';
import type { MixTakeInput, VocalChain } from '@members-only/engines/booth';
import { encodeMp3, id3Key } from '../audio/encode';
import { mixStemsZip } from '../audio/mix-stems';
import { storedZip, type ZipEntry } from '../audio/zip';
import { renderCover, type RenderedCover } from '../providers/image/built-in-renderer';
import type { AudioAnalysis } from '@members-only/engines/audio';
import type { ProbeResult } from '../audio/decode';

/**
 * The CPU-heavy, pure parts of the jobs (ADR 055): rendering and encoding a beat, rendering a
 * cover, mixing and mastering a booth mixdown, analysing a track; and the light tasks (ADR 068),
 * whose engines' data is kept out of the web process: a marketing plan, the holidays. Each takes plain data and typed
 * arrays and gives back plain data and typed arrays, so it runs the same on the main thread
 * (HEAVY_WORK_THREADS=0) or in a pool process (pool.ts), where its typed arrays cross the IPC
 * channel as copies (V8's serialiser).
 */
export interface TaskContext {
  signal: AbortSignal;
  progress(fraction: number): void;
  /** Hands the caller the next piece of a streamed output (`null`: the stream is complete). */
  chunk(stream: string, data: Uint8Array | null): void;
}

type BeatEngine = typeof import('@members-only/engines/beats');
type RenderedBeat = import('@members-only/engines/beats').RenderedBeat;

export interface BeatTaskInput {
  style: BeatStyleName;
  description: string;
  seed: number;
  variation: number;
  extensions: number;
  /** Also make the MIDI file and stream the stems ZIP (chunk stream 'stems'). */
  extras: boolean;
  title: string | null;
  artist: string;
}

export interface BeatTaskOutput {
  mp3: Uint8Array;
  midi: Uint8Array | null;
  title: string;
  plan: {
    bpm: number;
    key: string;
    lengthSec: number;
    style: string;
    sections: unknown;
    progressionLabel: unknown;
    keys: unknown;
    lead: unknown;
    bass: unknown;
    understood: unknown;
  };
  integratedLufs: number | null;
  truePeakDbtp: number | null;
}

/** The stems' names in the ZIP (the bass is '808.wav' when it is an 808). */
export const STEM_FILES = { drums: 'Drums.wav', bass: 'Bass.wav', chords: 'Chords.wav', melody: 'Melody.wav' } as const;

/** Renders the beat, then encodes its MP3 (ffmpeg, its own process) while the MIDI file and the stems ZIP are written. */
async function beat(input: BeatTaskInput, ctx: TaskContext): Promise<BeatTaskOutput> {
  const engine = await import('@members-only/engines/beats');
  const rendered = await engine.generateBeat(
    { style: input.style, description: input.description, seed: input.seed, variation: input.variation, extensions: input.extensions },
    // The stems streamed: the master gain goes onto them as the ZIP is written, while the MP3 encodes.
    { stems: input.extras ? 'streamed' : false, onProgress: (f) => ctx.progress(0.8 * f) },
  );
  ctx.signal.throwIfAborted();
  const { plan } = rendered;
  const name = input.title ?? engine.beatTitle(plan);
  const { artist, seed, variation } = input;
  const encoding = encodeMp3(
    rendered.channels,
    rendered.sampleRate,
    {
      title: name,
      artist,
      bpm: plan.bpm,
      key: id3Key(plan.key),
      copyright: `${artist} (made with the ${BUILT_IN_BEAT_MAKER.toLowerCase()})`,
      comment: `${plan.key}, ${plan.bpm} BPM, seed ${seed}${variation ? `, variation ${variation}` : ''}`,
    },
    { signal: ctx.signal },
  );
  let midi: Uint8Array | null = null;
  if (input.extras) {
    midi = new Uint8Array(engine.beatToMidi(plan, rendered.score, name));
    for await (const piece of stemsZip(engine, rendered, artist)) ctx.chunk('stems', piece);
    ctx.chunk('stems', null);
  }
  const mp3 = await encoding;
  return {
    mp3,
    midi,
    title: name,
    plan: {
      bpm: plan.bpm,
      key: plan.key,
      lengthSec: plan.lengthSec,
      style: plan.style,
      sections: plan.sections,
      progressionLabel: plan.progressionLabel,
      keys: plan.keys,
      lead: plan.lead,
      bass: plan.bass,
      understood: plan.understood,
    },
    integratedLufs: rendered.integratedLufs,
    truePeakDbtp: rendered.truePeakDbtp,
  };
}

/**
 * The stems as a ZIP (stored: audio barely compresses) of 16-bit stereo WAVs at the mix's sample
 * rate, each exactly as long as the mix and starting with it, so they line up sample for sample
 * and add up to it; the mix itself as a WAV (the lossless master); a note of the tempo and key.
 * Made in chunks by the shared stored-ZIP writer (audio/zip.ts), which yields to the event loop
 * between them so the MP3 encoder keeps being fed.
 */
function stemsZip(engine: BeatEngine, rendered: RenderedBeat, artist: string): AsyncGenerator<Uint8Array> {
  const { plan } = rendered;
  const bass = plan.bass === '808' ? '808.wav' : STEM_FILES.bass;
  const note = [
    `${plan.style} beat by ${artist}, made with the ${BUILT_IN_BEAT_MAKER.toLowerCase()}.`,
    `Tempo ${plan.bpm} BPM, key ${plan.key}, ${plan.lengthSec} s.`,
    `Stems: 16-bit stereo WAV at ${rendered.sampleRate} Hz. Place them all at the start of the project: they line up sample for sample and add up to the mix (Mix.wav, the master).`,
    '',
  ].join('\r\n');
  const [l, r] = rendered.channels;
  const frames = Math.min(l.length, r.length);
  // Each stem's pieces are made (the master gain applied) as the ZIP reaches them.
  const stem = (name: (typeof engine.STEM_NAMES)[number]): Iterable<Uint8Array> => ({
    *[Symbol.iterator]() {
      if (rendered.streamStem) yield* engine.wavChunksOf(frames, rendered.sampleRate, rendered.streamStem(name));
      else yield* engine.wavChunks(rendered.stems![name][0], rendered.stems![name][1], rendered.sampleRate);
    },
  });
  return storedZip([
    ['README.txt', [Buffer.from(note, 'utf8')]],
    ['Mix.wav', engine.wavChunks(l, r, rendered.sampleRate)],
    ...engine.STEM_NAMES.map((name): ZipEntry => [name === 'bass' ? bass : STEM_FILES[name], stem(name)]),
  ]);
}

export interface CoverTaskInput {
  design: CoverDesign;
  options?: Parameters<typeof renderCover>[1];
}
export interface CoverTaskOutput {
  png: Uint8Array;
  layout: CoverLayout;
  titleBounds: RenderedCover['titleBounds'];
}

async function cover(input: CoverTaskInput): Promise<CoverTaskOutput> {
  return renderCover(input.design, { ...input.options, onThisThread: true });
}

export interface MixdownTaskInput {
  backing: [Float32Array, Float32Array];
  sampleRate: number;
  bpm: number;
  firstDownbeatMs: number;
  takes: MixTakeInput[];
  vocal: VocalChain;
  beatDuckDb: number;
  tags: { title: string; artist: string };
}
export interface MixdownTaskOutput {
  mp3: Uint8Array;
  stems: Uint8Array;
}

/** Comps, processes, mixes and masters the takes over the backing, then encodes the MP3 while the stems ZIP is built. */
async function mixdown(input: MixdownTaskInput, ctx: TaskContext): Promise<MixdownTaskOutput> {
  const engine = await import('@members-only/engines/booth');
  const result = engine.mixdown({
    backing: input.backing,
    sampleRate: input.sampleRate,
    bpm: input.bpm,
    firstDownbeatMs: input.firstDownbeatMs,
    takes: input.takes,
    vocal: input.vocal,
    beatDuckDb: input.beatDuckDb,
    progress: (f) => ctx.progress(f),
  });
  const [mp3, stems] = await Promise.all([
    encodeMp3(result.master, input.sampleRate, { ...input.tags, comment: result.engine }, { signal: ctx.signal }),
    mixStemsZip(result, input.backing, input.sampleRate),
  ]);
  return { mp3, stems };
}

/**
 * What the worker reports about itself (tests): its process, and its OS priority as Linux sees
 * the calling thread and every thread of the process; and its input, sent back as it came.
 */
async function probe(echo?: unknown): Promise<{ nice: number | null; threadNices: number[]; pid: number; echo?: unknown }> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  try {
    // /proc/thread-self is the calling thread's entry: read synchronously, on this thread.
    const nice = niceOf(readFileSync('/proc/thread-self/stat', 'utf8'));
    const threadNices = readdirSync('/proc/self/task').flatMap((tid) => {
      try {
        return [niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))];
      } catch {
        return [];
      }
    });
    return { nice, threadNices, pid: process.pid, echo };
  } catch {
    return { nice: null, threadNices: [], pid: process.pid, echo };
  }
}

/**
 * Track analysis (analysis-thread.ts): decodes the file through ffmpeg, streaming it through the
 * engine's analyser, so the decoded track is never held whole. Errors keep their code
 * (AudioDecodeError's), which the pool carries across.
 */
async function analyze(input: { file: string; probe?: ProbeResult; maxDurationSec?: number }, ctx: TaskContext): Promise<AudioAnalysis> {
  const { analyzeAudioFile } = await import('../audio/analyze-file');
  return analyzeAudioFile(input.file, { probe: input.probe, maxDurationSec: input.maxDurationSec }, (f) => ctx.progress(f), ctx.signal);
}

type MarketingEngine = typeof import('@members-only/engines/marketing');

export interface MarketingPlanTaskInput {
  plan: Parameters<MarketingEngine['buildMarketingPlan']>[0];
  /** The model's prompt to write too (a model writes the plan's text). */
  prompt: Parameters<MarketingEngine['marketingPrompt']>[0] | null;
}
export interface MarketingPlanTaskOutput {
  markdown: string;
  quotes: string[];
  hashtags: ReturnType<MarketingEngine['buildMarketingPlan']>['hashtags'];
  calendar: ReturnType<MarketingEngine['buildMarketingPlan']>['calendar'];
  prompt: string | null;
}

/**
 * The built-in planner's plan (and the model's prompt): a light task (pool.ts, ADR 068), so its
 * part-of-speech tagger (compromise, about 10 MB of heap) and its own copy of the lyric engine
 * live in a process that ends when idle, not in the web process.
 */
async function marketingPlan(input: MarketingPlanTaskInput): Promise<MarketingPlanTaskOutput> {
  const engine = await import('@members-only/engines/marketing');
  const plan = engine.buildMarketingPlan(input.plan);
  return {
    markdown: plan.markdown,
    quotes: plan.quotes.map((q) => q.text),
    hashtags: plan.hashtags,
    calendar: plan.calendar,
    prompt: input.prompt ? engine.marketingPrompt(input.prompt) : null,
  };
}

/** Public holidays by year (services/holiday-data.ts): a light task, so date-holidays' rules never load in the web process. */
async function holidays(input: { country: string; years: number[] }) {
  const { publicHolidays } = await import('../services/holiday-data');
  return publicHolidays(input.country, input.years);
}

export const TASKS = { beat, cover, mixdown, analyze, probe, marketingPlan, holidays } as const;
export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;
