import { clamp01, getFft, hann, nearestPow2, peakAbs, roundTo } from './dsp';
import type { KeyMode, KeyResult, PitchClassName } from './types';

/**
 * Key and mode by the Krumhansl-Schmuckler key-finding algorithm: a long-term chroma vector
 * (pitch-class profile) is correlated (Pearson) with the Krumhansl-Kessler (1982) major and minor
 * probe-tone profiles rotated to all 12 tonics; the best of the 24 wins.
 *
 * Chroma: magnitude STFT (Hann, ~0.74 s window for ~1.3 Hz bins, 50 % hop) of the mono mix at
 * ~11 kHz. Each bin between 55 Hz (A1) and 2 kHz is mapped to the nearest equal-tempered pitch
 * (A4 = 440 Hz, no tuning estimation) with a cos^2 weight that is 1 at the semitone centre and 0
 * half-way between semitones, so bins between notes (leakage, noise) count little.
 */

export const PITCH_CLASSES: readonly PitchClassName[] = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** Krumhansl & Kessler (1982) probe-tone ratings, index 0 = tonic. */
export const KK_MAJOR: readonly number[] = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
export const KK_MINOR: readonly number[] = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

const CHROMA_FMIN = 55;
const CHROMA_FMAX = 2000;

/** Long-term chroma (12 values, C..B, normalised to max 1) of a mono signal; null if silent/too short. */
export function chromagramSum(x: Float32Array, sampleRate: number): Float64Array | null {
  const peak = peakAbs(x);
  if (peak === 0) return null;
  const acc = new ChromaAccumulator(sampleRate);
  if (!acc.usable) return null;
  const { nfft, hop } = acc;
  // Short signals: analyse one zero-padded frame.
  const frames = x.length >= nfft ? Math.floor((x.length - nfft) / hop) + 1 : 1;
  for (let t = 0; t < frames; t++) {
    const off = t * hop;
    acc.addFrame(x, off, Math.min(nfft, x.length - off));
  }
  return acc.result();
}

/** Chroma summed frame by frame (the STFT of chromagramSum); frames may come from any buffer. */
export class ChromaAccumulator {
  readonly nfft: number;
  readonly hop: number;
  /** False when the rate leaves no bin between 55 Hz and 2 kHz. */
  readonly usable: boolean;
  private readonly kMin: number;
  private readonly kMax: number;
  private readonly pcOf: Int32Array;
  private readonly wOf: Float64Array;
  private readonly win: Float64Array;
  private readonly frame: Float64Array;
  private readonly spec: Float64Array;
  private readonly chroma = new Float64Array(12);

  constructor(sampleRate: number) {
    const nfft = nearestPow2(sampleRate * 0.743);
    this.nfft = nfft;
    this.hop = nfft / 2;
    const binHz = sampleRate / nfft;
    this.kMin = Math.max(1, Math.ceil(CHROMA_FMIN / binHz));
    this.kMax = Math.min(nfft / 2 - 1, Math.floor(CHROMA_FMAX / binHz));
    this.usable = this.kMax >= this.kMin;
    this.pcOf = new Int32Array(Math.max(0, this.kMax + 1));
    this.wOf = new Float64Array(Math.max(0, this.kMax + 1));
    for (let k = this.kMin; k <= this.kMax; k++) {
      const midi = 69 + 12 * Math.log2((k * binHz) / 440);
      const nearest = Math.round(midi);
      this.pcOf[k] = ((nearest % 12) + 12) % 12;
      this.wOf[k] = Math.cos(Math.PI * (midi - nearest)) ** 2;
    }
    this.win = this.usable ? hann(nfft) : new Float64Array(0);
    this.frame = new Float64Array(this.usable ? nfft : 0);
    this.spec = new Float64Array(this.usable ? 2 * nfft : 0);
  }

  /** Adds the frame of `len` samples at x[off] (zero-padded to nfft). */
  addFrame(x: Float32Array, off: number, len: number): void {
    const { nfft, frame, win, spec, chroma, pcOf, wOf, kMin, kMax } = this;
    for (let i = 0; i < nfft; i++) frame[i] = i < len ? x[off + i] * win[i] : 0;
    getFft(nfft).realTransform(spec, frame);
    for (let k = kMin; k <= kMax; k++) {
      const re = spec[2 * k], im = spec[2 * k + 1];
      chroma[pcOf[k]] += wOf[k] * Math.sqrt(re * re + im * im);
    }
  }

  /** The summed chroma normalised to max 1, or null when it is all zero. */
  result(): Float64Array | null {
    const chroma = Float64Array.from(this.chroma);
    let max = 0;
    for (const v of chroma) max = Math.max(max, v);
    if (!(max > 0)) return null;
    for (let i = 0; i < 12; i++) chroma[i] /= max;
    return chroma;
  }
}

function pearson(a: ArrayLike<number>, b: ArrayLike<number>, rot: number): number {
  // Correlates a[(i + rot) % 12] with b[i].
  let ma = 0, mb = 0;
  for (let i = 0; i < 12; i++) { ma += a[i]; mb += b[i]; }
  ma /= 12; mb /= 12;
  let num = 0, da = 0, db = 0;
  for (let i = 0; i < 12; i++) {
    const x = a[(i + rot) % 12] - ma;
    const y = b[i] - mb;
    num += x * y; da += x * x; db += y * y;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

export interface KeyScore { key: PitchClassName; mode: KeyMode; r: number }

/** Correlations of a chroma vector with all 24 rotated key profiles, best first. */
export function scoreKeys(chroma: ArrayLike<number>): KeyScore[] {
  const scores: KeyScore[] = [];
  for (let tonic = 0; tonic < 12; tonic++) {
    scores.push({ key: PITCH_CLASSES[tonic], mode: 'major', r: pearson(chroma, KK_MAJOR, tonic) });
    scores.push({ key: PITCH_CLASSES[tonic], mode: 'minor', r: pearson(chroma, KK_MINOR, tonic) });
  }
  return scores.sort((p, q) => q.r - p.r);
}

/** Key from a chroma vector. Confidence = best r (clamped) reduced when the runner-up is within 0.1. */
export function keyFromChroma(chroma: ArrayLike<number> | null): KeyResult {
  if (!chroma) return { key: null, mode: null, label: null, confidence: 0 };
  let spread = 0;
  for (let i = 0; i < 12; i++) spread = Math.max(spread, Math.abs(chroma[i] - chroma[0]));
  if (spread < 1e-9) return { key: null, mode: null, label: null, confidence: 0 };
  const [best, second] = scoreKeys(chroma);
  const margin = best.r - second.r;
  const confidence = clamp01(best.r) * Math.min(1, 0.5 + 5 * margin);
  return { key: best.key, mode: best.mode, label: `${best.key} ${best.mode}`, confidence: roundTo(confidence, 3) };
}

/** Key of a mono signal (ideally ~11 kHz; any rate works). */
export function detectKey(x: Float32Array, sampleRate: number): KeyResult {
  return keyFromChroma(chromagramSum(x, sampleRate));
}
