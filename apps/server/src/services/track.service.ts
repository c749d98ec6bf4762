import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { cleanText, TRANSCRIPTION_UNAVAILABLE, UNTITLED_TRACK, wellFormed, withoutFormatCharacters } from '@members-only/shared';
import { formatBytes, type StorageUsage } from '@members-only/shared/tracks';
import type { TrackRepository } from '../repositories/track.repository';
import type { BoothRepository } from '../repositories/booth.repository';
import type { JobRow } from '../db/types';
import type { FileStorage } from '../providers/storage/types';
import type { JobQueue } from '../jobs/queue';
import type { UnitOfWork } from '../repositories/index';
import { AppError, badRequest, notFound } from '../errors';
import { authorize, can, type Actor } from '../policies/index';
import { youngGarbageCollector } from '../young-garbage';
import type { DiskSpace } from './disk-space.service';
import { nextVersionLabel, type SongService } from './song.service';


/** Audio types we accept, decided from the file's first bytes (amendment B5). */
const AUDIO_TYPES: Record<string, { mime: string; ext: string }> = {
  mp3: { mime: 'audio/mpeg', ext: 'mp3' },
  wav: { mime: 'audio/wav', ext: 'wav' },
  m4a: { mime: 'audio/mp4', ext: 'm4a' },
  mp4: { mime: 'audio/mp4', ext: 'm4a' },
  aac: { mime: 'audio/aac', ext: 'aac' },
};
const SNIFF_BYTES = 4100;

const unsupportedType = () =>
  new AppError(415, 'Unsupported file type. Upload an MP3, WAV, M4A or AAC audio file.', 'unsupported_media_type');
export const tooLarge = (maxMb: number) => new AppError(413, `The file is too large. The limit is ${maxMb} MB.`, 'payload_too_large');

const MB = 1024 * 1024;
/** Over the plan's storage allowance: 413 with what is used and how to make room (ADR 031). */
export const storageFull = (usedBytes: number, limitBytes: number) =>
  new AppError(
    413,
    `This upload does not fit in your storage: ${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used. Delete tracks you no longer need from your tracks list to free space.`,
    'storage_full',
    undefined,
    { connection: 'close' },
  );


export interface IncomingAudio {
  filename: string;
  stream: Readable & { truncated?: boolean };
  /** The song this upload is a new version of (issue 26); without it a new song is made, named from the file. */
  songId?: number;
  /** The version's name; default the next "vN". */
  versionLabel?: string;
}

/** Tracks: uploads within the plan's storage, reading and deleting them, their jobs, transcriptions and audio files, for their owner only. */
export function createTrackService(deps: {
  tracks: TrackRepository;
  storage: FileStorage;
  queue: JobQueue;
  uow: UnitOfWork;
  transcriptionAvailable: boolean;
  maxUploadMb: number;
  /** Per-plan storage allowance in MB (STORAGE_FREE_MB, STORAGE_PREMIUM_MB). */
  storageMb: Record<Actor['plan'], number>;
  disk?: Pick<DiskSpace, 'assertRoom'>;
  /** Songs (issue 26): an upload names the song it is a version of. */
  songs?: Pick<SongService, 'context'>;
  /** The Booth's mixes (issue 29): a mixdown job's result names the version it made. */
  mixes?: Pick<BoothRepository, 'findMixByJob' | 'findMixByTrack' | 'updateMix'>;
}) {
  const { tracks, storage, queue, uow, transcriptionAvailable, maxUploadMb, storageMb, disk, songs, mixes } = deps;

  async function usageOf(actor: Pick<Actor, 'id' | 'plan'>): Promise<StorageUsage> {
    return { usedBytes: await tracks.usedBytesOf(actor.id), limitBytes: storageMb[actor.plan] * MB };
  }

  return {
    /** What the artist's uploads take of their plan's allowance. */
    storageOf: usageOf,

    /**
     * Before the body is read: a declared size that cannot fit is refused at once. `bytes` is at
     * least the file's size (the multipart framing around it is not counted against the artist).
     */
    async checkRoom(actor: Pick<Actor, 'id' | 'plan'>, bytes: number): Promise<void> {
      await disk?.assertRoom();
      const usage = await usageOf(actor);
      if (usage.usedBytes + bytes > usage.limitBytes) throw storageFull(usage.usedBytes, usage.limitBytes);
    },

    /**
     * Streams the upload to storage (never whole in memory), checks size and content type, and
     * only then writes the row: a rejected or aborted upload leaves neither a row nor a file.
     */
    async upload(actor: Pick<Actor, 'id' | 'plan'>, file: IncomingAudio) {
      const userId = actor.id;
      // Someone else's song, or none: 404 before a byte is stored.
      if (file.songId !== undefined) {
        if (!songs) throw notFound('Song');
        await songs.context({ id: actor.id, isAdmin: false, plan: actor.plan }, file.songId, 'update');
      }
      const head: Buffer[] = [];
      let headBytes = 0;
      await disk?.assertRoom();
      // While streaming: once the upload cannot fit, nothing more is stored; the rest of the body is
      // read and dropped (bounded by MAX_UPLOAD_MB), so the client hears the 413, as with the size limit.
      const room = await usageOf(actor);
      let received = 0;
      let overAllowance = false;
      // Every socket read is a fresh buffer: collected as the upload goes, not after tens of MB.
      const collected = youngGarbageCollector();
      async function* tap(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          collected(chunk.length);
          received += chunk.length;
          if (room.usedBytes + received > room.limitBytes) overAllowance = true;
          if (overAllowance) continue;
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk);
            headBytes += chunk.length;
          }
          yield chunk;
        }
      }
      const random = crypto.randomBytes(16).toString('hex');
      const pendingKey = `tracks/${random}.upload`;
      let written;
      try {
        written = await storage.write(pendingKey, Readable.from(tap(file.stream)));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxUploadMb);
        throw error;
      }
      if (file.stream.truncated) {
        await written.discard();
        throw tooLarge(maxUploadMb);
      }
      if (overAllowance) {
        await written.discard();
        throw storageFull(room.usedBytes, room.limitBytes);
      }
      if (written.size === 0) {
        await written.discard();
        throw badRequest('The file is empty.');
      }
      // Loaded on the first upload, not at start (file-type and its tokenizers are some 40 modules).
      const { fileTypeFromBuffer } = await import('file-type');
      const detected = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
      const type = detected ? AUDIO_TYPES[detected.ext] : undefined;
      if (!type) {
        await written.discard();
        throw unsupportedType();
      }
      // Kept for display: on one line, without controls, invisible format characters (ADR 032) or a
      // pair cut in half, so both databases store it and it reads as what it is.
      const originalName = wellFormed(withoutFormatCharacters(cleanText(path.basename(file.filename || ''))).replace(/[\t\r\n]/g, ' ').slice(0, 255)) || `track.${type.ext}`;
      // Short and unguessable whatever the original name, which is kept for display only.
      const filename = `${random}.${type.ext}`;
      const key = `tracks/${filename}`;
      await written.commit(key);
      try {
        const title = originalName.replace(/\.[^.]*$/, '').trim() || UNTITLED_TRACK;
        // The row, its jobs and the links to them land together: a failure leaves no track
        // without its analysis, and no job pointing at a missing track.
        const trackId = await uow.run(async (r) => {
          // The last word, one upload of the artist's at a time: parallel uploads cannot add up past the allowance.
          await r.tracks.lockStorageOf(userId);
          const usedBytes = await r.tracks.usedBytesOf(userId);
          if (usedBytes + written.size > room.limitBytes) throw storageFull(usedBytes, room.limitBytes);
          // Its song: the one named (still the artist's), or a new one named from the file.
          let songId: number;
          let versionLabel: string;
          if (file.songId !== undefined) {
            const song = authorize({ id: userId, isAdmin: false, plan: actor.plan }, 'update', 'song', await r.songs.findById(file.songId));
            songId = song.id;
            versionLabel = file.versionLabel ?? nextVersionLabel(await r.songs.versionLabels(song.id));
            await r.songs.touch(song.id);
          } else {
            songId = (await r.songs.insert({ user_id: userId, title })).id;
            versionLabel = file.versionLabel ?? 'v1';
          }
          const row = await r.tracks.insert({
            song_id: songId,
            version_label: versionLabel,
            user_id: userId,
            filename,
            original_name: originalName,
            title,
            mime_type: type.mime,
            size_bytes: written.size,
            duration: null,
            bpm: null,
            musical_key: null,
            lufs: null,
            true_peak: null,
            waveform: null,
            loudness_curve: null,
            analysis_status: 'pending',
            analysis_error: null,
            analysis_engine: null,
            analysis_job_id: null,
            transcription: null,
            transcription_status: transcriptionAvailable ? 'pending' : 'unavailable',
            transcription_error: transcriptionAvailable ? null : TRANSCRIPTION_UNAVAILABLE,
            transcription_source: null,
            transcription_job_id: null,
          });
          const inTransaction = { userId, maxAttempts: 3, jobs: r.jobs };
          const analysisJob = await queue.enqueue('track.analyze', { trackId: row.id }, inTransaction);
          const transcriptionJob = transcriptionAvailable
            ? await queue.enqueue('track.transcribe', { trackId: row.id }, inTransaction)
            : undefined;
          await r.tracks.update(row.id, { analysis_job_id: analysisJob.id, transcription_job_id: transcriptionJob?.id ?? null });
          return row.id;
        });
        queue.notify();
        return (await tracks.findWithProgress(trackId))!;
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    list: (actor: Actor, page: { limit: number; offset: number }) => tracks.listForUser(actor.id, page),

    async get(actor: Actor, id: number) {
      return authorize(actor, 'read', 'track', await tracks.findWithProgress(id));
    },

    /** A background job's state, for the artist who started it. */
    async getJob(actor: Actor, id: number): Promise<JobRow & { result?: { trackId: number } }> {
      const job = authorize(actor, 'read', 'job', await queue.find(id));
      if (job.type !== 'booth.mixdown' || !mixes) return job;
      const mix = await mixes.findMixByJob(job.id);
      return mix?.track_id ? { ...job, result: { trackId: mix.track_id } } : job;
    },

    /** The manual path: the artist pastes or types the lyrics. */
    async setTranscription(actor: Actor, id: number, transcription: string) {
      authorize(actor, 'update', 'track', await tracks.findById(id));
      await tracks.update(id, {
        transcription,
        transcription_status: 'done',
        transcription_source: 'manual',
        transcription_error: null,
      });
      return (await tracks.findWithProgress(id))!;
    },

    async remove(actor: Actor, id: number) {
      const track = authorize(actor, 'delete', 'track', await tracks.findById(id));
      // A mix's version takes its stems ZIP with it (issue 29): nothing left counting against the allowance.
      const mix = await mixes?.findMixByTrack(id);
      await tracks.delete(id);
      await storage.delete(`tracks/${track.filename}`);
      if (mix?.stems_filename) {
        await mixes!.updateMix(mix.id, { stems_filename: null, stems_bytes: 0 });
        await storage.delete(`mixes/${mix.stems_filename}`).catch(() => {});
      }
    },

    /** The stored file for a listener: its owner or an admin. Anyone else gets a 404. */
    async audioFor(actor: Actor, filename: string) {
      const track = await tracks.findByFilename(filename);
      if (!track || !can(actor, 'stream', 'track', track)) throw notFound('File');
      const size = await storage.size(`tracks/${track.filename}`);
      if (size === undefined) throw notFound('File');
      return { track, size, read: (range?: { start: number; end: number }) => storage.read(`tracks/${track.filename}`, range) };
    },
  };
}
export type TrackService = ReturnType<typeof createTrackService>;
