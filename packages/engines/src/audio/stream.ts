import { ampToDb, decimatorTaps, firEdge, firInterior, peakAbs, roundTo } from './dsp';
import { keyFromChroma, ChromaAccumulator, type HarmonyEvidence } from './key';
import { KWeightedEnergy, loudnessFromSegments, loudnessHop } from './loudness';
import { OnsetFlux, onsetFrameCount, onsetFraming, onsetStrengthOf, tempoFromEnvelope, type OnsetEnvelope, type SampleSource } from './tempo';
import { GAIN_BOUND, TAPS, scanInterior } from './truePeak';
import type { AudioAnalysis } from './types';

/**
 * Streaming analysis: the decoded audio arrives block by block and is never held whole. Loudness,
 * sample and true peak, waveform and the key's chroma are accumulated as blocks arrive; tempo
 * keeps only the mono mix decimated to ~22 kHz (a quarter of a 44.1 kHz stereo signal) and runs
 * on it at the end, because its onset envelope is scaled by that signal's overall peak. Results
 * equal the whole-signal functions (measureLoudness, measureTruePeak, detectKey, estimateTempo;
 * computeWaveform when `totalFrames` is given, else bucket edges fall on multiples of a small
 * power of two), checked in stream.test.ts.
 */

export const ENGINE_NAME = 'built-in analyzer v1' as const;

export interface AudioAnalyzerOptions {
  /** Waveform bucket count (default 800). */
  waveformBuckets?: number;
  /** The exact number of frames that will be pushed, when known: the waveform's buckets are then exact. */
  totalFrames?: number;
  /**
   * 'keep' (default): the ~22 kHz mono mix is kept for tempo (about 2 bytes per 44.1 kHz frame).
   * 'second-pass': nothing is kept; after the first pass call beginSecondPass() and push the same
   * audio again, which tempo reads with the signal's peak known. Same results, constant memory.
   */
  tempo?: 'keep' | 'second-pass';
}

export interface AudioAnalyzer {
  /** Adds the next `frames` frames (default: the first channel's length), one array per channel. */
  push(channels: readonly Float32Array[], frames?: number): void;
  /** Frames pushed so far (in the current pass). */
  readonly frames: number;
  /** With tempo 'second-pass': ends the first pass; push the same audio again, then finish(). */
  beginSecondPass(): void;
  finish(): AudioAnalysis;
}

/** The onset envelope built frame by frame as the ~22 kHz mono mix streams past (second pass). */
class StreamingOnset {
  private readonly input = new SlidingBuffer();
  private readonly flux: OnsetFlux | null;
  private readonly frame: Float64Array;
  private readonly hop: number;
  private readonly nfft: number;
  readonly fps: number;
  readonly env: Float64Array;
  private next = 0;

  constructor(sampleRate: number, peak: number, length: number) {
    const { nfft, hop, fps } = onsetFraming(sampleRate);
    this.nfft = nfft;
    this.hop = hop;
    this.fps = fps;
    this.env = new Float64Array(onsetFrameCount(length, sampleRate));
    this.flux = this.env.length > 0 && peak > 0 ? new OnsetFlux(sampleRate, peak) : null;
    this.frame = new Float64Array(this.flux ? nfft : 0);
  }

  push(x: Float32Array): void {
    if (!this.flux) return;
    this.input.append(x);
    const { nfft, hop, frame, env, input } = this;
    while (this.next < env.length && this.next * hop + nfft <= input.end) {
      const at = this.next * hop - input.start;
      frame.set(input.buf.subarray(at, at + nfft)); // as ChunkedSamples.read
      env[this.next] = this.flux.next(frame);
      this.next++;
    }
    input.dropBefore(this.next * hop);
  }

  /** The envelope (all zeros when the signal is silent or too short, as onsetStrength gives). */
  result(): OnsetEnvelope {
    if (this.flux && this.next < this.env.length) throw new Error('AudioAnalyzer: the second pass ended early');
    return { env: this.env, fps: this.fps };
  }
}

const round1OrNull = (v: number | null): number | null => (v === null ? null : roundTo(v, 1));
const round2OrNull = (v: number | null): number | null => (v === null ? null : roundTo(v, 2));

/** Growable buffer of samples with absolute indices, dropping what is no longer needed. */
class SlidingBuffer {
  buf = new Float32Array(1 << 14);
  /** Absolute index of buf[0]. */
  start = 0;
  length = 0;

  get end(): number {
    return this.start + this.length;
  }

  append(x: Float32Array, from = 0, to = x.length): void {
    const count = to - from;
    if (this.length + count > this.buf.length) {
      const grown = new Float32Array(Math.max(this.buf.length * 2, this.length + count));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    this.buf.set(x.subarray(from, to), this.length);
    this.length += count;
  }

  /** Forgets samples before absolute index `abs`. */
  dropBefore(abs: number): void {
    const n = Math.min(this.length, abs - this.start);
    if (n <= 0) return;
    this.buf.copyWithin(0, n, this.length);
    this.length -= n;
    this.start += n;
  }
}

/** decimate() (dsp.ts) fed block by block: same taps, same sums, same output. */
class StreamingDecimator {
  private readonly input = new SlidingBuffer();
  private next = 0;
  private readonly fir;
  /** The outputs of the last push, reused: what push returns is valid until the next push. */
  private out = new Float32Array(0);

  constructor(readonly factor: number) {
    this.fir = decimatorTaps(factor);
  }

  /** Appends input; returns the outputs that now have all their taps (valid until the next call). */
  push(x: Float32Array, from: number, to: number): Float32Array {
    if (this.factor <= 1) return x.subarray(from, to);
    this.input.append(x, from, to);
    return this.emit(false);
  }

  /** The remaining outputs, with the signal's end treated as zeros (as decimate does). */
  finish(): Float32Array {
    if (this.factor <= 1) return new Float32Array(0);
    return this.emit(true);
  }

  private emit(final: boolean): Float32Array {
    const fir = this.fir;
    const len = fir.len;
    const mid = (len - 1) >> 1;
    const f = this.factor;
    const n = this.input.end;
    const last = final ? Math.ceil(n / f) : Math.floor((n - 1 - mid) / f) + 1; // exclusive
    const count = Math.max(0, last - this.next);
    if (this.out.length < count) this.out = new Float32Array(Math.max(count, 2 * this.out.length));
    const out = this.out;
    const { buf, start: base } = this.input;
    // Outputs before m0 reach before the signal's start, those from m1 on past its end (so far).
    const m0 = Math.min(last, Math.max(this.next, Math.ceil(mid / f)));
    const m1 = Math.max(m0, Math.min(last, Math.floor((n - len + mid) / f) + 1));
    let j = 0;
    for (let m = this.next; m < m0; m++, j++) out[j] = firEdge(fir, buf, base, n, m * f - mid);
    firInterior(fir, f, buf, m0 * f - mid - base, out, j, m1 - m0);
    j += m1 - m0;
    for (let m = m1; m < last; m++, j++) out[j] = firEdge(fir, buf, base, n, m * f - mid);
    this.next += count;
    this.input.dropBefore(this.next * f - mid);
    return out.subarray(0, count);
  }
}

const CHUNK = 1 << 16;

/** A mono signal kept in fixed-size chunks (no doubling copies), readable as a SampleSource. */
class ChunkedSamples implements SampleSource {
  private readonly chunks: Float32Array[] = [];
  length = 0;
  /** Set by the owner, which measures the peak of what it appends anyway. */
  peak = 0;

  append(x: Float32Array): void {
    let i = 0;
    while (i < x.length) {
      const at = this.length % CHUNK;
      if (at === 0) this.chunks.push(new Float32Array(CHUNK));
      const take = Math.min(CHUNK - at, x.length - i);
      this.chunks[this.chunks.length - 1].set(x.subarray(i, i + take), at);
      i += take;
      this.length += take;
    }
  }

  read(offset: number, out: Float64Array): void {
    for (let i = 0; i < out.length; ) {
      const abs = offset + i;
      const chunk = this.chunks[Math.floor(abs / CHUNK)];
      const at = abs % CHUNK;
      const take = Math.min(CHUNK - at, out.length - i);
      // set() converts float32 to float64 in native code, several times faster than a loop here.
      out.set(chunk.subarray(at, at + take), i);
      i += take;
    }
  }
}

/** Chroma frames (nfft samples, 50 % hop) taken as the ~11 kHz signal streams past. */
class StreamingChroma {
  private readonly acc: ChromaAccumulator;
  private readonly input = new SlidingBuffer();
  private nextFrame = 0;
  peak = 0;

  constructor(sampleRate: number) {
    this.acc = new ChromaAccumulator(sampleRate);
  }

  push(x: Float32Array): void {
    const p = peakAbs(x);
    if (p > this.peak) this.peak = p;
    if (!this.acc.usable) return;
    this.input.append(x);
    const { nfft, hop } = this.acc;
    while (this.nextFrame * hop + nfft <= this.input.end) {
      const off = this.nextFrame * hop;
      this.acc.addFrame(this.input.buf, off - this.input.start, nfft);
      this.nextFrame++;
    }
    this.input.dropBefore(this.nextFrame * hop);
  }

  result(): { chroma: Float64Array; harmony: HarmonyEvidence } | null {
    if (this.peak === 0 || !this.acc.usable) return null;
    // Shorter than one frame: one zero-padded frame, as chromagramSum does.
    if (this.nextFrame === 0) this.acc.addFrame(this.input.buf, 0, this.input.length);
    const chroma = this.acc.result();
    return chroma ? { chroma, harmony: this.acc.harmony() } : null;
  }
}

/** True peak of one channel (truePeak.ts's interpolator), block by block with an 11-sample history. */
class StreamingTruePeak {
  private work = new Float32Array(TAPS - 1 + 4096);
  peak = 0;
  /** max |x| so far: every sample lies in some block's window, so the windows' maxima give it. */
  samplePeak = 0;

  /** Scans positions of x[from, to); `work` keeps the previous TAPS - 1 samples in front. */
  push(x: Float32Array, from: number, to: number): void {
    const h = TAPS - 1;
    const count = to - from;
    if (h + count > this.work.length) {
      const grown = new Float32Array(h + count);
      grown.set(this.work.subarray(0, h));
      this.work = grown;
    }
    const w = this.work;
    w.set(x.subarray(from, to), h);
    this.scan(w, h, h + count);
    w.copyWithin(0, count, count + h);
  }

  /** The 11 positions after the last sample (zero flush). */
  finish(): void {
    const h = TAPS - 1;
    const w = this.work;
    w.fill(0, h, h + h);
    this.scan(w, h, h + h);
  }

  private scan(w: Float32Array, from: number, to: number): void {
    const BLOCK = 256;
    for (let b = from; b < to; b += BLOCK) {
      const e = Math.min(to, b + BLOCK);
      let m = 0;
      for (let i = b - (TAPS - 1); i < e; i++) {
        const v = Math.abs(w[i]); // branch-free (see peakAbs)
        if (v > m) m = v;
      }
      if (m > this.samplePeak) this.samplePeak = m;
      if (m > this.peak) this.peak = m; // the sample peak counts too
      if (m * GAIN_BOUND <= this.peak) continue;
      this.peak = scanInterior(w, b, e, this.peak);
    }
  }
}

const minMax: [number, number] = [0, 0];

/**
 * Min and max, starting from lo and hi, of the channels' mean over frames [from, to), the mean
 * taken as computeWaveform takes it (summed in double precision, times 1 / channels). The pair
 * returned is reused.
 */
function minMaxOfMean(channels: readonly Float32Array[], from: number, to: number, lo: number, hi: number): [number, number] {
  const nc = channels.length;
  const g = 1 / nc;
  if (nc === 2) {
    const a = channels[0], b = channels[1];
    for (let i = from; i < to; i++) {
      const v = (a[i] + b[i]) * g;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  } else if (nc === 1) {
    const a = channels[0];
    for (let i = from; i < to; i++) {
      const v = a[i] * g;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  } else {
    for (let i = from; i < to; i++) {
      let v = 0;
      for (let c = 0; c < nc; c++) v += channels[c][i];
      v *= g;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  minMax[0] = lo;
  minMax[1] = hi;
  return minMax;
}

/**
 * Waveform peaks of the mono mix (computeWaveform's arithmetic). With the total known, buckets
 * are exact; otherwise min/max are kept for runs of `run` samples (doubling, at most 64 Ki runs)
 * and each bucket takes the runs that start inside it.
 */
class StreamingWaveform {
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  private count = 0;
  private run = 1;
  private inRun = 0;
  private seen = 0;
  private bucketEnd = 0;
  private readonly exactBuckets: number;

  constructor(private readonly requested: number, private readonly totalFrames?: number) {
    this.exactBuckets = totalFrames === undefined ? 0 : Math.min(requested, totalFrames);
    const slots = totalFrames === undefined ? 1 << 16 : this.exactBuckets;
    this.lo = new Float64Array(slots).fill(Infinity);
    this.hi = new Float64Array(slots).fill(-Infinity);
    if (this.exactBuckets > 0) this.bucketEnd = Math.floor(this.totalFrames! / this.exactBuckets);
  }

  push(channels: readonly Float32Array[], from: number, to: number): void {
    const exact = this.totalFrames !== undefined;
    if (exact && this.exactBuckets === 0) return;
    const { lo, hi } = this;
    // Runs of samples that go to one slot (a bucket, or a run of `run` samples), each in a tight loop.
    for (let i = from; i < to; ) {
      let end: number;
      if (exact) {
        while (this.seen >= this.bucketEnd && this.count < this.exactBuckets - 1) {
          this.count++;
          this.bucketEnd = Math.floor(((this.count + 1) * this.totalFrames!) / this.exactBuckets);
        }
        end = this.count < this.exactBuckets - 1 ? Math.min(to, i + (this.bucketEnd - this.seen)) : to;
      } else {
        end = Math.min(to, i + (this.run - this.inRun));
      }
      const r = this.count;
      const m = minMaxOfMean(channels, i, end, lo[r], hi[r]);
      lo[r] = m[0];
      hi[r] = m[1];
      this.seen += end - i;
      if (!exact) {
        this.inRun += end - i;
        if (this.inRun === this.run) {
          this.inRun = 0;
          if (++this.count === lo.length) this.halve();
        }
      }
      i = end;
    }
  }

  private halve(): void {
    const { lo, hi } = this;
    const half = lo.length >> 1;
    for (let j = 0; j < half; j++) {
      lo[j] = Math.min(lo[2 * j], lo[2 * j + 1]);
      hi[j] = Math.max(hi[2 * j], hi[2 * j + 1]);
    }
    lo.fill(Infinity, half);
    hi.fill(-Infinity, half);
    this.count = half;
    this.run *= 2;
  }

  finish(): number[] {
    const n = this.seen;
    const buckets = Math.min(Math.max(1, Math.floor(this.requested)), n);
    const out: number[] = [];
    const peakOf = (lo: number, hi: number) => r3(clamp(Math.max(-lo, hi), 0, 1));
    if (this.totalFrames !== undefined) {
      for (let b = 0; b < buckets; b++) out.push(peakOf(this.lo[b], this.hi[b]));
      return out;
    }
    const runs = this.count + (this.inRun > 0 ? 1 : 0);
    for (let b = 0; b < buckets; b++) {
      const start = Math.floor((b * n) / buckets);
      const end = Math.floor(((b + 1) * n) / buckets);
      let j = Math.ceil(start / this.run);
      let jEnd = Math.min(runs, Math.ceil(end / this.run));
      if (j >= jEnd) {
        // A bucket narrower than a run: the run it starts in.
        j = Math.min(runs - 1, Math.floor(start / this.run));
        jEnd = j + 1;
      }
      let lo = Infinity, hi = -Infinity;
      for (; j < jEnd; j++) {
        if (this.lo[j] < lo) lo = this.lo[j];
        if (this.hi[j] > hi) hi = this.hi[j];
      }
      out.push(peakOf(lo, hi));
    }
    return out;
  }
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000 + 0; // + 0 turns -0 into 0
const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/**
 * A streaming analyzer for `numChannels` channels at `sampleRate`. Memory: about 2 bytes per
 * input frame at 44.1 kHz (the ~22 kHz mono mix for tempo) plus fixed buffers.
 */
export function createAudioAnalyzer(sampleRate: number, numChannels: number, options: AudioAnalyzerOptions = {}): AudioAnalyzer {
  if (!(Number.isInteger(numChannels) && numChannels > 0)) throw new TypeError('createAudioAnalyzer: at least one channel is required');
  if (!(Number.isFinite(sampleRate) && sampleRate > 0)) throw new TypeError(`createAudioAnalyzer: invalid sample rate ${sampleRate}`);
  const tempoFactor = Math.max(1, Math.round(sampleRate / 22050));
  const tempoRate = sampleRate / tempoFactor;
  const keyFactor = Math.max(1, Math.round(tempoRate / 11025));
  const keep = (options.tempo ?? 'keep') === 'keep';
  let toTempo = new StreamingDecimator(tempoFactor);
  const toKey = new StreamingDecimator(keyFactor);
  const mono22 = new ChunkedSamples();
  let mono22Length = 0;
  let mono22Peak = 0;
  const chroma = new StreamingChroma(tempoRate / keyFactor);
  const hop = loudnessHop(sampleRate);
  const kWeighted = new KWeightedEnergy(sampleRate, hop, numChannels);
  const segments: number[] = [];
  const pushSegment = (energy: number) => {
    segments.push(energy);
  };
  const truePeaks = Array.from({ length: numChannels }, () => new StreamingTruePeak());
  const waveform = new StreamingWaveform(options.waveformBuckets ?? 800, options.totalFrames);
  let frames = 0;
  let mono = new Float32Array(0);
  let pass: 1 | 2 | 'done' = 1;
  let firstPass: Omit<AudioAnalysis, 'bpm' | 'bpmConfidence'> | undefined;
  let onset: StreamingOnset | undefined;
  let passOneFrames = 0;

  /** The ~22 kHz mono mix: kept (or only measured) and fed to the key's chroma in pass 1, to the onset envelope in pass 2. */
  const toTempoPath = (y: Float32Array) => {
    if (pass === 2) {
      onset!.push(y);
      return;
    }
    if (keep) mono22.append(y);
    mono22Length += y.length;
    const p = peakAbs(y);
    if (p > mono22Peak) mono22Peak = mono22.peak = p;
    chroma.push(toKey.push(y, 0, y.length));
  };

  const feedMono = (channels: readonly Float32Array[], count: number) => {
    // Mono mix in float32 steps, as mixToMono computes it.
    let x: Float32Array;
    if (numChannels === 1) {
      x = channels[0].length === count ? channels[0] : channels[0].subarray(0, count);
    } else {
      if (mono.length < count) mono = new Float32Array(count);
      const g = 1 / numChannels;
      if (numChannels === 2) {
        // The loop below for two channels: its first step, fround(0 + a), is a itself (but for the
        // sign of a zero, which nothing downstream can tell).
        const a = channels[0], b = channels[1];
        for (let i = 0; i < count; i++) mono[i] = Math.fround(a[i] + b[i]) * g;
      } else {
        for (let i = 0; i < count; i++) {
          let v = 0;
          for (let c = 0; c < numChannels; c++) v = Math.fround(v + channels[c][i]);
          mono[i] = v * g;
        }
      }
      x = mono.subarray(0, count);
    }
    toTempoPath(toTempo.push(x, 0, x.length));
  };

  /** Everything but tempo, once the first pass has seen the whole signal. */
  const endFirstPass = () => {
    if (options.totalFrames !== undefined && options.totalFrames !== frames) {
      throw new Error(`AudioAnalyzer: ${frames} frames pushed, ${options.totalFrames} announced`);
    }
    toTempoPath(toTempo.finish());
    chroma.push(toKey.finish());
    const evidence = chroma.result();
    const key = keyFromChroma(evidence?.chroma ?? null, evidence?.harmony);
    let truePeak = 0;
    let samplePeak = 0;
    for (const t of truePeaks) {
      t.finish();
      if (t.peak > truePeak) truePeak = t.peak;
      if (t.samplePeak > samplePeak) samplePeak = t.samplePeak;
    }
    const loud = loudnessFromSegments(Float64Array.from(segments), hop, samplePeak);
    firstPass = {
      durationSec: frames / sampleRate,
      key: key.key,
      mode: key.mode,
      keyLabel: key.label,
      keyConfidence: key.confidence,
      lufs: round1OrNull(loud.integratedLufs),
      loudnessRangeLu: round1OrNull(loud.loudnessRangeLu),
      truePeakDbtp: round2OrNull(ampToDb(truePeak)),
      samplePeakDbfs: round2OrNull(loud.samplePeakDbfs),
      loudnessCurve: loud.shortTermCurve,
      waveform: waveform.finish(),
      engine: ENGINE_NAME,
    };
  };

  return {
    get frames() {
      return frames;
    },

    push(channels, count = channels[0]?.length ?? 0) {
      if (pass === 'done') throw new Error('AudioAnalyzer: push after finish');
      if (channels.length !== numChannels) throw new TypeError(`AudioAnalyzer: expected ${numChannels} channels, got ${channels.length}`);
      if (count === 0) return;
      if (pass === 2) {
        feedMono(channels, count);
        frames += count;
        return;
      }
      // Loudness: the completed segments, channels added in channel order (as measureLoudness does).
      kWeighted.feed(channels, 0, count, pushSegment);
      // True peak, and the sample peak with it.
      for (let c = 0; c < numChannels; c++) truePeaks[c].push(channels[c], 0, count);
      waveform.push(channels, 0, count);
      feedMono(channels, count);
      frames += count;
    },

    beginSecondPass() {
      if (keep || pass !== 1) throw new Error("AudioAnalyzer: beginSecondPass needs tempo 'second-pass', once, before finish");
      endFirstPass();
      pass = 2;
      toTempo = new StreamingDecimator(tempoFactor);
      onset = new StreamingOnset(tempoRate, mono22Peak, mono22Length);
      passOneFrames = frames;
      frames = 0;
    },

    finish() {
      if (pass === 'done') throw new Error('AudioAnalyzer: finish called twice');
      if (!keep && pass !== 2) throw new Error("AudioAnalyzer: tempo 'second-pass' needs beginSecondPass() and a second pass first");
      let envelope;
      if (pass === 2) {
        if (frames !== passOneFrames) throw new Error(`AudioAnalyzer: the second pass had ${frames} frames, the first ${passOneFrames}`);
        onset!.push(toTempo.finish());
        envelope = onset!.result();
      } else {
        endFirstPass();
        envelope = onsetStrengthOf(mono22, tempoRate);
      }
      pass = 'done';
      const tempo = tempoFromEnvelope(envelope);
      const { durationSec, ...rest } = firstPass!;
      return { durationSec, bpm: tempo.bpm, bpmConfidence: tempo.confidence, ...rest };
    },
  };
}
