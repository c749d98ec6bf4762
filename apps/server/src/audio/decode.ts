import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { basename } from 'node:path';

/**
 * Audio decoding through ffmpeg (Node only). The binary is the one shipped inside the
 * `@ffmpeg-installer/ffmpeg` npm package unless `FFMPEG_PATH` is set. Decoded PCM is streamed from
 * ffmpeg's stdout as raw little-endian float32 (`-f f32le -acodec pcm_f32le`): `openAudioStream`
 * hands it on block by block (per-channel Float32Arrays of one pipe read, reused), so a consumer
 * such as the streaming analyzer never holds the track; `decodeAudioFile` collects the blocks into
 * per-channel arrays sized from the probed duration (grown by doubling when the estimate is short).
 */

export type AudioDecodeErrorCode = 'NOT_AUDIO' | 'FFMPEG_FAILED' | 'TIMEOUT' | 'FFMPEG_MISSING';

export class AudioDecodeError extends Error {
  readonly code: AudioDecodeErrorCode;
  constructor(code: AudioDecodeErrorCode, message: string) {
    super(message);
    this.name = 'AudioDecodeError';
    this.code = code;
  }
}

export interface DecodedAudio {
  channels: Float32Array[];
  sampleRate: number;
}

export interface DecodeOptions {
  /** Output sample rate; default: the source rate. */
  sampleRate?: number;
  /** Channel cap (default 2): mono stays mono, stereo stays stereo, more channels are downmixed. */
  maxChannels?: 1 | 2;
  /** Kill ffmpeg and reject after this long (default 120 s, applied to probe and decode separately). */
  timeoutMs?: number;
  /** Decode at most this many seconds from the start (ffmpeg `-t`). */
  maxDurationSec?: number;
}

export interface ProbeResult {
  /** Container duration in seconds (header value; may differ slightly from decoded length), or null. */
  durationSec: number | null;
  sampleRate: number | null;
  channels: number | null;
  codec: string | null;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const STDERR_KEEP = 16 * 1024;

let installerPath: string | undefined;

/** ffmpeg binary: env FFMPEG_PATH, else the binary shipped in `@ffmpeg-installer/ffmpeg`. */
export function ffmpegPath(): string {
  const fromEnv = process.env.FFMPEG_PATH?.trim();
  if (fromEnv) return fromEnv;
  if (installerPath) return installerPath;
  try {
    const require = createRequire(import.meta.url);
    const mod = require('@ffmpeg-installer/ffmpeg') as { path: string };
    installerPath = mod.path;
    return installerPath;
  } catch (error) {
    // The installer throws a plain string when no binary exists for this platform.
    const detail = error instanceof Error ? error.message : String(error);
    throw new AudioDecodeError('FFMPEG_MISSING', `No ffmpeg binary available (set FFMPEG_PATH): ${detail}`);
  }
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Spawn ffmpeg; stdout chunks go to `onStdout` (or are discarded). Rejects only on spawn failure / timeout. */
function runFfmpeg(args: string[], timeoutMs: number, what: string, onStdout?: (chunk: Buffer) => void, signal?: AbortSignal): Promise<RunResult> {
  const bin = ffmpegPath();
  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    let stderr = '';
    signal?.throwIfAborted();
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      reject(new AudioDecodeError('TIMEOUT', `ffmpeg timed out after ${timeoutMs} ms while ${what}`));
    }, timeoutMs);
    const onAbort = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('close', () => signal?.removeEventListener('abort', onAbort));
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        onStdout?.(chunk);
      } catch (error) {
        // The consumer failed: stop decoding and report its error.
        settled = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(error as Error);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      stderr += s;
      if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new AudioDecodeError('FFMPEG_MISSING', `Could not run ffmpeg at ${bin}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

/** Last meaningful stderr lines, for error messages. */
function stderrTail(stderr: string, lines = 3): string {
  const kept = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('At least one output file must be specified'));
  return kept.slice(-lines).join(' | ') || 'no diagnostic output';
}

const LAYOUT_CHANNELS: Record<string, number> = {
  mono: 1, stereo: 2, '2.1': 3, '3.0': 3, '3.0(back)': 3, '3.1': 4, '4.0': 4, quad: 4, 'quad(side)': 4, '4.1': 5,
  '5.0': 5, '5.0(side)': 5, '5.1': 6, '5.1(side)': 6, '6.0': 6, '6.1': 7, '7.0': 7, '7.1': 8, '7.1(wide)': 8, downmix: 2,
};

/** Parse ffmpeg's input banner (`ffmpeg -i file` stderr). Exported for tests. */
export function parseProbe(stderr: string): ProbeResult | null {
  const audio = /Stream #\d+:\d+[^:]*: Audio: ([^\n]*)/.exec(stderr);
  if (!audio) return null;
  const fields = audio[1].split(',').map((f) => f.trim());
  const codec = fields[0]?.split(' ')[0] || null;
  let sampleRate: number | null = null;
  let channels: number | null = null;
  for (let i = 0; i < fields.length; i++) {
    const hz = /^(\d+) Hz$/.exec(fields[i]);
    if (hz) {
      sampleRate = Number(hz[1]);
      const layout = fields[i + 1] ?? '';
      const count = /^(\d+) channels/.exec(layout);
      channels = count ? Number(count[1]) : (LAYOUT_CHANNELS[layout] ?? null);
      break;
    }
  }
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSec = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  return { durationSec, sampleRate, channels, codec };
}

/** Read the container header of a media file; rejects with AudioDecodeError('NOT_AUDIO') when it has no audio stream. */
export async function probeAudio(path: string, options: { timeoutMs?: number } = {}): Promise<ProbeResult> {
  const res = await runFfmpeg(['-hide_banner', '-nostdin', '-i', path], options.timeoutMs ?? DEFAULT_TIMEOUT_MS, `probing ${basename(path)}`);
  const probe = parseProbe(res.stderr);
  if (!probe) throw new AudioDecodeError('NOT_AUDIO', `Not a readable audio file (${basename(path)}): ${stderrTail(res.stderr)}`);
  return probe;
}

/** Container duration in seconds (null when the header has none). */
export async function probeDuration(path: string, options: { timeoutMs?: number } = {}): Promise<number | null> {
  return (await probeAudio(path, options)).durationSec;
}

/** Splits interleaved little-endian float32 bytes into per-channel blocks (reused between calls). */
class Deinterleaver {
  private pending: Buffer | null = null;
  private scratch = new Float32Array(0);
  private blocks: Float32Array[];
  private readonly littleEndian = endianness() === 'LE';

  constructor(private readonly numChannels: number, private readonly onBlock: (channels: Float32Array[], frames: number) => void) {
    this.blocks = Array.from({ length: numChannels }, () => new Float32Array(0));
  }

  push(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const frameBytes = 4 * this.numChannels;
    const frames = Math.floor(buf.length / frameBytes);
    const used = frames * frameBytes;
    this.pending = used < buf.length ? Buffer.from(buf.subarray(used)) : null;
    if (frames === 0) return;
    const samples = frames * this.numChannels;
    if (this.scratch.length < samples) this.scratch = new Float32Array(Math.max(samples, 2 * this.scratch.length));
    const s = this.scratch;
    if (this.littleEndian) {
      // Copy into an aligned buffer (chunk byteOffset need not be a multiple of 4).
      new Uint8Array(s.buffer, 0, used).set(buf.subarray(0, used));
    } else {
      for (let i = 0; i < samples; i++) s[i] = buf.readFloatLE(4 * i);
    }
    const nc = this.numChannels;
    if (this.blocks[0].length < frames) this.blocks = this.blocks.map(() => new Float32Array(Math.max(frames, 2 * this.blocks[0].length)));
    for (let c = 0; c < nc; c++) {
      const out = this.blocks[c];
      for (let f = 0, i = c; f < frames; f++, i += nc) out[f] = s[i];
    }
    this.onBlock(this.blocks.map((b) => b.subarray(0, frames)), frames);
  }
}

/** Per-channel growable float buffers fed block by block. */
class PcmSink {
  readonly channels: Float32Array[];
  length = 0;

  constructor(private readonly numChannels: number, initialCapacity: number) {
    this.channels = Array.from({ length: numChannels }, () => new Float32Array(Math.max(1024, initialCapacity)));
  }

  push(blocks: Float32Array[], frames: number): void {
    this.ensure(this.length + frames);
    for (let c = 0; c < this.numChannels; c++) this.channels[c].set(blocks[c].subarray(0, frames), this.length);
    this.length += frames;
  }

  private ensure(needed: number): void {
    const cap = this.channels[0].length;
    if (needed <= cap) return;
    const next = Math.max(needed, cap * 2);
    for (let c = 0; c < this.numChannels; c++) {
      const grown = new Float32Array(next);
      grown.set(this.channels[c].subarray(0, this.length));
      this.channels[c] = grown;
    }
  }

  /** Exact-length channels (copies only when the buffer is over-allocated). */
  finish(): Float32Array[] {
    return this.channels.map((c) => (c.length === this.length ? c : c.slice(0, this.length)));
  }
}

export interface AudioStream {
  sampleRate: number;
  numChannels: number;
  /** Expected length in seconds (probed, capped by maxDurationSec); null when the header has none. */
  expectedSeconds: number | null;
  /**
   * Decodes, calling `onBlock` with each block (per-channel arrays valid only during the call).
   * Resolves to the number of frames. A throwing `onBlock` stops ffmpeg and rejects with its error.
   */
  read(onBlock: (channels: Float32Array[], frames: number) => void, signal?: AbortSignal): Promise<number>;
}

function checkOptions(options: DecodeOptions) {
  const maxChannels = options.maxChannels ?? 2;
  if (maxChannels !== 1 && maxChannels !== 2) throw new RangeError(`maxChannels must be 1 or 2, got ${String(maxChannels)}`);
  if (options.sampleRate !== undefined && !(Number.isInteger(options.sampleRate) && options.sampleRate >= 1000 && options.sampleRate <= 384000)) {
    throw new RangeError(`invalid sampleRate ${options.sampleRate}`);
  }
  return maxChannels;
}

/**
 * Probes `path` (or takes `probe` when the caller already has it) and returns a stream that
 * decodes it block by block. Same errors as decodeAudioFile.
 */
export async function openAudioStream(path: string, options: DecodeOptions & { probe?: ProbeResult } = {}): Promise<AudioStream> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxChannels = checkOptions(options);
  const probe = options.probe ?? (await probeAudio(path, { timeoutMs }));
  const sampleRate = options.sampleRate ?? probe.sampleRate ?? 44100;
  const numChannels = Math.min(maxChannels, probe.channels ?? 2);
  let expectedSeconds = probe.durationSec;
  if (options.maxDurationSec !== undefined && expectedSeconds !== null) expectedSeconds = Math.min(expectedSeconds, options.maxDurationSec);
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-map', '0:a:0'];
  if (options.maxDurationSec !== undefined) args.push('-t', String(options.maxDurationSec));
  args.push('-ac', String(numChannels), '-ar', String(sampleRate), '-f', 'f32le', '-acodec', 'pcm_f32le', 'pipe:1');
  return {
    sampleRate,
    numChannels,
    expectedSeconds,
    async read(onBlock, signal) {
      let frames = 0;
      const split = new Deinterleaver(numChannels, (channels, count) => {
        frames += count;
        onBlock(channels, count);
      });
      const res = await runFfmpeg(args, timeoutMs, `decoding ${basename(path)}`, (chunk) => split.push(chunk), signal);
      if (res.code !== 0) {
        throw new AudioDecodeError('FFMPEG_FAILED', `ffmpeg failed to decode ${basename(path)} (exit ${res.code ?? res.signal}): ${stderrTail(res.stderr)}`);
      }
      return frames;
    },
  };
}

/**
 * Decode any ffmpeg-readable audio (WAV, MP3, M4A/AAC, FLAC, OGG, video soundtracks...) to float
 * PCM. Rejects with AudioDecodeError: NOT_AUDIO (not media / no audio stream), FFMPEG_FAILED,
 * TIMEOUT or FFMPEG_MISSING.
 */
export async function decodeAudioFile(path: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const stream = await openAudioStream(path, options);
  const seconds = stream.expectedSeconds ?? Math.min(30, options.maxDurationSec ?? 30);
  const sink = new PcmSink(stream.numChannels, Math.ceil((seconds + 0.5) * stream.sampleRate));
  await stream.read((channels, frames) => sink.push(channels, frames));
  return { channels: sink.finish(), sampleRate: stream.sampleRate };
}
