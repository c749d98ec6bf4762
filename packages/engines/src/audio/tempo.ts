import { clamp01, getFft, hann, nearestPow2, peakAbs, roundTo } from './dsp';
import type { TempoResult } from './types';

/**
 * Global tempo estimation after Ellis (2007), "Beat Tracking by Dynamic Programming" (J. New Music
 * Research 36(1)), the method behind librosa's `onset_strength` + `beat.tempo`:
 *
 * 1. Onset-strength envelope: spectral flux (half-wave rectified frame-to-frame increase) of a
 *    log-compressed magnitude STFT (~46 ms Hann window, ~11.6 ms hop at 22.05 kHz), averaged over
 *    bins; high-passed at 0.4 Hz and smoothed by a 20 ms Gaussian as in Ellis' paper.
 * 2. Autocorrelation of the envelope over beat periods 40-240 BPM, weighted by a tempo prior:
 *    Ellis/librosa's log-Gaussian centred on 120 BPM (sigma 1 octave), multiplied by a soft window
 *    that favours 70-180 BPM (the usual hip-hop range, and how producers label half/double time).
 *    The best weighted peak picks the metrical level (this is what avoids octave errors). Each
 *    candidate period (the peak's lag, parabolically interpolated) is scored with its multiples
 *    (1/k-weighted autocorrelation, linearly interpolated, at 2, 3 and 4 periods), so the level
 *    whose bars and half-bars also repeat wins over half its tempo.
 * 3. Refinement (comb filter): frame-quantised lags are too coarse (+-2 BPM at 140 BPM), so the
 *    period is refined on a 0.05 BPM grid within +-2 % by maximising the summed power of the
 *    envelope at the beat frequency and its first 3 harmonics (Goertzel on the Hann-windowed
 *    envelope), then parabolic interpolation.
 */

export const TEMPO_MIN_BPM = 40;
/**
 * How many multiples of a candidate period count towards it (ADR 045): a period is scored by the
 * autocorrelation at 1, 2, 3 and 4 periods, weighted 1/k. A beat's period repeats at its bar and
 * half-bar; half its tempo's period only at every other one of them. With the lag alone, a drill or
 * trap beat whose kick and snare play half time (a snare once a bar at 140) read as 70.
 * The multiples are taken of the period itself (the peak's interpolated, fractional lag), not of
 * the whole frame it falls in (ADR 054): at 150 BPM the period is 34.45 frames, and 4 × 34 frames
 * lands 1.8 frames, most of a smoothed onset's width, before the fourth beat, so the true tempo
 * lost its multiples to half its tempo (68.9 frames, read almost exactly at 69) and read as 75.
 */
const METER_SPAN = 4;
export const TEMPO_MAX_BPM = 240;

/** Tempo prior weight (0..1]: log-Gaussian at 120 BPM, sigma 1 octave, soft-windowed to 70-180 BPM. */
export function tempoPrior(bpm: number): number {
  const lg = Math.log2(bpm / 120);
  let w = Math.exp(-0.5 * lg * lg);
  const edge = bpm < 70 ? Math.log2(bpm / 70) : bpm > 180 ? Math.log2(bpm / 180) : 0;
  if (edge !== 0) w *= Math.exp(-0.5 * (edge / 0.25) ** 2);
  return w;
}

export interface OnsetEnvelope {
  /** Onset strength per frame (>= 0). */
  env: Float64Array;
  /** Frames per second. */
  fps: number;
}

/** Spectral-flux onset strength envelope of a mono signal (ideally ~22 kHz). */
export function onsetStrength(x: Float32Array, sampleRate: number): OnsetEnvelope {
  return onsetStrengthOf(
    {
      length: x.length,
      peak: peakAbs(x),
      read(offset, out) {
        out.set(x.subarray(offset, offset + out.length));
      },
    },
    sampleRate,
  );
}

/** A mono signal the onset envelope reads frame by frame (e.g. kept in chunks rather than one array). */
export interface SampleSource {
  length: number;
  /** max |x| over the whole signal. */
  peak: number;
  /** Copies samples [offset, offset + out.length) into `out`. */
  read(offset: number, out: Float64Array): void;
}

/** Frames of the onset STFT: ~46 ms window, a quarter of it as hop (1024 / 256 samples at 22.05 kHz). */
export function onsetFraming(sampleRate: number): { nfft: number; hop: number; fps: number } {
  const nfft = nearestPow2((sampleRate * 1024) / 22050);
  const hop = nfft / 4;
  return { nfft, hop, fps: sampleRate / hop };
}

/** Number of onset frames for a signal of `n` samples. */
export function onsetFrameCount(n: number, sampleRate: number): number {
  const { nfft, hop } = onsetFraming(sampleRate);
  return n >= nfft ? Math.floor((n - nfft) / hop) + 1 : 0;
}

/**
 * Spectral flux frame after frame, for a signal whose overall peak is known: the mean over bins of
 * the increase, if any, of log1p(gamma * scale * |X|) from the previous frame. The logarithms (the
 * costliest step) are taken only where they count, and once: a bin whose power did not grow adds
 * nothing (both steps are monotonic) and needs none; for one that grew from magnitude b to a, the
 * increase log1p(a) - log1p(b) is taken as log1p((a - b) / (1 + b)), the same number (to rounding,
 * and without the cancellation of the difference) from one logarithm instead of two.
 */
export class OnsetFlux {
  readonly nfft: number;
  private readonly win: Float64Array;
  /** gamma * scale: |X| times this is the magnitude, relative to the signal's peak, times gamma. */
  private readonly gainedScale: number;
  private readonly spec: Float64Array;
  private readonly bins: number;
  /** Per bin: the previous frame's power |X|^2 (0 before the first frame). */
  private readonly prevPower: Float64Array;
  private t = 0;

  constructor(sampleRate: number, peak: number) {
    const { nfft } = onsetFraming(sampleRate);
    this.nfft = nfft;
    this.win = hann(nfft);
    let wsum = 0;
    for (let i = 0; i < nfft; i++) wsum += this.win[i];
    // |X| * scale = amplitude of a sinusoid relative to the signal peak; gamma compresses ~60 dB.
    const gamma = 1000;
    const scale = 2 / (wsum * peak);
    this.gainedScale = gamma * scale;
    this.spec = new Float64Array(2 * nfft);
    this.bins = nfft / 2; // bins 1..nfft/2-1 (skip DC and Nyquist)
    this.prevPower = new Float64Array(this.bins);
  }

  /** Onset strength of the next frame; `frame` holds its nfft samples and is overwritten. */
  next(frame: Float64Array): number {
    const { nfft, win, spec, bins, gainedScale, prevPower } = this;
    for (let i = 0; i < nfft; i++) frame[i] = frame[i] * win[i];
    getFft(nfft).realTransform(spec, frame);
    let flux = 0;
    for (let k = 1; k < bins; k++) {
      const re = spec[2 * k], im = spec[2 * k + 1];
      const power = re * re + im * im;
      const before = prevPower[k];
      prevPower[k] = power;
      if (!(power > before)) continue;
      const a = gainedScale * Math.sqrt(power);
      const b = gainedScale * Math.sqrt(before);
      const d = Math.log1p((a - b) / (1 + b));
      if (d > 0) flux += d;
    }
    return this.t++ === 0 ? 0 : flux / (bins - 1);
  }
}

/** onsetStrength over a SampleSource (same arithmetic). */
export function onsetStrengthOf(source: SampleSource, sampleRate: number): OnsetEnvelope {
  const { hop, fps } = onsetFraming(sampleRate);
  const frames = onsetFrameCount(source.length, sampleRate);
  const env = new Float64Array(frames);
  if (frames === 0 || source.peak === 0) return { env, fps };
  const flux = new OnsetFlux(sampleRate, source.peak);
  const frame = new Float64Array(flux.nfft);
  for (let t = 0; t < frames; t++) {
    source.read(t * hop, frame);
    env[t] = flux.next(frame);
  }
  return { env, fps };
}

/** High-pass (one pole, ~0.4 Hz), Gaussian smoothing (sigma 20 ms), mean removal. */
function conditionEnvelope(env: Float64Array, fps: number): Float64Array {
  const n = env.length;
  const hp = new Float64Array(n);
  const a = Math.exp((-2 * Math.PI * 0.4) / fps);
  let prevIn = env[0] ?? 0;
  let prevOut = 0;
  for (let i = 0; i < n; i++) {
    prevOut = a * (prevOut + env[i] - prevIn);
    prevIn = env[i];
    hp[i] = prevOut;
  }
  const sigma = 0.02 * fps;
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const g = new Float64Array(2 * radius + 1);
  let gs = 0;
  for (let k = -radius; k <= radius; k++) { g[k + radius] = Math.exp(-0.5 * (k / sigma) ** 2); gs += g[k + radius]; }
  const out = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = i + k;
      if (j >= 0 && j < n) acc += g[k + radius] * hp[j];
    }
    out[i] = acc / gs;
    mean += out[i];
  }
  mean /= n || 1;
  for (let i = 0; i < n; i++) out[i] -= mean;
  return out;
}

/**
 * Summed Goertzel power of `y` at frequency f (cycles/frame) and its harmonics (those below
 * Nyquist), added in harmonic order. Each harmonic's recursion waits on its previous step; four
 * harmonics run side by side so that their chains overlap (each one's arithmetic unchanged).
 */
function combPower(y: Float64Array, f: number, harmonics: number): number {
  let total = 0;
  for (let h0 = 1; h0 <= harmonics; h0 += 4) {
    // Cosine terms of harmonics h0..h0+3; those at or above Nyquist (and past `harmonics`) are left out.
    const c = [0, 0, 0, 0];
    let live = 0;
    for (; live < 4 && h0 + live <= harmonics; live++) {
      const w = 2 * Math.PI * f * (h0 + live);
      if (w >= Math.PI) break;
      c[live] = 2 * Math.cos(w);
    }
    if (live === 0) break;
    const [c0, c1, c2, c3] = c;
    let a1 = 0, a2 = 0, b1 = 0, b2 = 0, d1 = 0, d2 = 0, e1 = 0, e2 = 0;
    for (let i = 0; i < y.length; i++) {
      const v = y[i];
      const a = v + c0 * a1 - a2;
      const b = v + c1 * b1 - b2;
      const d = v + c2 * d1 - d2;
      const e = v + c3 * e1 - e2;
      a2 = a1; a1 = a;
      b2 = b1; b1 = b;
      d2 = d1; d1 = d;
      e2 = e1; e1 = e;
    }
    const s1 = [a1, b1, d1, e1], s2 = [a2, b2, d2, e2];
    for (let k = 0; k < live; k++) total += s1[k] * s1[k] + s2[k] * s2[k] - c[k] * s1[k] * s2[k];
    if (live < 4) break;
  }
  return total;
}

/**
 * Below this standard deviation of the onset envelope (peak-normalised, log-compressed flux)
 * nothing in the signal starts: pure sines ripple at about 1e-4 to 3e-4, a beatless chord pad
 * moves about 7e-3, and click tracks and drums about 3e-2 to 1e-1, whatever their level.
 */
export const MIN_ONSET_VARIATION = 2e-3;

function onsetVariation(env: Float64Array): number {
  const n = env.length - 1; // the first frame has no predecessor and is always 0
  if (n < 2) return 0;
  let mean = 0;
  for (let i = 1; i < env.length; i++) mean += env[i];
  mean /= n;
  let v = 0;
  for (let i = 1; i < env.length; i++) v += (env[i] - mean) ** 2;
  return Math.sqrt(v / n);
}

/** Where the autocorrelation peak at integer `lag` really lies, in frames from it (parabolic interpolation, within ±0.5). */
function peakOffset(ac: Float64Array, lag: number): number {
  const ym = ac[lag - 1], y0 = ac[lag], yp = ac[lag + 1];
  const denom = ym - 2 * y0 + yp;
  return denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (ym - yp)) / denom)) : 0;
}

/** The autocorrelation at a fractional lag (linear interpolation between frames). */
function acAt(ac: Float64Array, lag: number): number {
  const i = Math.floor(lag), f = lag - i;
  return ac[i] + (ac[i + 1] - ac[i]) * f;
}

/**
 * ac[lag] = sum over i of e[i] * e[i + lag], for lags below `lags`. Four lags are summed side by
 * side (each in its own order, i ascending, so each sum is what one loop of its own gives): one
 * sum's additions wait on each other, four sums' do not.
 */
function autocorrelation(e: Float64Array, lags: number): Float64Array {
  const n = e.length;
  const ac = new Float64Array(lags);
  let lag = 0;
  for (; lag + 4 <= lags; lag += 4) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    const common = n - lag - 3; // every i below has all four products
    let i = 0;
    for (; i < common; i++) {
      const v = e[i];
      s0 += v * e[i + lag];
      s1 += v * e[i + lag + 1];
      s2 += v * e[i + lag + 2];
      s3 += v * e[i + lag + 3];
    }
    for (let k = i; k < n - lag; k++) s0 += e[k] * e[k + lag];
    for (let k = i; k < n - lag - 1; k++) s1 += e[k] * e[k + lag + 1];
    for (let k = i; k < n - lag - 2; k++) s2 += e[k] * e[k + lag + 2];
    ac[lag] = s0;
    ac[lag + 1] = s1;
    ac[lag + 2] = s2;
    ac[lag + 3] = s3;
  }
  for (; lag < lags; lag++) {
    let acc = 0;
    for (let i = 0, m = n - lag; i < m; i++) acc += e[i] * e[i + lag];
    ac[lag] = acc;
  }
  return ac;
}

/** Tempo from an onset envelope. */
export function tempoFromEnvelope(envelope: OnsetEnvelope): TempoResult {
  const { env, fps } = envelope;
  const minLag = Math.max(1, Math.floor((60 * fps) / TEMPO_MAX_BPM));
  const maxLag = Math.ceil((60 * fps) / TEMPO_MIN_BPM);
  // Need at least two of the longest beat periods to measure anything.
  if (env.length < 2 * maxLag + 2) return { bpm: null, confidence: 0 };
  // A steady tone's envelope only ripples (the sinusoid's phase against the hop), and that ripple
  // is periodic enough to fake a confident beat (a 220 Hz sine once read as 140 BPM). The
  // autocorrelation cannot tell: it is normalised. Real onsets move the envelope far more.
  if (onsetVariation(env) < MIN_ONSET_VARIATION) return { bpm: null, confidence: 0 };
  const e = conditionEnvelope(env, fps);
  const n = e.length;
  const ac = autocorrelation(e, Math.min(n, METER_SPAN * maxLag + 2));
  if (!(ac[0] > 1e-12)) return { bpm: null, confidence: 0 };

  let bestLag = -1;
  let bestPeriod = 0;
  let bestScore = 0;
  for (let lag = Math.max(minLag, 1); lag <= maxLag; lag++) {
    if (!(ac[lag] > 0 && ac[lag] >= ac[lag - 1] && ac[lag] >= ac[lag + 1])) continue;
    const period = lag + peakOffset(ac, lag);
    let metre = 0;
    for (let k = 1; k <= METER_SPAN && k * period + 1 < ac.length; k++) metre += Math.max(0, acAt(ac, k * period)) / k;
    const score = tempoPrior((60 * fps) / lag) * metre;
    if (score > bestScore) { bestScore = score; bestLag = lag; bestPeriod = period; }
  }
  if (bestLag < 0) return { bpm: null, confidence: 0 };
  const coarseBpm = (60 * fps) / bestPeriod;
  const confidence = clamp01(ac[bestLag] / ac[0]);

  // Comb-filter refinement on a fine BPM grid.
  const win = new Float64Array(n);
  for (let i = 0; i < n; i++) win[i] = e[i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
  const step = 0.05;
  const span = Math.max(1, 0.02 * coarseBpm);
  const count = Math.round((2 * span) / step) + 1;
  const lo = coarseBpm - span;
  const powers = new Float64Array(count);
  let bi = 0;
  for (let i = 0; i < count; i++) {
    powers[i] = combPower(win, (lo + i * step) / 60 / fps, 4);
    if (powers[i] > powers[bi]) bi = i;
  }
  let bpm = lo + bi * step;
  if (bi > 0 && bi < count - 1) {
    const d = powers[bi - 1] - 2 * powers[bi] + powers[bi + 1];
    if (d < 0) bpm += step * Math.max(-0.5, Math.min(0.5, (0.5 * (powers[bi - 1] - powers[bi + 1])) / d));
  }
  return { bpm: roundTo(bpm, 1), confidence: roundTo(confidence, 3) };
}

/** Tempo of a mono signal (ideally downsampled to ~22 kHz). */
export function estimateTempo(x: Float32Array, sampleRate: number): TempoResult {
  return tempoFromEnvelope(onsetStrength(x, sampleRate));
}
