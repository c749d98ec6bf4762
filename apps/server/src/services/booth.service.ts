import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { type z } from 'zod';
import {
  BOOTH,
  BOOTH_MESSAGES,
  DEFAULT_VOCAL_SETTINGS,
  barCount,
  type Booth,
  type MixSettings,
  type mixdownSchema,
  type takeUploadFieldsSchema,
  type UpdateTakeInput,
} from '@members-only/shared/booth';
import { wavHeader } from '@members-only/engines/beats/wav';
import type { MixRow, TakeRow } from '../db/types';
import type { BoothRepository } from '../repositories/booth.repository';
import type { BeatRepository } from '../repositories/beat.repository';
import type { TrackRepository } from '../repositories/track.repository';
import type { SongRepository } from '../repositories/song.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UnitOfWork } from '../repositories/index';
import type { FileStorage } from '../providers/storage/types';
import type { JobQueue } from '../jobs/queue';
import type { JobContext } from '../jobs/worker';
import { AppError, PermanentJobError, badRequest, notFound } from '../errors';
import { authorize, planOf, type Actor } from '../policies/index';
import type { SongService } from './song.service';
import type { TrackService } from './track.service';
import { storageFull } from './track.service';

type TakeFields = z.output<typeof takeUploadFieldsSchema>;
type MixdownInput = z.output<typeof mixdownSchema>;

/** The mix's sample rate: the beat engine's and the MP3 encoder's. */
const MIX_SAMPLE_RATE = 44_100;

const tooLargeTake = (maxBytes: number) =>
  new AppError(413, `A take can be at most ${Math.floor(maxBytes / (1024 * 1024))} MB (about ${Math.floor(maxBytes / (48_000 * 2 * 60))} minutes at 48 kHz).`, 'payload_too_large', undefined, { connection: 'close' });
const wrongOffset = (receivedBytes: number, message: string = BOOTH_MESSAGES.wrongOffset) => new AppError(409, message, 'take_offset', undefined, undefined, { receivedBytes });

/** A chunk's storage key records where it starts: `takes/<base>.<offset>.part`; a merged take is `takes/<base>.pcm`. */
const chunkKey = (base: string, offset: number) => `takes/${base}.${offset}.part`;
const mergedKey = (base: string) => `takes/${base}.pcm`;
const keysOf = (take: TakeRow): string[] => JSON.parse(take.chunk_keys) as string[];
const offsetOf = (key: string) => (key.endsWith('.pcm') ? 0 : Number(key.split('.').at(-2)));

/**
 * A whole take sent as a WAV: PCM 16/24-bit or 32-bit float (WAVE_FORMAT_EXTENSIBLE too), mono or
 * stereo (averaged to mono) → 16-bit mono PCM and its rate. Anything else is a 400.
 */
export function wavToMonoPcm(buf: Buffer): { pcm: Buffer; sampleRate: number } {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') throw badRequest(BOOTH_MESSAGES.notWav);
  let fmt: { format: number; channels: number; rate: number; bits: number } | undefined;
  let pos = 12;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= buf.length) {
      let format = buf.readUInt16LE(body);
      if (format === 0xfffe && size >= 26 && body + 26 <= buf.length) format = buf.readUInt16LE(body + 24);
      fmt = { format, channels: buf.readUInt16LE(body + 2), rate: buf.readUInt32LE(body + 4), bits: buf.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!fmt) break;
      const { format, channels, rate, bits } = fmt;
      const ok = (format === 1 && (bits === 16 || bits === 24)) || (format === 3 && bits === 32);
      if (!ok || (channels !== 1 && channels !== 2) || !(BOOTH.sampleRates as readonly number[]).includes(rate)) throw badRequest(BOOTH_MESSAGES.notWav);
      const bytes = bits / 8;
      const frame = bytes * channels;
      const frames = Math.floor(Math.min(size, buf.length - body) / frame);
      const pcm = Buffer.alloc(frames * 2);
      const read = (at: number) => (format === 3 ? buf.readFloatLE(at) : bits === 16 ? buf.readInt16LE(at) / 32768 : buf.readIntLE(at, 3) / 8388608);
      for (let i = 0; i < frames; i++) {
        const at = body + i * frame;
        const v = channels === 1 ? read(at) : (read(at) + read(at + bytes)) / 2;
        pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), i * 2);
      }
      return { pcm, sampleRate: rate };
    }
    pos = body + size + (size & 1);
  }
  throw badRequest(BOOTH_MESSAGES.notWav);
}

/** Reads a stream whole, up to `max` bytes; more is a 413 (the rest is drained). */
async function readAll(stream: Readable & { truncated?: boolean }, max: number, over: () => AppError): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  let tooMuch = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > max) tooMuch = true;
    if (!tooMuch) parts.push(chunk);
  }
  if (tooMuch || stream.truncated) throw over();
  return Buffer.concat(parts);
}

/** Reads the storage keys one after another as one stream. */
function concatenated(storage: FileStorage, keys: readonly string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const key of keys) for await (const chunk of storage.read(key) as AsyncIterable<Buffer>) yield chunk;
    })(),
  );
}

/** Float samples from 16-bit little-endian PCM. */
function pcmToFloat(pcm: Buffer): Float32Array {
  const n = pcm.length >> 1;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/**
 * The Booth (issue 29, ADR 047): takes uploaded in chunks over a song's backing, the backing and
 * lyrics the page plays, and mixdowns that become new versions of the song.
 */
export function createBoothService(deps: {
  booth: BoothRepository;
  beats: BeatRepository;
  tracks: TrackRepository;
  songRows: Pick<SongRepository, 'versions'>;
  users: UserRepository;
  uow: UnitOfWork;
  storage: FileStorage;
  queue: JobQueue;
  songs: Pick<SongService, 'context'>;
  trackService: Pick<TrackService, 'upload' | 'storageOf'>;
  /** Per take: the upload size limit (MAX_UPLOAD_MB). */
  maxTakeBytes: number;
  /** A mixdown failed: its quota unit comes back. */
  workFailed: (userId: number, acceptedAt: Date) => Promise<void>;
}) {
  const { booth, beats, tracks, songRows, users, uow, storage, queue, songs, trackService, maxTakeBytes, workFailed } = deps;

  /** The actor's take of this song, or 404. */
  async function takeFor(actor: Actor, songId: number, takeId: number, action: 'read' | 'update' | 'delete'): Promise<TakeRow> {
    await songs.context(actor, songId, action === 'read' ? 'read' : 'update');
    const take = authorize(actor, action, 'take', await booth.findTake(takeId));
    if (take.song_id !== songId) throw notFound('Take');
    return take;
  }

  /** What the page plays under the takes: the song's beat, else its newest analysed version. */
  async function backingOf(song: { beat_id: number | null }, versions: { id: number; title: string; filename: string; duration: number | null; bpm: number | null; musical_key: string | null }[]): Promise<Booth['backing'] & { key_: string } | null> {
    if (song.beat_id !== null) {
      const beat = await beats.findById(song.beat_id);
      if (beat && beat.status === 'done' && beat.filename && beat.bpm && beat.duration_sec) {
        const durationMs = Math.round(Number(beat.duration_sec) * 1000);
        const bpm = Number(beat.bpm);
        return { kind: 'beat', id: beat.id, title: beat.title ?? 'Beat', audioUrl: `/uploads/beats/${beat.filename}`, durationMs, bpm, key: beat.musical_key, firstDownbeatMs: 0, bars: barCount(durationMs, bpm), key_: `beats/${beat.filename}` };
      }
    }
    const version = versions.find((v) => v.bpm !== null && v.duration !== null);
    if (!version) return null;
    const durationMs = Math.round(Number(version.duration) * 1000);
    const bpm = Number(version.bpm);
    // The analyser keeps no first-beat position: bars count from the file's start.
    return { kind: 'version', id: version.id, title: version.title, audioUrl: `/uploads/tracks/${encodeURIComponent(version.filename)}`, durationMs, bpm, key: version.musical_key, firstDownbeatMs: 0, bars: barCount(durationMs, bpm), key_: `tracks/${version.filename}` };
  }

  async function boothOf(actor: Actor, songId: number) {
    const context = await songs.context(actor, songId, 'read');
    // A mix is never the backing: a take sung over it, or the next mix made over it, would carry the earlier vocal.
    const mixed = new Set((await booth.mixesOf(songId)).map((m) => m.track_id));
    const versions = (await songRows.versions(songId)).filter((v) => !mixed.has(v.id));
    const backing = await backingOf(context.song, versions);
    return { context, backing };
  }

  async function deleteFiles(take: TakeRow) {
    for (const key of keysOf(take)) await storage.delete(key).catch(() => {});
  }

  const service = {
    /**
     * A chunk of a take (or a whole take): checked against the take's offset, the size limit and
     * the artist's storage before anything is kept; a refused chunk leaves nothing behind.
     */
    async receive(actor: Actor, songId: number, fields: TakeFields, stream: Readable & { truncated?: boolean }): Promise<{ take: TakeRow; created: boolean }> {
      await songs.context(actor, songId, 'update');
      const final = fields.final === 'true';
      let take: TakeRow | undefined;
      if (fields.takeId !== undefined) {
        take = await takeFor(actor, songId, fields.takeId, 'update');
        if (fields.offset === undefined) throw badRequest('Say where this chunk starts (offset)', { offset: ['Required with takeId'] });
        if (take.complete) throw wrongOffset(take.received_bytes, BOOTH_MESSAGES.takeComplete);
        if (fields.offset !== take.received_bytes) throw wrongOffset(take.received_bytes);
      } else if (fields.offset !== undefined && fields.offset !== 0) {
        throw wrongOffset(0);
      }
      const held = take?.received_bytes ?? 0;
      const usage = await trackService.storageOf(actor);
      // A first request may be a whole WAV (bounded by the upload limit), bigger than the PCM it holds.
      let body = await readAll(stream, take ? Math.max(0, maxTakeBytes - held) : Number.MAX_SAFE_INTEGER, () => tooLargeTake(maxTakeBytes));
      let sampleRate = take?.sample_rate ?? fields.sampleRate;
      // One request, a whole take: a WAV file.
      if (!take && final && body.length >= 12 && body.toString('latin1', 0, 4) === 'RIFF') {
        const wav = wavToMonoPcm(body);
        body = wav.pcm;
        sampleRate = wav.sampleRate;
      }
      if (held + body.length > maxTakeBytes) throw tooLargeTake(maxTakeBytes);
      if (body.length % 2 !== 0) throw badRequest(BOOTH_MESSAGES.oddChunk);
      if (sampleRate === undefined) throw badRequest('Say the take’s sample rate (sampleRate)', { sampleRate: ['Required on the first chunk'] });
      if (final && held + body.length === 0) throw badRequest(BOOTH_MESSAGES.emptyTake);
      if (usage.usedBytes + body.length > usage.limitBytes) throw storageFull(usage.usedBytes, usage.limitBytes);

      const base = take?.file_base ?? crypto.randomBytes(16).toString('hex');
      const key = chunkKey(base, held);
      const written = body.length > 0 ? await storage.write(key, Readable.from([body])) : undefined;
      await written?.commit(key);
      let row: TakeRow;
      try {
        row = await uow.run(async (r) => {
          // The last word, one write of the artist's at a time (as uploads): parallel chunks cannot add up past the allowance.
          await r.tracks.lockStorageOf(actor.id);
          const used = await r.tracks.usedBytesOf(actor.id);
          if (used + body.length > usage.limitBytes) throw storageFull(used, usage.limitBytes);
          const keys = take ? keysOf(take) : [];
          if (written) keys.push(key);
          if (!take) {
            const n = (await r.booth.countTakes(songId)) + 1;
            return r.booth.insertTake({
              user_id: actor.id,
              song_id: songId,
              name: fields.name ?? `Take ${n}`,
              sample_rate: sampleRate,
              start_ms: fields.startMs ?? 0,
              from_bar: fields.fromBar ?? null,
              to_bar: fields.toBar ?? null,
              latency_ms: fields.latencyMs ?? null,
              received_bytes: body.length,
              complete: final,
              file_base: base,
              chunk_keys: JSON.stringify(keys),
            });
          }
          const ok = await r.booth.appendChunk(take.id, held, { received_bytes: held + body.length, chunk_keys: JSON.stringify(keys), complete: final });
          if (!ok) {
            const now = await r.booth.findTake(take.id);
            throw wrongOffset(now?.received_bytes ?? held, now?.complete ? BOOTH_MESSAGES.takeComplete : BOOTH_MESSAGES.wrongOffset);
          }
          return (await r.booth.findTake(take.id))!;
        });
      } catch (error) {
        if (written) await storage.delete(key).catch(() => {});
        throw error;
      }
      if (final) row = await merge(row);
      return { take: row, created: !take };
    },

    list: async (actor: Actor, songId: number) => {
      await songs.context(actor, songId, 'read');
      return booth.takesOf(songId);
    },

    get: (actor: Actor, songId: number, takeId: number) => takeFor(actor, songId, takeId, 'read'),

    /** The take as a 16-bit mono WAV, streamed from its chunks. */
    async audio(actor: Actor, songId: number, takeId: number) {
      const take = await takeFor(actor, songId, takeId, 'read');
      const header = wavHeader(take.received_bytes / 2, take.sample_rate, 1);
      const keys = keysOf(take);
      return {
        take,
        size: 44 + take.received_bytes,
        read: () => Readable.from((async function* () {
          yield header;
          for await (const chunk of concatenated(storage, keys) as AsyncIterable<Buffer>) yield chunk;
        })()),
      };
    },

    async update(actor: Actor, songId: number, takeId: number, input: UpdateTakeInput) {
      const take = await takeFor(actor, songId, takeId, 'update');
      await booth.updateTake(take.id, { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.startMs !== undefined ? { start_ms: input.startMs } : {}) });
      return (await booth.findTake(take.id))!;
    },

    async remove(actor: Actor, songId: number, takeId: number) {
      const take = await takeFor(actor, songId, takeId, 'delete');
      await booth.deleteTake(take.id);
      await deleteFiles(take);
    },

    /** Incomplete takes untouched for a day: their rows and chunks go (the periodic prune). */
    async removeStale(now = Date.now()): Promise<number> {
      const stale = await booth.staleTakes(new Date(now - BOOTH.incompleteTtlMs).toISOString());
      for (const take of stale) {
        await booth.deleteTake(take.id);
        await deleteFiles(take);
      }
      return stale.length;
    },

    /** GET /api/songs/:id/booth */
    async booth(actor: Actor, songId: number): Promise<Booth> {
      const { context, backing } = await boothOf(actor, songId);
      const { key_: _key, ...shown } = backing ?? { key_: '' };
      return { song: { id: context.song.id, title: context.song.title, lyrics: context.lyrics }, backing: backing ? (shown as Booth['backing']) : null };
    },

    /**
     * Accepts a mixdown: every take the artist's, of this song, complete; bars inside the backing.
     * Writes the mix and its job together; nothing is queued for a refused request.
     */
    async mixdown(actor: Actor, songId: number, input: MixdownInput): Promise<{ jobId: number }> {
      const { backing } = await boothOf(actor, songId);
      if (!backing) throw badRequest(BOOTH_MESSAGES.noBacking);
      for (const [i, t] of input.takes.entries()) {
        const take = await booth.findTake(t.takeId);
        if (!take || take.user_id !== actor.id || take.song_id !== songId) throw badRequest(`Take ${t.takeId} is not a take of this song`, { [`takes.${i}.takeId`]: ['Not a take of this song'] });
        if (!take.complete) throw badRequest(BOOTH_MESSAGES.incompleteTake, { [`takes.${i}.takeId`]: [BOOTH_MESSAGES.incompleteTake] });
        for (const bar of [t.fromBar, t.toBar]) {
          if (bar !== undefined && bar > backing.bars) throw badRequest(`${BOOTH_MESSAGES.barsOutside} (it has ${backing.bars} bars)`, { [`takes.${i}`]: [BOOTH_MESSAGES.barsOutside] });
        }
      }
      const settings: MixSettings = { vocal: input.vocal, beatDuckDb: input.beatDuckDb ?? BOOTH.defaultDuckDb };
      const takes = input.takes.map((t) => ({ takeId: t.takeId, fromBar: t.fromBar ?? null, toBar: t.toBar ?? null }));
      const mix = await uow.run(async (r) => {
        const row = await r.booth.insertMix({ user_id: actor.id, song_id: songId, job_id: null, track_id: null, settings: JSON.stringify(settings), takes: JSON.stringify(takes), stems_filename: null, status: 'queued' });
        const job = await queue.enqueue('booth.mixdown', { mixId: row.id }, { jobs: r.jobs, userId: actor.id, maxAttempts: 1 });
        await r.booth.updateMix(row.id, { job_id: job.id });
        return { ...row, job_id: job.id };
      });
      queue.notify();
      return { jobId: mix.job_id };
    },

    /** The job: decode the backing, read the takes, mix, master, keep the version and the stems. */
    async process(mixId: number, ctx: Pick<JobContext, 'signal' | 'progress'>): Promise<void> {
      const mix = await booth.findMix(mixId);
      if (!mix) throw new PermanentJobError('The mix no longer exists.');
      const user = await users.findById(mix.user_id);
      if (!user) throw new PermanentJobError('The artist no longer exists.');
      const actor: Actor = { id: user.id, isAdmin: false, plan: planOf(user) };
      await booth.updateMix(mixId, { status: 'running' });
      const { context, backing } = await boothOf(actor, mix.song_id).catch(() => ({ context: undefined, backing: null }));
      if (!context || !backing) throw new PermanentJobError(BOOTH_MESSAGES.noBacking);
      const settings = JSON.parse(mix.settings) as MixSettings;
      const comp = JSON.parse(mix.takes) as { takeId: number; fromBar: number | null; toBar: number | null }[];
      const { decodeAudioFile } = await import('../audio/decode');
      const decoded = await storage.withLocalPath(backing.key_, (path) => decodeAudioFile(path, { sampleRate: MIX_SAMPLE_RATE, maxChannels: 2, timeoutMs: 120_000 }));
      const left = decoded.channels[0] ?? new Float32Array(0);
      const bed: [Float32Array, Float32Array] = [left, decoded.channels[1] ?? Float32Array.from(left)];
      ctx.progress(0.1);
      const inputs = [];
      for (const c of comp) {
        const take = await booth.findTake(c.takeId);
        if (!take || !take.complete || take.song_id !== mix.song_id) throw new PermanentJobError('A take in the mix was deleted before it was mixed.');
        const pcm = await readAll(concatenated(storage, keysOf(take)), take.received_bytes, () => new PermanentJobError('The take is larger than recorded.') as unknown as AppError);
        // The comp range: the request's, else the punch-in the take was recorded for, else all of it.
        const fromBar = c.fromBar ?? (c.toBar === null ? take.from_bar : null);
        const toBar = c.toBar ?? (c.fromBar === null ? take.to_bar : null);
        inputs.push({ samples: pcmToFloat(pcm), sampleRate: take.sample_rate, startMs: take.start_ms, fromBar, toBar });
      }
      ctx.progress(0.2);
      const n = (await booth.countDoneMixes(mix.song_id)) + 1;
      const title = `${context.song.title} (mix ${n})`;
      // Mixed, mastered and encoded in a heavy-work thread (ADR 055): the backing and the takes are handed over, not copied.
      const { runHeavy } = await import('../heavy/pool');
      const out = await runHeavy(
        'mixdown',
        {
          backing: bed,
          sampleRate: MIX_SAMPLE_RATE,
          bpm: backing.bpm,
          firstDownbeatMs: backing.firstDownbeatMs,
          takes: inputs,
          vocal: { ...DEFAULT_VOCAL_SETTINGS, ...settings.vocal },
          beatDuckDb: settings.beatDuckDb,
          tags: { title, artist: context.song.artist_name ?? user.username },
        },
        { signal: ctx.signal, progress: (f) => ctx.progress(0.2 + f * 0.5) },
      );
      const mp3 = Buffer.from(out.mp3.buffer, out.mp3.byteOffset, out.mp3.byteLength);
      const stems = Buffer.from(out.stems.buffer, out.stems.byteOffset, out.stems.byteLength);
      ctx.progress(0.85);
      // The version: stored, analysed and counted like any upload, named "<title> (mix N)".
      const track = await trackService.upload(actor, { filename: `${title.replace(/[\\/]/g, '-')}.mp3`, stream: Readable.from([mp3]), songId: mix.song_id, versionLabel: `mix ${n}` });
      if (context.lyrics) await tracks.update(track.id, { transcription: context.lyrics, transcription_status: 'done', transcription_source: 'manual', transcription_error: null });
      const stemsName = `${crypto.randomBytes(16).toString('hex')}.zip`;
      const written = await storage.write(`mixes/${stemsName}`, Readable.from([stems]));
      await written.commit();
      await booth.updateMix(mixId, { status: 'done', track_id: track.id, stems_filename: stemsName, stems_bytes: written.size });
      ctx.progress(1);
    },

    async failed(mixId: number) {
      const mix = await booth.findMix(mixId);
      if (!mix || mix.status === 'failed') return;
      await booth.updateMix(mixId, { status: 'failed' });
      await workFailed(mix.user_id, new Date(mix.created_at)).catch(() => {});
    },

    async mixes(actor: Actor, songId: number): Promise<MixRow[]> {
      await songs.context(actor, songId, 'read');
      return booth.mixesOf(songId);
    },

    /** The stems ZIP of a track made by a mixdown (its owner's); any other track: 404. */
    async stemsFor(actor: Actor, trackId: number) {
      const track = authorize(actor, 'read', 'track', await tracks.findById(trackId));
      const mix = await booth.findMixByTrack(track.id);
      if (!mix || mix.user_id !== actor.id || !mix.stems_filename) throw notFound('Mix stems');
      const key = `mixes/${mix.stems_filename}`;
      const size = await storage.size(key);
      if (size === undefined) throw notFound('Mix stems');
      return { track, size, read: () => storage.read(key) };
    },
  };

  return service;

  async function merge(take: TakeRow): Promise<TakeRow> {
    const keys = keysOf(take);
    if (keys.length <= 1) return take;
    const target = mergedKey(take.file_base);
    const written = await storage.write(target, concatenated(storage, [...keys].sort((a, b) => offsetOf(a) - offsetOf(b))));
    await written.commit(target);
    await booth.updateTake(take.id, { chunk_keys: JSON.stringify([target]) });
    for (const key of keys) await storage.delete(key).catch(() => {});
    return (await booth.findTake(take.id))!;
  }
}
export type BoothService = ReturnType<typeof createBoothService>;
