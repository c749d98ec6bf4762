import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { STUDIO_MESSAGES, type GenerateBeatInput } from '@members-only/shared/studio';
import type { BeatRow } from '../db/types';
import type { BeatRepository } from '../repositories/beat.repository';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UnitOfWork } from '../repositories/index';
import type { FileStorage } from '../providers/storage/types';
import { MusicServiceError, type MusicProvider } from '../providers/music/index';
import type { JobQueue } from '../jobs/queue';
import { PermanentJobError, type JobContext } from '../jobs/worker';
import { AppError, badRequest, notFound } from '../errors';
import { authorize, can, type Actor } from '../policies/index';

const POLL_MS = 200;

/**
 * Studio: a beat is a row plus a `beat.generate` job. POST waits for the job (the spec's contract
 * answers the finished item with its audioUrl) while the page reads progress from the library.
 */
export function createStudioService(deps: {
  beats: BeatRepository;
  conversations: ConversationRepository;
  users: UserRepository;
  uow: UnitOfWork;
  storage: FileStorage;
  queue: JobQueue;
  music: MusicProvider;
  /** How long POST waits for its beat before answering 504 (the job still finishes). */
  waitMs: number;
}) {
  const { beats, conversations, users, uow, storage, queue, music, waitMs } = deps;

  async function waitFor(id: number, signal?: AbortSignal): Promise<BeatRow> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const beat = await beats.findById(id);
      if (!beat) throw notFound('Beat');
      if (beat.status === 'done') return beat;
      if (beat.status === 'failed') {
        throw new AppError(beat.error_status ?? 500, beat.error_message ?? STUDIO_MESSAGES.serverError, 'music_failed');
      }
      if (signal?.aborted) throw new AppError(499, 'Request closed', 'client_closed');
      if (Date.now() > deadline) throw new AppError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  return {
    engine: music.engine,

    async generate(actor: Actor, input: GenerateBeatInput, signal?: AbortSignal): Promise<BeatRow> {
      if (input.conversationId !== undefined) {
        const conversation = authorize(actor, 'write', 'conversation', await conversations.findById(input.conversationId));
        if (conversation.category !== 'studio') throw badRequest('That conversation is not a Studio session.');
      }
      const seed = input.seed ?? crypto.randomBytes(4).readUInt32BE(0);
      const beat = await uow.run(async (r) => {
        const row = await r.beats.insert({
          user_id: actor.id,
          conversation_id: input.conversationId ?? null,
          title: null,
          prompt: input.prompt,
          style: input.model,
          engine: music.engine,
          seed,
        });
        const job = await queue.enqueue('beat.generate', { beatId: row.id }, { jobs: r.jobs, userId: actor.id, maxAttempts: 1 });
        await r.beats.update(row.id, { job_id: job.id });
        if (input.conversationId !== undefined) await r.conversations.touch(input.conversationId);
        return row;
      });
      queue.notify();
      return waitFor(beat.id, signal);
    },

    list: (actor: Actor) => beats.listForUser(actor.id),

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
      try {
        const result = await music.generate({
          prompt: beat.prompt,
          style: beat.style as GenerateBeatInput['model'],
          seed: Number(beat.seed ?? 0),
          title: beat.title,
          artist: owner?.username ?? 'Members Only artist',
          signal: ctx.signal,
          progress: ctx.progress,
        });
        const filename = `${crypto.randomBytes(16).toString('hex')}.mp3`;
        const written = await storage.write(`beats/${filename}`, Readable.from([result.mp3]));
        await written.commit();
        await beats.update(beatId, {
          status: 'done',
          filename,
          engine: result.engine,
          bpm: result.bpm,
          musical_key: result.key,
          duration_sec: result.durationSec,
          seed: result.seed,
          details: result.details ? JSON.stringify(result.details) : null,
        });
        ctx.progress(1);
      } catch (error) {
        const known = error instanceof MusicServiceError;
        await beats.update(beatId, {
          status: 'failed',
          error_status: known ? error.status : 500,
          error_message: known ? error.message : STUDIO_MESSAGES.serverError,
        });
        throw new PermanentJobError(known ? error.message : STUDIO_MESSAGES.serverError);
      }
    },

    async failed(beatId: number, error: Error) {
      const beat = await beats.findById(beatId);
      if (beat && beat.status !== 'failed') await beats.update(beatId, { status: 'failed', error_status: 500, error_message: error instanceof PermanentJobError ? error.message : STUDIO_MESSAGES.serverError });
    },
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
