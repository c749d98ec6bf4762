import { BOOTH } from '@members-only/shared/booth';
import { barMs, latencyMs as roundTripMs } from '../timing';
import workletUrl from './recorder.worklet.ts?worker&url';
import { calibrationKey, calibrationTrain, estimateDelay, type DelayEstimate } from './calibration';
import { countInTimes, takePlacement } from './placement';
import { floatTo16BitPcm, TakeUploader, type HeldTake, type TakeStart, type ChunkSender } from './pcm';

/**
 * The Booth's audio engine in the browser (issue 29, ADR 048): one AudioContext, the microphone
 * through an AudioWorklet (not MediaRecorder: raw samples with their context frame, so a take is
 * placed on the beat to the sample), the backing and the clicks scheduled on the same clock.
 */

export type MicProblem = 'refused' | 'no-device' | 'insecure' | 'in-use' | 'unsupported';

/** Why the microphone could not be opened, in the artist's words, with what to do next. */
export class MicError extends Error {
  constructor(
    readonly problem: MicProblem,
    message: string,
  ) {
    super(message);
    this.name = 'MicError';
  }
}

export const MIC_MESSAGES: Record<MicProblem, string> = {
  refused:
    'The microphone was not allowed. To record, allow it for this site: click the microphone or lock icon beside the address, choose Allow, then try again.',
  'no-device': 'No microphone was found. Plug in a microphone or a headset with one, then try again.',
  insecure: 'Recording works only over a secure (https) connection. Open this page at its https address.',
  'in-use': 'The microphone is busy in another app or tab. Close it there, then try again.',
  unsupported: 'This browser cannot record here. Try a current Chrome, Edge, Firefox or Safari.',
};

function micError(error: unknown): MicError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return new MicError('refused', MIC_MESSAGES.refused);
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return new MicError('no-device', MIC_MESSAGES['no-device']);
  if (name === 'NotReadableError' || name === 'AbortError') return new MicError('in-use', MIC_MESSAGES['in-use']);
  return new MicError('unsupported', MIC_MESSAGES.unsupported);
}

type WorkletMessage =
  | { type: 'level'; peak: number; rms: number }
  | { type: 'block'; frame: number; samples: Float32Array }
  | { type: 'stopped'; busyMs: number; audioMs: number };

/** A one-shot click on the context's clock (count-in and metronome). */
function click(ctx: AudioContext, out: AudioNode, at: number, accent: boolean) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = accent ? 1600 : 1000;
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(accent ? 0.5 : 0.3, at + 0.002);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.05);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + 0.06);
}

export interface RecordOptions<T extends HeldTake> {
  backing: AudioBuffer;
  bpm: number;
  firstDownbeatMs: number;
  /** Where in the backing playback starts (ms): 0, or a punch-in's pre-roll bar. */
  fromMs: number;
  /** Where recording stops by itself (ms of the backing); the backing's end otherwise. */
  stopAtMs?: number;
  metronome: boolean;
  take: Omit<TakeStart, 'sampleRate' | 'startMs' | 'latencyMs'>;
  send: ChunkSender<T>;
  onUploaded?: (take: T) => void;
}

/** A take being recorded: the backing's clock for the prompter, and stop(). */
export interface Recording<T extends HeldTake> {
  /** Context time the backing's `fromMs` plays at (after the one-bar count-in). */
  readonly beatStartTime: number;
  /** Where the artist is in the backing now (ms, what they hear). */
  positionMs(): number;
  /** Stops capture and playback; resolves when the take is complete on the server. */
  stop(): Promise<{ take: T; workletLoad: number | null }>;
  /** Resolves when recording stopped (by stop() or at the end). */
  readonly ended: Promise<void>;
  readonly uploader: () => TakeUploader<T> | null;
}

export class BoothAudio {
  private levelListener: ((peak: number, rms: number) => void) | null = null;
  private blockListener: ((frame: number, samples: Float32Array) => void) | null = null;
  private stoppedListener: ((load: { busyMs: number; audioMs: number }) => void) | null = null;
  private readonly buffers = new Map<string, Promise<AudioBuffer>>();
  private readonly playing = new Set<AudioScheduledSourceNode>();
  /** A loopback measurement for this microphone and output (ms), used instead of the reported latencies. */
  private calibratedMs: number | null = null;

  private constructor(
    readonly ctx: AudioContext,
    private readonly stream: MediaStream,
    private readonly node: AudioWorkletNode,
  ) {
    node.port.onmessage = (event: MessageEvent<WorkletMessage>) => {
      const m = event.data;
      if (m.type === 'level') this.levelListener?.(m.peak, m.rms);
      else if (m.type === 'block') this.blockListener?.(m.frame, m.samples);
      else this.stoppedListener?.(m);
    };
  }

  /** Asks for the microphone (the browser's own prompt) and starts the capture worklet. */
  static async open(): Promise<BoothAudio> {
    if (!window.isSecureContext) throw new MicError('insecure', MIC_MESSAGES.insecure);
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') throw new MicError('unsupported', MIC_MESSAGES.unsupported);
    let stream: MediaStream;
    try {
      // The voice as it is: no echo cancelling, noise suppression or automatic gain.
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: { ideal: 1 } } });
    } catch (error) {
      throw micError(error);
    }
    let ctx = new AudioContext({ latencyHint: 'interactive' });
    // A rate the server does not take (rare hardware): record at 48 kHz instead.
    if (!(BOOTH.sampleRates as readonly number[]).includes(ctx.sampleRate)) {
      await ctx.close();
      ctx = new AudioContext({ latencyHint: 'interactive', sampleRate: 48_000 });
    }
    try {
      await ctx.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(ctx, 'booth-recorder', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
      ctx.createMediaStreamSource(stream).connect(node);
      // Pulled by the graph through a silent gain: nothing of the microphone reaches the speakers.
      const mute = ctx.createGain();
      mute.gain.value = 0;
      node.connect(mute).connect(ctx.destination);
      if (ctx.state === 'suspended') await ctx.resume();
      return new BoothAudio(ctx, stream, node);
    } catch (error) {
      stream.getTracks().forEach((t) => t.stop());
      void ctx.close();
      throw error;
    }
  }

  get sampleRate() {
    return this.ctx.sampleRate;
  }

  /** The latency to take off a take (ms): output path from the context, input path from the track when the browser reports it. */
  latencyMs(): number {
    if (this.calibratedMs !== null) return Math.min(BOOTH.maxLatencyMs, roundTripMs({ calibratedMs: this.calibratedMs }));
    const settings = this.stream.getAudioTracks()[0]?.getSettings() as MediaTrackSettings & { latency?: number };
    const input = typeof settings?.latency === 'number' && Number.isFinite(settings.latency) ? settings.latency * 1000 : 0;
    return Math.min(BOOTH.maxLatencyMs, roundTripMs({ baseLatencySec: this.ctx.baseLatency, outputLatencySec: this.ctx.outputLatency }) + input);
  }

  /** Uses a measured round trip (ms) instead of the reported latencies; null goes back to them. */
  setCalibration(ms: number | null) {
    this.calibratedMs = ms;
  }

  /** Where this microphone and output's measurement is kept (the input's deviceId and the context's output). */
  calibrationKey(): string {
    const settings = this.stream.getAudioTracks()[0]?.getSettings();
    const sinkId = (this.ctx as AudioContext & { sinkId?: unknown }).sinkId;
    return calibrationKey(settings?.deviceId, typeof sinkId === 'string' ? sinkId : undefined);
  }

  /**
   * Loopback calibration: plays a train of clicks through the output, records the microphone on
   * the same clock and answers the round trip (played at frame f, heard back at f + delay).
   */
  async calibrate(): Promise<DelayEstimate> {
    this.stopAll();
    const ctx = this.ctx;
    const rate = ctx.sampleRate;
    const train = calibrationTrain(rate);
    const buffer = ctx.createBuffer(1, train.length, rate);
    buffer.getChannelData(0).set(train);
    const at = ctx.currentTime + 0.2;
    const first = Math.round(at * rate);
    const recorded = new Float32Array(train.length);
    this.blockListener = (frame, samples) => {
      for (let i = 0; i < samples.length; i++) {
        const j = frame + i - first;
        if (j >= 0 && j < recorded.length) recorded[j] = samples[i];
      }
    };
    this.node.port.postMessage({ type: 'record' });
    const src = this.source(buffer, at, 0);
    await new Promise<void>((resolve) => src.addEventListener('ended', () => resolve(), { once: true }));
    await new Promise<void>((resolve) => {
      this.stoppedListener = () => resolve();
      this.node.port.postMessage({ type: 'stop' });
    });
    this.stoppedListener = null;
    this.blockListener = null;
    return estimateDelay(train, recorded, rate);
  }

  onLevel(listener: ((peak: number, rms: number) => void) | null) {
    this.levelListener = listener;
  }

  /** Fetches and decodes audio once per URL (resampled to the context's rate). */
  load(url: string): Promise<AudioBuffer> {
    let buffer = this.buffers.get(url);
    if (!buffer) {
      buffer = fetch(url, { credentials: 'include' })
        .then((res) => {
          if (!res.ok) throw new Error(`Could not load the audio (${res.status})`);
          return res.arrayBuffer();
        })
        .then((bytes) => this.ctx.decodeAudioData(bytes));
      buffer.catch(() => this.buffers.delete(url));
      this.buffers.set(url, buffer);
    }
    return buffer;
  }

  forget(url: string) {
    this.buffers.delete(url);
  }

  private source(buffer: AudioBuffer, at: number, offsetSec: number, gain = 1) {
    const src = this.ctx.createBufferSource();
    src.buffer = buffer;
    const g = this.ctx.createGain();
    g.gain.value = gain;
    src.connect(g).connect(this.ctx.destination);
    src.start(at, Math.max(0, offsetSec));
    this.playing.add(src);
    src.onended = () => this.playing.delete(src);
    return src;
  }

  /** Plays the backing from `fromMs` with takes placed at their startMs; answers the backing's clock. */
  play(backing: AudioBuffer, takes: Array<{ buffer: AudioBuffer; startMs: number }>, fromMs = 0): { startTime: number; positionMs: () => number } {
    this.stopAll();
    const startTime = this.ctx.currentTime + 0.1;
    this.source(backing, startTime, fromMs / 1000, 0.8);
    for (const take of takes) {
      const delay = (take.startMs - fromMs) / 1000;
      this.source(take.buffer, startTime + Math.max(0, delay), Math.max(0, -delay));
    }
    return { startTime, positionMs: () => this.positionAt(startTime, fromMs) };
  }

  stopAll() {
    for (const src of this.playing) {
      try {
        src.stop();
      } catch {
        // Already stopped.
      }
    }
    this.playing.clear();
  }

  /** Where in the backing the artist is hearing now, for playback started at `startTime` from `fromMs`. */
  positionAt(startTime: number, fromMs: number) {
    return (this.ctx.currentTime - startTime - this.ctx.outputLatency) * 1000 + fromMs;
  }

  /**
   * Records a take: a one-bar count-in at the beat's tempo, the backing from `fromMs`, an optional
   * metronome on its beats, capture from now (the count-in's samples are dropped when they fall
   * before the beat's start), chunks uploaded while recording.
   */
  record<T extends HeldTake>(opts: RecordOptions<T>): Recording<T> {
    this.stopAll();
    const ctx = this.ctx;
    const latency = this.latencyMs();
    const beatSec = barMs(opts.bpm) / 4000;
    const beatStartTime = ctx.currentTime + 0.15 + 4 * beatSec;
    const clicks = ctx.createGain();
    clicks.connect(ctx.destination);
    countInTimes(beatStartTime, opts.bpm).forEach((at, i) => click(ctx, clicks, at, i === 0));
    const endMs = Math.min(opts.stopAtMs ?? Infinity, opts.backing.duration * 1000);
    if (opts.metronome) {
      const first = Math.ceil((opts.fromMs - opts.firstDownbeatMs) / (beatSec * 1000) - 1e-9);
      for (let k = Math.max(0, first); ; k++) {
        const posMs = opts.firstDownbeatMs + k * beatSec * 1000;
        if (posMs >= endMs) break;
        click(ctx, clicks, beatStartTime + (posMs - opts.fromMs) / 1000, k % 4 === 0);
      }
    }
    const beat = this.source(opts.backing, beatStartTime, opts.fromMs / 1000, 0.8);
    let uploader: TakeUploader<T> | null = null;
    let drop = 0;
    let failure: unknown = null;
    this.blockListener = (frame, samples) => {
      try {
        if (!uploader) {
          const placed = takePlacement({ firstSampleTime: frame / ctx.sampleRate, beatStartTime, fromMs: opts.fromMs, latencyMs: latency, sampleRate: ctx.sampleRate });
          drop = placed.dropSamples;
          uploader = new TakeUploader<T>({ start: { ...opts.take, sampleRate: ctx.sampleRate, startMs: placed.startMs, latencyMs: latency }, send: opts.send, onUploaded: opts.onUploaded });
        }
        let block = samples;
        if (drop > 0) {
          const n = Math.min(drop, block.length);
          drop -= n;
          block = block.subarray(n);
        }
        if (block.length) uploader.push(floatTo16BitPcm(block));
      } catch (error) {
        failure = error;
      }
    };
    this.node.port.postMessage({ type: 'record' });

    let resolveEnded!: () => void;
    const ended = new Promise<void>((r) => (resolveEnded = r));
    let stopping: Promise<{ take: T; workletLoad: number | null }> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        window.clearInterval(timer);
        const load = await new Promise<{ busyMs: number; audioMs: number }>((resolve) => {
          this.stoppedListener = resolve;
          this.node.port.postMessage({ type: 'stop' });
        });
        this.stoppedListener = null;
        this.blockListener = null;
        try {
          beat.stop();
        } catch {
          // Ended already.
        }
        clicks.disconnect();
        resolveEnded();
        if (failure) throw failure;
        if (!uploader) throw new Error('Nothing was recorded. Check the microphone and try again.');
        const take = await (uploader as TakeUploader<T>).finish();
        return { take, workletLoad: load.audioMs > 0 ? load.busyMs / load.audioMs : null };
      })();
      return stopping;
    };
    const positionMs = () => this.positionAt(beatStartTime, opts.fromMs);
    // Stops by itself at the end of the backing or the punch-in's range.
    const timer = window.setInterval(() => {
      if (positionMs() >= endMs) void stop().catch(() => {});
    }, 50);
    return { beatStartTime, positionMs, stop, ended, uploader: () => uploader };
  }

  close() {
    this.stopAll();
    this.stream.getTracks().forEach((t) => t.stop());
    void this.ctx.close();
  }
}
