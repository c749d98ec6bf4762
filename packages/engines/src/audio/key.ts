import { clamp01, getFft, hann, nearestPow2, peakAbs, roundTo } from './dsp';
import type { KeyMode, KeyResult, PitchClassName } from './types';

/**
 * Key and mode in two kinds of evidence (ADR 045):
 *
 * 1. Tonal hierarchy (the Krumhansl-Schmuckler method): the long-term chroma vector
 *    (pitch-class profile) is correlated (Pearson) with a major and a minor key profile rotated to
 *    all 12 tonics. The profiles are Albrecht & Shanahan's (2013, "The Use of Large Corpora to
 *    Train a New Type of Key-Finding Algorithm", Music Perception 31(1)), which confuse relative
 *    and dominant keys less than Krumhansl-Kessler's probe-tone ratings (kept for reference).
 * 2. Harmony over time: each chroma frame is labelled with the major or minor triad it matches
 *    best (binary templates, cosine, as in Fujishima's 1999 chord recogniser). A key is preferred
 *    when its tonic triad is heard often, when the triads heard belong to it (diatonic, with the
 *    major V of harmonic minor), and when its dominant resolves to its tonic (V -> I cadences).
 *    A global profile alone cannot tell i-VI-VII-i in F minor from vi-IV-V-vi in Ab major, or
 *    I-IV-V-I from the dominant's key; which chords sound, and where they resolve, can.
 * The score of a key is r + 0.4 * tonic share + 0.8 * diatonic share + 0.4 * cadences per frame.
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
/** Albrecht & Shanahan (2013) key profiles, index 0 = tonic: the profiles the analyser scores with. */
export const AS_MAJOR: readonly number[] = [0.238, 0.006, 0.111, 0.006, 0.137, 0.094, 0.016, 0.214, 0.009, 0.08, 0.008, 0.081];
export const AS_MINOR: readonly number[] = [0.22, 0.006, 0.104, 0.123, 0.019, 0.103, 0.012, 0.214, 0.062, 0.022, 0.061, 0.052];

/** Weights of the harmony evidence added to the profile correlation (see the file comment). */
const TONIC_WEIGHT = 0.4;
const DIATONIC_WEIGHT = 0.8;
const CADENCE_WEIGHT = 0.4;

/** Triads as semitone offsets from their root; index 2 * root + (minor ? 1 : 0). */
const TRIAD_COUNT = 24;
const triadIndex = (root: number, minor: boolean): number => 2 * (((root % 12) + 12) % 12) + (minor ? 1 : 0);
/** The diatonic triads of a key relative to its tonic (major: I ii iii IV V vi; minor: i III iv v V VI VII). */
const DIATONIC: Record<KeyMode, readonly (readonly [number, boolean])[]> = {
  major: [[0, false], [2, true], [4, true], [5, false], [7, false], [9, true]],
  minor: [[0, true], [3, false], [5, true], [7, true], [7, false], [8, false], [10, false]],
};

/** What the frames' triads say: how often each was heard, and V -> I moves into each triad. */
export interface HarmonyEvidence {
  /** Frames labelled with each triad (index 2 * root + minor). */
  triads: Float64Array;
  /** Moves from the major triad a fifth above into each triad (same index). */
  resolutions: Float64Array;
  /** Frames labelled (those with any pitched energy). */
  frames: number;
}

const CHROMA_FMIN = 55;
const CHROMA_FMAX = 2000;

/** Long-term chroma (12 values, C..B, normalised to max 1) of a mono signal; null if silent/too short. */
export function chromagramSum(x: Float32Array, sampleRate: number): Float64Array | null {
  return chromaEvidence(x, sampleRate)?.chroma ?? null;
}

/** Long-term chroma and the frames' harmony of a mono signal; null if silent/too short. */
export function chromaEvidence(x: Float32Array, sampleRate: number): { chroma: Float64Array; harmony: HarmonyEvidence } | null {
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
  const chroma = acc.result();
  return chroma ? { chroma, harmony: acc.harmony() } : null;
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
  private readonly frameChroma = new Float64Array(12);
  private readonly triads = new Float64Array(TRIAD_COUNT);
  private readonly resolutions = new Float64Array(TRIAD_COUNT);
  private labelled = 0;
  private lastTriad = -1;

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
    const fc = this.frameChroma;
    fc.fill(0);
    for (let k = kMin; k <= kMax; k++) {
      const re = spec[2 * k], im = spec[2 * k + 1];
      fc[pcOf[k]] += wOf[k] * Math.sqrt(re * re + im * im);
    }
    for (let i = 0; i < 12; i++) chroma[i] += fc[i];
    this.labelTriad(fc);
  }

  /** Labels a frame with its best-matching triad and counts a V -> I move into it. */
  private labelTriad(fc: Float64Array): void {
    let norm = 0;
    for (let i = 0; i < 12; i++) norm += fc[i] * fc[i];
    if (!(norm > 0)) return;
    let best = 0, bestScore = -1;
    for (let root = 0; root < 12; root++) {
      const fifth = fc[(root + 7) % 12];
      for (let minor = 0; minor < 2; minor++) {
        // Cosine with a binary template of three notes: the common factor 1/sqrt(3 * norm) is dropped.
        const score = fc[root] + fc[(root + (minor ? 3 : 4)) % 12] + fifth;
        if (score > bestScore) { bestScore = score; best = 2 * root + minor; }
      }
    }
    this.triads[best]++;
    this.labelled++;
    const dominantOf = triadIndex((best >> 1) + 7, false);
    if (this.lastTriad === dominantOf) this.resolutions[best]++;
    this.lastTriad = best;
  }

  /** What the triads heard so far say about the key. */
  harmony(): HarmonyEvidence {
    return { triads: Float64Array.from(this.triads), resolutions: Float64Array.from(this.resolutions), frames: this.labelled };
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

export interface KeyScore {
  key: PitchClassName;
  mode: KeyMode;
  /** Correlation of the chroma with the key's profile. */
  r: number;
  /** r plus the harmony evidence (equal to r without it). */
  score: number;
}

/** What the harmony adds to a key's score: its tonic heard, its chords heard, its cadences. */
function harmonyBonus(h: HarmonyEvidence, tonic: number, mode: KeyMode): number {
  if (h.frames === 0) return 0;
  const tonicTriad = triadIndex(tonic, mode === 'minor');
  let diatonic = 0;
  for (const [interval, minor] of DIATONIC[mode]) diatonic += h.triads[triadIndex(tonic + interval, minor)];
  return (TONIC_WEIGHT * h.triads[tonicTriad] + DIATONIC_WEIGHT * diatonic + CADENCE_WEIGHT * h.resolutions[tonicTriad]) / h.frames;
}

/** Scores of all 24 keys for a chroma vector (and the frames' harmony when known), best first. */
export function scoreKeys(chroma: ArrayLike<number>, harmony?: HarmonyEvidence): KeyScore[] {
  const scores: KeyScore[] = [];
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const mode of ['major', 'minor'] as const) {
      const r = pearson(chroma, mode === 'major' ? AS_MAJOR : AS_MINOR, tonic);
      scores.push({ key: PITCH_CLASSES[tonic], mode, r, score: r + (harmony ? harmonyBonus(harmony, tonic, mode) : 0) });
    }
  }
  return scores.sort((p, q) => q.score - p.score);
}

/** Key from a chroma vector. Confidence = best r (clamped) reduced when the runner-up is within 0.1. */
export function keyFromChroma(chroma: ArrayLike<number> | null, harmony?: HarmonyEvidence): KeyResult {
  if (!chroma) return { key: null, mode: null, label: null, confidence: 0 };
  let spread = 0;
  for (let i = 0; i < 12; i++) spread = Math.max(spread, Math.abs(chroma[i] - chroma[0]));
  if (spread < 1e-9) return { key: null, mode: null, label: null, confidence: 0 };
  const [best, second] = scoreKeys(chroma, harmony);
  const margin = best.score - second.score;
  const confidence = clamp01(best.r) * Math.min(1, 0.5 + 5 * margin);
  return { key: best.key, mode: best.mode, label: `${best.key} ${best.mode}`, confidence: roundTo(confidence, 3) };
}

/** Key of a mono signal (ideally ~11 kHz; any rate works). */
export function detectKey(x: Float32Array, sampleRate: number): KeyResult {
  const evidence = chromaEvidence(x, sampleRate);
  return keyFromChroma(evidence?.chroma ?? null, evidence?.harmony);
}
