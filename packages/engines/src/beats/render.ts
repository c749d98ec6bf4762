/**
 * Synthesis and mastering: renders a score into four stereo stems (drums, bass, chords, melody),
 * sums them, sets the level to the loudness target with a look-ahead limiter, and applies the same
 * gain curve to every stem, so the stems add up to the master exactly.
 */
import { seededRandom } from '../audio/synth';
import { measureIntegratedLoudness } from '../audio/loudness';
import { measureTruePeak } from '../audio/truePeak';
import { composeBeat, mixSeed, planBeat, type BeatPlan, type BeatRequest, type BeatScore, type DrumPart } from './compose';
import { clap, filter, hat, kick, NotePlayer, place, pluck, render808, rim, shaker, snare, stereo, swell, VOICES, type Stereo, type Voice } from './instruments';
import type { Instrument } from './prompt';

export const BEAT_ENGINE_NAME = 'built-in beat engine v1';
export const BEAT_SAMPLE_RATE = 44100;
/** Streaming platforms' reference level and a safe true-peak ceiling. */
export const TARGET_LUFS = -14;
export const TRUE_PEAK_CEILING_DBTP = -1;

export type StemName = 'drums' | 'bass' | 'chords' | 'melody';
export const STEM_NAMES: readonly StemName[] = ['drums', 'bass', 'chords', 'melody'];

export interface RenderedBeat {
  plan: BeatPlan;
  score: BeatScore;
  sampleRate: number;
  /** The master: [left, right]. */
  channels: [Float32Array, Float32Array];
  /** Present when asked for: each stem after the master gain, summing to `channels`. */
  stems?: Record<StemName, [Float32Array, Float32Array]>;
  integratedLufs: number | null;
  truePeakDbtp: number | null;
  engine: typeof BEAT_ENGINE_NAME;
}

export interface RenderOptions {
  stems?: boolean;
  /** 0..1 as the render advances. */
  onProgress?: (fraction: number) => void;
  /** Variation number: new drums and melody over the same tempo, key and progression. */
  variation?: number;
}

/** Plans, composes and renders a beat. Pure and deterministic for a request. */
export function generateBeat(request: BeatRequest, options: RenderOptions = {}): RenderedBeat {
  const plan = planBeat(request);
  const variation = request.variation ?? options.variation ?? 0;
  return renderBeat(plan, composeBeat(plan, variation), { ...options, variation });
}

const dbToGain = (db: number) => 10 ** (db / 20);

export function renderBeat(plan: BeatPlan, score: BeatScore, options: RenderOptions = {}): RenderedBeat {
  const sr = BEAT_SAMPLE_RATE;
  const frames = Math.round(plan.lengthSec * sr);
  const report = (f: number) => options.onProgress?.(f);
  // A variation tunes its own drum kit too.
  const rng = seededRandom(mixSeed(plan.seed, 0x27d4eb2f ^ Math.imul(options.variation ?? 0, 0x2545f491)));
  const stems: Record<StemName, Stereo> = { drums: stereo(frames), bass: stereo(frames), chords: stereo(frames), melody: stereo(frames) };
  const notes = new NotePlayer(sr);
  report(0.02);

  // Drum kit for this beat: tuned by style, varied by the seed.
  const style = plan.style;
  const kit: Record<DrumPart, Float32Array> = {
    kick: kick(sr, rng, style === 'trap' || style === 'drill' ? { tune: 52 + rng() * 6, decay: 0.12 } : style === 'dance' || style === 'jersey' ? { tune: 50 + rng() * 5, decay: 0.16, punch: 160, click: 0.9 } : { tune: 50 + rng() * 8, decay: 0.2 }),
    snare: snare(sr, rng, { tone: 170 + rng() * 50, decay: style === 'lofi' ? 0.09 : 0.12, noise: style === 'lofi' ? 0.5 : 0.8 }),
    clap: clap(sr, rng, { decay: 0.1 + rng() * 0.05 }),
    hat: hat(sr, rng, { decay: style === 'lofi' ? 0.035 : 0.025 }),
    openHat: hat(sr, rng, { decay: 0.12 }),
    rim: rim(sr, rng),
    shaker: shaker(sr, rng),
    swell: swell(sr, rng, (4 * 60) / plan.bpm),
  };
  if (style === 'lofi') for (const part of ['snare', 'hat', 'rim'] as const) filter(kit[part], 'lowpass', sr, 6500, 0.7);
  const level: Record<DrumPart, number> = { kick: 0.95, snare: style === 'pop' ? 0.4 : 0.6, clap: style === 'dance' || style === 'trap' || style === 'jersey' ? 0.3 : 0.55, hat: style === 'lofi' ? 0.14 : 0.2, openHat: style === 'trap' || style === 'drill' ? 0.4 : 0.16, rim: style === 'afrobeats' ? 0.45 : 0.25, shaker: 0.12, swell: 0.18 };
  for (const h of score.drums) place(kit[h.part], stems.drums, Math.round(h.time * sr), h.velocity * level[h.part], h.pan);
  report(0.2);

  // Bass.
  const bassNotes = score.notes.filter((n) => n.part === 'bass');
  if (plan.bass === '808') {
    render808(stems.bass, bassNotes.map((n) => ({ at: Math.round(n.time * sr), hold: Math.round(n.dur * sr), midi: n.midi, velocity: n.velocity * 0.6, ...(n.from !== undefined ? { from: n.from } : {}) })), sr, 1.8);
  } else {
    const voice = plan.bass === 'synthBass' ? VOICES.synthBass : VOICES.bass;
    for (const n of bassNotes) notes.play(stems.bass, voice, Math.round(n.time * sr), Math.round(n.dur * sr), n.midi, n.velocity * 0.5, 0);
    if (plan.bass === 'synthBass') {
      filter(stems.bass.l, 'lowpass', sr, 900, 1.1);
      filter(stems.bass.r, 'lowpass', sr, 900, 1.1);
    }
  }
  report(0.35);

  // Chords and lead.
  const voiceOf = (instrument: Instrument): Voice | 'pluck' => (instrument === 'guitar' ? 'pluck' : instrument === '808' ? VOICES.synth : VOICES[instrument]);
  const play = (into: Stereo, instrument: Instrument, part: 'chords' | 'lead', gain: number) => {
    const voice = voiceOf(instrument);
    for (const n of score.notes) {
      if (n.part !== part) continue;
      const at = Math.round(n.time * sr);
      const hold = Math.round(n.dur * sr);
      if (voice === 'pluck') pluck(into, at, hold, n.midi, n.velocity * gain * 1.6, n.pan, sr, rng);
      else notes.play(into, voice, at, hold, n.midi, n.velocity * gain, n.pan);
    }
  };
  play(stems.chords, plan.keys, 'chords', plan.keys === 'strings' ? 0.1 : 0.13);
  report(0.55);
  play(stems.melody, plan.lead, 'lead', plan.lead === 'synth' ? 0.1 : 0.18);
  report(0.65);

  if (style === 'lofi') {
    // Low-passed keys and melody, and the sound of vinyl: soft hiss and crackle.
    for (const s of [stems.chords, stems.melody]) { filter(s.l, 'lowpass', sr, 1700, 0.8); filter(s.r, 'lowpass', sr, 1700, 0.8); }
    vinyl(stems.chords, sr, rng);
  }
  // Keep the low end for the kick and bass.
  for (const s of [stems.chords, stems.melody]) { filter(s.l, 'highpass', sr, 150, 0.7); filter(s.r, 'highpass', sr, 150, 0.7); }

  // Fade the last 1.5 s (the chords ring on) so the file ends cleanly.
  const fade = Math.min(frames, Math.round(1.5 * sr));
  for (const name of STEM_NAMES) {
    const { l, r } = stems[name];
    for (let i = 0; i < fade; i++) {
      const g = i / fade;
      l[frames - 1 - i] *= g;
      r[frames - 1 - i] *= g;
    }
  }
  report(0.7);

  // Master: sum, level, limit.
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (const name of STEM_NAMES) {
    const { l, r } = stems[name];
    for (let i = 0; i < frames; i++) { left[i] += l[i]; right[i] += r[i]; }
  }
  const master = masterGain(left, right, sr, () => report(0.8));
  report(0.95);
  const integratedLufs = master.integratedLufs;
  const truePeakDbtp = master.truePeakDbtp;

  let stemOut: RenderedBeat['stems'];
  if (options.stems) {
    stemOut = {} as Record<StemName, [Float32Array, Float32Array]>;
    for (const name of STEM_NAMES) {
      const { l, r } = stems[name];
      applyGainCurve(l, r, master.gain);
      stemOut[name] = [l, r];
    }
  }
  report(1);
  return {
    plan,
    score,
    sampleRate: sr,
    channels: master.channels,
    ...(stemOut ? { stems: stemOut } : {}),
    integratedLufs: integratedLufs === null ? null : Math.round(integratedLufs * 10) / 10,
    truePeakDbtp: truePeakDbtp === null ? null : Math.round(truePeakDbtp * 10) / 10,
    engine: BEAT_ENGINE_NAME,
  };
}

function applyGainCurve(l: Float32Array, r: Float32Array, gain: Float32Array): void {
  for (let i = 0; i < l.length; i++) { l[i] *= gain[i]; r[i] *= gain[i]; }
}

function vinyl(into: Stereo, sr: number, rng: () => number): void {
  const { l, r } = into;
  let lp = 0;
  for (let i = 0; i < l.length; i++) {
    lp += 0.08 * ((rng() * 2 - 1) - lp);
    let v = lp * 0.012;
    if (rng() < 12 / sr) v += (rng() * 2 - 1) * (0.05 + 0.15 * rng());
    l[i] += v;
    r[i] += v * 0.9;
  }
}

/** The master: the gain curve applied to the mix, and what it measures. */
export interface Master {
  gain: Float32Array;
  channels: [Float32Array, Float32Array];
  integratedLufs: number | null;
  truePeakDbtp: number | null;
}

/**
 * The gain curve that brings the mix to the loudness target with its true peak under the ceiling:
 * a static gain to the target, then a look-ahead limiter (the gain needed at each sample, its
 * minimum over the coming `look` frames, a release, and a moving average over `look` frames, which
 * never exceeds the need at any sample), then a final trim measured on the result. The mix's
 * arrays become the master (mastered in place).
 */
export function masterGain(left: Float32Array, right: Float32Array, sr: number, onPass?: () => void): Master {
  const n = left.length;
  const gain = new Float32Array(n);
  const loudness = measureIntegratedLoudness([left, right], sr);
  if (loudness === null || n === 0) {
    gain.fill(1);
    return { gain, channels: [left, right], integratedLufs: loudness, truePeakDbtp: measureTruePeak([left, right]) };
  }
  const ceiling = dbToGain(TRUE_PEAK_CEILING_DBTP - 0.8);
  const look = Math.max(1, Math.round(0.004 * sr));
  // The loudest sample in each coming window does not depend on the static gain: find it once.
  const peakAhead = slidingPeakAhead(left, right, look);
  // The limiter takes off little (about 0.05 dB at these levels): one pass usually lands within 0.3 LU.
  let pre = dbToGain(TARGET_LUFS - loudness + 0.1);
  const out: [Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n)];
  let lufs = TARGET_LUFS;
  for (let pass = 0; pass < 3; pass++) {
    limiterCurve(peakAhead, pre, ceiling, look, sr, gain);
    for (let i = 0; i < n; i++) { const g = gain[i]; out[0][i] = left[i] * g; out[1][i] = right[i] * g; }
    lufs = measureIntegratedLoudness(out, sr) ?? TARGET_LUFS;
    onPass?.();
    const miss = TARGET_LUFS - lufs;
    if (Math.abs(miss) < 0.3) break;
    pre *= dbToGain(miss);
  }
  // True peak can sit between samples: trim until it is under the ceiling.
  let tp = measureTruePeak(out) ?? -Infinity;
  const margin = TRUE_PEAK_CEILING_DBTP - 0.2 - tp;
  if (margin < 0) {
    const t = dbToGain(margin);
    for (let i = 0; i < n; i++) { gain[i] *= t; out[0][i] *= t; out[1][i] *= t; }
    lufs += margin;
    tp += margin;
  }
  return { gain, channels: out, integratedLufs: lufs, truePeakDbtp: Number.isFinite(tp) ? tp : null };
}

/** max(|left|, |right|) over [i, i + look) for every i: a monotonic deque (a ring of look + 1), from the end. */
function slidingPeakAhead(left: Float32Array, right: Float32Array, look: number): Float32Array {
  const n = left.length;
  const ahead = new Float32Array(n);
  const size = look + 1;
  const at = new Int32Array(size);
  const value = new Float32Array(size);
  let head = 0, count = 0;
  for (let i = n - 1; i >= 0; i--) {
    const a = Math.abs(left[i]), b = Math.abs(right[i]);
    const p = a > b ? a : b;
    // Drop smaller values from the back, then windows that ended, then read the front.
    while (count > 0 && value[(head + count - 1) % size] <= p) count--;
    const slot = (head + count) % size;
    at[slot] = i;
    value[slot] = p;
    count++;
    while (at[head] >= i + look) { head = (head + 1) % size; count--; }
    ahead[i] = value[head];
  }
  return ahead;
}

function limiterCurve(peakAhead: Float32Array, pre: number, ceiling: number, look: number, sr: number, gain: Float32Array): void {
  const n = peakAhead.length;
  // The gain needed over the coming window, with a release (never above that need), then a moving
  // average over `look` frames (a ring of the last `look` values).
  const release = Math.exp(-1 / (0.12 * sr));
  const ring = new Float64Array(look);
  let h = 1;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const p = peakAhead[i] * pre;
    const held = p > ceiling ? ceiling / p : 1;
    const rel = 1 - (1 - h) * release;
    h = held < rel ? held : rel;
    const slot = i % look;
    acc += h - (i >= look ? ring[slot] : 0);
    ring[slot] = h;
    gain[i] = (pre * acc) / (i + 1 < look ? i + 1 : look);
  }
}
