/**
 * The Booth's recording path after the worklet (issue 29, ADR 048): Float32 blocks become 16-bit
 * little-endian PCM, held in memory for the whole take and uploaded in chunks while recording.
 * The server holds `receivedBytes`; a chunk that does not start there is a 409 carrying it, and
 * the uploader resumes from the server's count (ADR 047).
 */

/** Float samples (-1..1, clipped) as 16-bit little-endian PCM bytes. */
export function floatTo16BitPcm(samples: Float32Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] || 0));
    view.setInt16(i * 2, Math.round(s < 0 ? s * 32768 : s * 32767), true);
  }
  return out;
}

/** What the first chunk says about the take (the rest only carry takeId and offset). */
export interface TakeStart {
  name?: string;
  sampleRate: number;
  startMs: number;
  fromBar?: number;
  toBar?: number;
  latencyMs: number;
}

/** The part of a take the server answers with that the uploader needs. */
export interface HeldTake {
  id: number;
  receivedBytes: number;
  complete: boolean;
}

/** A 409: the chunk's offset is not what the server holds; resume from `receivedBytes`. */
export class OffsetConflict extends Error {
  constructor(readonly receivedBytes: number) {
    super(`The server holds ${receivedBytes} bytes`);
    this.name = 'OffsetConflict';
  }
}

/** Sends one chunk (multipart fields before the audio); throws OffsetConflict on a 409. */
export type ChunkSender<T extends HeldTake> = (fields: Record<string, string>, audio: Uint8Array) => Promise<T>;

/** The fields of a chunk at `offset`: the take's description on the first, takeId after. */
export function chunkFields(start: TakeStart, takeId: number | null, offset: number, final: boolean): Record<string, string> {
  const fields: Record<string, string> = {};
  if (takeId === null) {
    if (start.name) fields.name = start.name;
    fields.sampleRate = String(start.sampleRate);
    fields.startMs = String(Math.max(0, Math.round(start.startMs)));
    if (start.fromBar !== undefined) fields.fromBar = String(start.fromBar);
    if (start.toBar !== undefined) fields.toBar = String(start.toBar);
    fields.latencyMs = String(Math.max(0, Math.round(start.latencyMs)));
  } else {
    fields.takeId = String(takeId);
  }
  fields.offset = String(offset);
  if (final) fields.final = 'true';
  return fields;
}

export interface UploaderOptions<T extends HeldTake> {
  start: TakeStart;
  send: ChunkSender<T>;
  /** Bytes per chunk while recording (one second of audio by default). */
  chunkBytes?: number;
  /** Tries per chunk on a network failure before the uploader waits for the next push or finish. */
  retries?: number;
  /** Waits between tries (ms), so tests need not wait. */
  retryDelayMs?: number;
  onUploaded?: (take: T) => void;
}

/**
 * Holds a take's PCM and keeps the server up to date with it: a chunk goes out whenever a
 * chunk's worth is waiting, one at a time; `finish()` sends the rest with final=true. The bytes
 * stay here until the take is complete, so any chunk can be sent again from the server's count.
 */
export class TakeUploader<T extends HeldTake> {
  private readonly blocks: Uint8Array[] = [];
  private recorded = 0;
  /** What the server holds (its receivedBytes). */
  private held = 0;
  private takeIdValue: number | null = null;
  private running: Promise<void> | null = null;
  private finishing = false;
  private last: T | null = null;
  private failure: unknown = null;
  private readonly chunkBytes: number;

  constructor(private readonly options: UploaderOptions<T>) {
    this.chunkBytes = Math.max(2, options.chunkBytes ?? options.start.sampleRate * 2);
  }

  get takeId() {
    return this.takeIdValue;
  }
  get recordedBytes() {
    return this.recorded;
  }
  get uploadedBytes() {
    return this.held;
  }
  /** The last network failure, while a chunk is waiting to be sent again. */
  get error() {
    return this.failure;
  }

  /** Adds PCM bytes (whole samples) and sends a chunk when one is ready. */
  push(pcm: Uint8Array) {
    if (this.finishing) throw new Error('The take is finished');
    if (pcm.length === 0) return;
    this.blocks.push(pcm);
    this.recorded += pcm.length;
    if (this.recorded - this.held >= this.chunkBytes) void this.pump().catch(() => {});
  }

  /** Sends what is left with final=true and answers the complete take. */
  async finish(): Promise<T> {
    this.finishing = true;
    await this.pump();
    if (!this.last || !this.last.complete) throw this.failure ?? new Error('The take did not finish uploading');
    return this.last;
  }

  /** One loop at a time; a second call waits for the running one and goes again. */
  private pump(): Promise<void> {
    const run = async () => {
      if (this.running) await this.running.catch(() => {});
      await this.drain();
    };
    const next = run();
    this.running = next;
    return next;
  }

  private async drain() {
    let conflicts = 0;
    for (;;) {
      const waiting = this.recorded - this.held;
      const final = this.finishing && waiting <= this.chunkBytes;
      if (!final && waiting < this.chunkBytes) return;
      if (this.last?.complete) return;
      const size = Math.min(waiting, this.chunkBytes);
      const body = this.slice(this.held, this.held + size);
      const fields = chunkFields(this.options.start, this.takeIdValue, this.held, final);
      let tries = 0;
      for (;;) {
        try {
          const take = await this.options.send(fields, body);
          this.failure = null;
          this.takeIdValue = take.id;
          this.held = take.receivedBytes;
          this.last = take;
          this.options.onUploaded?.(take);
          break;
        } catch (error) {
          if (error instanceof OffsetConflict) {
            // Resume where the server stands (a lost answer, or a chunk that landed twice); a
            // conflict that moves nothing twice (a take completed elsewhere) ends the upload.
            if (this.takeIdValue === null || (error.receivedBytes === this.held && ++conflicts > 1)) throw error;
            this.held = Math.min(error.receivedBytes, this.recorded);
            this.failure = null;
            break;
          }
          tries++;
          this.failure = error;
          if (tries > (this.options.retries ?? 3)) throw error;
          await new Promise((r) => setTimeout(r, (this.options.retryDelayMs ?? 500) * tries));
        }
      }
    }
  }

  /** Bytes [from, to) of the take. */
  private slice(from: number, to: number): Uint8Array {
    const out = new Uint8Array(to - from);
    let at = 0;
    let pos = 0;
    for (const block of this.blocks) {
      const end = pos + block.length;
      if (end > from && pos < to) {
        const a = Math.max(from, pos) - pos;
        const b = Math.min(to, end) - pos;
        out.set(block.subarray(a, b), at);
        at += b - a;
      }
      pos = end;
      if (pos >= to) break;
    }
    return out;
  }
}
