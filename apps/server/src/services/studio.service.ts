import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { BUILT_IN_BEAT_ENGINE, STUDIO, STUDIO_MESSAGES, type BeatDerivation, type BeatUnderstanding, type GenerateBeatInput, type UnderstandBeatInput } from '@members-only/shared/studio';
import type { BeatRow } from '../db/types';
import type { BeatRepository, NewBeat } from '../repositories/beat.repository';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UnitOfWork } from '../repositories/index';
import type { FileStorage } from '../providers/storage/types';
import { MusicServiceError, type MusicProvider } from '../providers/music/index';
import type { JobQueue } from '../jobs/queue';
import type { JobContext } from '../jobs/worker';
import { AppError, PermanentJobError, badRequest, diskFull, isDiskFull, notFound } from '../errors';
import type { SongService } from './song.service';
import { startBeatCommand } from '../commands/start-beat.command';
import { authorize, can, type Actor } from '../policies/index';

const POLL_MS = 200;

/**
 * Studio: a beat is a row plus a `beat.generate` job. POST waits for the job (the spec's contract
 * answers the finished item with its audioUrl) while the page reads progress from the library.
 */
/** How a request waits for its beat: until `signal` aborts; `accepted` once the job exists. */
export interface BeatWait {
  signal?: AbortSignal;
  accepted?: () => void;
}

/** Studio: beats made as jobs by the music provider, their variations and extensions, names, downloads and stems. */
export function createStudioService(deps: {
  beats: BeatRepository;
  conversations: ConversationRepository;
  users: UserRepository;
  uow: UnitOfWork;
  storage: FileStorage;
  queue: JobQueue;
  music: MusicProvider;
  /** The built-in engine, which makes variations and extensions of its own beats whatever `music` is. */
  builtIn: MusicProvider;
  /** How long POST waits for its beat before answering 504 (the job still finishes). */
  waitMs: number;
  /** The job failed: the beat's quota unit comes back (quota.service.ts, `workFailed`). */
  workFailed: (userId: number, acceptedAt: Date) => Promise<void>;
  /** Songs (issue 26): a beat made for a song becomes its beat. */
  songs?: Pick<SongService, 'context' | 'attachBeat'>;
}) {
  const { beats, conversations, users, uow, storage, queue, music, builtIn, waitMs, workFailed, songs } = deps;
  type BeatEngine = typeof import('@members-only/engines/beats');
  let engineLoading: Promise<BeatEngine> | undefined;
  const loadEngine = () => (engineLoading ??= import('@members-only/engines/beats'));

  /** Writes the beat's row and its job in one unit of work: the work is accepted. */
  async function start(values: NewBeat): Promise<BeatRow> {
    const beat = await startBeatCommand({ values }, { uow, queue });
    queue.notify();
    return beat;
  }

  /** The beat failed for good: its unit comes back once, before anyone can see it failed. */
  async function markFailed(beat: BeatRow, values: { error_status: number; error_message: string; error_retry_after?: string | null }) {
    await workFailed(beat.user_id, new Date(beat.created_at)).catch(() => {});
    await beats.update(beat.id, { status: 'failed', ...values });
  }

  /** The owner's finished beat's file of a kind, or 404 (someone else's, a hosted beat without it). */
  async function partFor(actor: Actor, id: number, kind: 'stems' | 'midi') {
    const beat = authorize(actor, 'stream', 'beat', await beats.findById(id));
    const filename = kind === 'stems' ? beat.stems_filename : beat.midi_filename;
    if (beat.status !== 'done' || !filename) throw notFound(kind === 'stems' ? 'Stems' : 'MIDI file');
    const key = `beats/${filename}`;
    const size = await storage.size(key);
    if (size === undefined) throw notFound(kind === 'stems' ? 'Stems' : 'MIDI file');
    return { beat, size, read: () => storage.read(key) };
  }

  /**
   * Waits for an accepted beat. A client that goes away (499) or a wait that runs out (504) ends
   * only the wait: the job goes on, the beat lands in the library, and its unit stays spent.
   */
  async function waitFor(id: number, signal?: AbortSignal): Promise<BeatRow> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const beat = await beats.findById(id);
      if (!beat) throw notFound('Beat');
      if (beat.status === 'done') return beat;
      if (beat.status === 'failed') {
        // The service's Retry-After is on the row (ADR 033): the same answer whichever process ran the job.
        const retryAfter = beat.error_retry_after;
        throw new AppError(beat.error_status ?? 500, beat.error_message ?? STUDIO_MESSAGES.serverError, 'music_failed', undefined, retryAfter ? { 'retry-after': retryAfter } : undefined);
      }
      if (signal?.aborted) throw new AppError(499, 'Request closed', 'client_closed');
      if (Date.now() > deadline) throw new AppError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  const service = {
    engine: music.engine,

    finished: waitFor,

    /** Accepts a new beat (its row and job); `finished` waits for it. */
    async generate(actor: Actor, input: GenerateBeatInput): Promise<BeatRow> {
      if (input.conversationId !== undefined) {
        const conversation = authorize(actor, 'write', 'conversation', await conversations.findById(input.conversationId));
        if (conversation.category !== 'studio') throw badRequest('That conversation is not a Studio session.');
      }
      // Made for a song (404 for anyone else's): named after it, and it becomes the song's beat.
      const song = input.songId === undefined ? undefined : songs ? await songs.context(actor, input.songId, 'update') : undefined;
      if (input.songId !== undefined && !song) throw notFound('Song');
      const seed = input.seed ?? crypto.randomBytes(4).readUInt32BE(0);
      const beat = await start({ user_id: actor.id, conversation_id: input.conversationId ?? null, title: song ? `${song.song.title} (beat)`.slice(0, STUDIO.titleMax) : null, prompt: input.prompt, style: input.model, engine: music.engine, seed });
      if (song) await songs!.attachBeat(song.song.id, beat.id);
      return beat;
    },

    /**
     * 'Make a variation' (same tempo, key, progression and sections; new drums and melody) or
     * 'Extend' (a verse and hook more before the outro) of the owner's finished built-in beat: a
     * new beat in the same session, linked to its source.
     */
    async derive(actor: Actor, id: number, derivation: BeatDerivation): Promise<BeatRow> {
      const source = authorize(actor, 'read', 'beat', await beats.findById(id));
      if (source.status !== 'done' || source.engine !== BUILT_IN_BEAT_ENGINE || source.seed === null) throw badRequest(STUDIO_MESSAGES.notDerivable);
      const seed = Number(source.seed);
      const variation = derivation === 'variation' ? crypto.randomBytes(4).readUInt32BE(0) || 1 : Number(source.variation);
      const extensions = Number(source.extensions) + (derivation === 'extension' ? 1 : 0);
      if (derivation === 'extension') {
        const engine = await loadEngine();
        const plan = engine.planBeat({ style: source.style as GenerateBeatInput['model'], description: source.prompt, seed, extensions });
        if (plan.lengthSec > engine.MAX_LENGTH_SEC) throw badRequest(STUDIO_MESSAGES.tooLong);
      }
      return start({
          user_id: actor.id,
          conversation_id: source.conversation_id,
          title: source.title,
          prompt: source.prompt,
          style: source.style,
          engine: BUILT_IN_BEAT_ENGINE,
          seed,
          variation,
          extensions,
          source_beat_id: source.id,
          derivation,
        });
    },

    /**
     * What the built-in beat maker will take from a description, read by the engine itself (its
     * description reader and planner): what the text names, and what is left to the seed (null).
     */
    async understand(input: UnderstandBeatInput): Promise<BeatUnderstanding> {
      const engine = await loadEngine();
      const reading = engine.readBeatDescription(input.prompt);
      // Seed 0 only stands in for the seed: the fields below that depend on it are answered only when the text names them.
      const plan = engine.planBeat({ style: input.model, description: input.prompt, seed: 0 });
      const range = engine.STYLE_CONVENTIONS[plan.style].bpm;
      const bass = String(plan.bass) === 'synthBass' ? 'synth bass' : String(plan.bass);
      return {
        builtIn: music.engine === builtIn.engine,
        style: plan.style,
        chosenStyle: input.model,
        bpm: reading.bpm ?? null,
        bpmRange: { min: range.min, max: range.max },
        key: reading.tonic !== undefined ? plan.key : null,
        mode: plan.mode,
        mood: plan.mood,
        instruments: [...new Set([String(plan.keys), String(plan.lead), bass])],
        lengthSec: reading.lengthSec ?? null,
      };
    },

    stemsFor: (actor: Actor, id: number) => partFor(actor, id, 'stems'),
    midiFor: (actor: Actor, id: number) => partFor(actor, id, 'midi'),

    list: (actor: Actor) => beats.listForUser(actor.id),

    /** The owner names the beat (someone else's: 404). */
    async rename(actor: Actor, id: number, title: string): Promise<BeatRow> {
      const beat = authorize(actor, 'read', 'beat', await beats.findById(id));
      await beats.update(beat.id, { title });
      return (await beats.findById(beat.id)) ?? { ...beat, title };
    },

    async get(actor: Actor, id: number) {
      return authorize(actor, 'read', 'beat', await beats.findById(id));
    },

    async audioFor(actor: Actor, filename: string) {
      const beat = await beats.findByFilename(filename);
      if (!beat || !can(actor, 'stream', 'beat', beat)) throw notFound('File');
      const key = `beats/${filename}`;
      const size = await storage.size(key);
      if (size === undefined) throw notFound('File');
      return { beat, size, read: (range?: { start: number; end: number }) => storage.read(key, range) };
    },

    /** The job: make the music, keep it in our storage, record what it is. */
    async process(beatId: number, ctx: Pick<JobContext, 'signal' | 'progress'>): Promise<void> {
      const beat = await beats.findById(beatId);
      if (!beat) throw new PermanentJobError('The beat no longer exists.');
      await beats.update(beatId, { status: 'running' });
      const owner = await users.findById(beat.user_id);
      const provider = beat.engine === builtIn.engine ? builtIn : music;
      const base = crypto.randomBytes(16).toString('hex');
      const kept: { stems?: string; midi?: string } = {};
      const pending: Awaited<ReturnType<FileStorage['write']>>[] = [];
      try {
        const result = await provider.generate({
          prompt: beat.prompt,
          style: beat.style as GenerateBeatInput['model'],
          seed: Number(beat.seed ?? 0),
          title: beat.title,
          artist: owner?.username ?? 'Members Only artist',
          signal: ctx.signal,
          progress: ctx.progress,
          variation: Number(beat.variation ?? 0),
          extensions: Number(beat.extensions ?? 0),
          keep: async ({ kind, data }) => {
            const name = `${base}.${kind === 'stems' ? 'stems.zip' : 'mid'}`;
            pending.push(await storage.write(`beats/${name}`, data));
            kept[kind] = name;
          },
        });
        const filename = `${base}.mp3`;
        pending.push(await storage.write(`beats/${filename}`, Readable.from([result.mp3])));
        for (const file of pending.splice(0)) await file.commit();
        // A name from what was made ('Dark trap, F# minor, 142') unless the artist named it meanwhile;
        // before 'done', so whoever sees the beat done sees its name (the request waiting for it does).
        if (result.title) await beats.nameIfUnnamed(beatId, result.title);
        await beats.update(beatId, {
          status: 'done',
          filename,
          engine: result.engine,
          bpm: result.bpm,
          musical_key: result.key,
          duration_sec: result.durationSec,
          seed: result.seed,
          details: result.details ? JSON.stringify(result.details) : null,
          stems_filename: kept.stems ?? null,
          midi_filename: kept.midi ?? null,
        });
        ctx.progress(1);
      } catch (error) {
        for (const file of pending) await file.discard().catch(() => {});
        const known = error instanceof MusicServiceError ? { status: error.status, message: error.message } : isDiskFull(error) ? { status: 507, message: diskFull().message } : undefined;
        await markFailed(beat, {
          error_status: known ? known.status : 500,
          error_message: known ? known.message : STUDIO_MESSAGES.serverError,
          error_retry_after: error instanceof MusicServiceError && error.retryAfter ? error.retryAfter : null,
        });
        throw new PermanentJobError(known ? known.message : STUDIO_MESSAGES.serverError);
      }
    },

    async failed(beatId: number, error: Error) {
      const beat = await beats.findById(beatId);
      if (beat && beat.status !== 'failed') await markFailed(beat, { error_status: 500, error_message: error instanceof PermanentJobError ? error.message : STUDIO_MESSAGES.serverError });
    },

    /**
     * Spec §7: a new beat answered once finished. `accepted` runs once its row and job exist (the
     * request's quota unit is then the job's to give back); the wait is `finished`'s.
     */
    async generateFinished(actor: Actor, input: GenerateBeatInput, wait: BeatWait): Promise<BeatRow> {
      const beat = await service.generate(actor, input);
      wait.accepted?.();
      return waitFor(beat.id, wait.signal);
    },

    /** A variation or an extension of the owner's beat, answered once finished (as `generateFinished`). */
    async deriveFinished(actor: Actor, id: number, derivation: BeatDerivation, wait: BeatWait): Promise<BeatRow> {
      const beat = await service.derive(actor, id, derivation);
      wait.accepted?.();
      return waitFor(beat.id, wait.signal);
    },
  };
  return service;
}
export type StudioService = ReturnType<typeof createStudioService>;
