/**
 * Synthesis and mastering: renders a score into four stereo stems (drums, bass, chords, melody),
 * sums them, sets the level to the loudness target with a look-ahead limiter, and applies the same
 * gain curve to every stem, so the stems add up to the master exactly.
 */
import { seededRandom } from '../audio/synth';
import { measureIntegratedLoudness } from '../audio/loudness';
import { measureTruePeak } from '../audio/truePeak';
import { composeBeat, mixSeed, planBeat, type BeatPlan, type BeatRequest, type BeatScore, type DrumPart } from './compose';
import { clap, filter, hat, kick, place, playNote, pluck, render808, rim, shaker, snare, stereo, swell, VOICES, type Stereo, type Voice } from './instruments';
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
  return renderBeat(plan, composeBeat(plan, options.variation ?? 0), options);
}

const dbToGain = (db: number) => 10 ** (db / 20);

export function renderBeat(plan: BeatPlan, score: BeatScore, options: RenderOptions = {}): RenderedBeat {
  const sr = BEAT_SAMPLE_RATE;
  const frames = Math.round(plan.lengthSec * sr);
  const report = (f: number) => options.onProgress?.(f);
  const rng = seededRandom(mixSeed(plan.seed, 0x27d4eb2f));
  const stems: Record<StemName, Stereo> = { drums: stereo(frames), bass: stereo(frames), chords: stereo(frames), melody: stereo(frames) };
  report(0.02);

  // Drum kit for this beat: tuned by style, varied by the seed.
  const style = plan.style;
  const kit: Record<DrumPart, Float32Array> = {
    kick: kick(sr, rng, style === 'trap' ? { tune: 52 + rng() * 6, decay: 0.12 } : style === 'dance' ? { tune: 50 + rng() * 5, decay: 0.16, punch: 160, click: 0.9 } : { tune: 50 + rng() * 8, decay: 0.2 }),
    snare: snare(sr, rng, { tone: 170 + rng() * 50, decay: style === 'lofi' ? 0.09 : 0.12, noise: style === 'lofi' ? 0.5 : 0.8 }),
    clap: clap(sr, rng, { decay: 0.1 + rng() * 0.05 }),
    hat: hat(sr, rng, { decay: style === 'lofi' ? 0.035 : 0.025 }),
    openHat: hat(sr, rng, { decay: 0.12 }),
    rim: rim(sr, rng),
    shaker: shaker(sr, rng),
    swell: swell(sr, rng, (4 * 60) / plan.bpm),
  };
  if (style === 'lofi') for (const part of ['snare', 'hat', 'rim'] as const) filter(kit[part], 'lowpass', sr, 6500, 0.7);
  const level: Record<DrumPart, number> = { kick: 0.95, snare: style === 'pop' ? 0.4 : 0.6, clap: style === 'dance' || style === 'trap' ? 0.3 : 0.55, hat: style === 'lofi' ? 0.14 : 0.2, openHat: style === 'trap' ? 0.4 : 0.16, rim: 0.25, shaker: 0.12, swell: 0.18 };
  for (const h of score.drums) place(kit[h.part], stems.drums, Math.round(h.time * sr), h.velocity * level[h.part], h.pan);
  report(0.2);

  // Bass.
  const bassNotes = score.notes.filter((n) => n.part === 'bass');
  if (plan.bass === '808') {
    render808(stems.bass, bassNotes.map((n) => ({ at: Math.round(n.time * sr), hold: Math.round(n.dur * sr), midi: n.midi, velocity: n.velocity * 0.6, ...(n.from !== undefined ? { from: n.from } : {}) })), sr, 1.8);
  } else {
    const voice = plan.bass === 'synthBass' ? VOICES.synthBass : VOICES.bass;
    for (const n of bassNotes) playNote(stems.bass, voice, Math.round(n.time * sr), Math.round(n.dur * sr), n.midi, n.velocity * 0.5, 0, sr);
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
      else playNote(into, voice, at, hold, n.midi, n.velocity * gain, n.pan, sr);
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
  const gain = masterGain(left, right, sr);
  report(0.95);
  applyGainCurve(left, right, gain);
  const integratedLufs = measureIntegratedLoudness([left, right], sr);
  const truePeakDbtp = measureTruePeak([left, right]);

  let stemOut: RenderedBeat['stems'];
  if (options.stems) {
    stemOut = {} as Record<StemName, [Float32Array, Float32Array]>;
    for (const name of STEM_NAMES) {
      const { l, r } = stems[name];
      applyGainCurve(l, r, gain);
      stemOut[name] = [l, r];
    }
  }
  report(1);
  return {
    plan,
    score,
    sampleRate: sr,
    channels: [left, right],
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

/**
 * The gain curve that brings the mix to the loudness target with its true peak under the ceiling:
 * a static gain to the target, then a look-ahead limiter (the gain needed at each sample, its
 * minimum over the coming `look` frames, a release, and a moving average over `look` frames, which
 * never exceeds the need at any sample), then a final trim measured on the result.
 */
export function masterGain(left: Float32Array, right: Float32Array, sr: number): Float32Array {
  const n = left.length;
  const gain = new Float32Array(n);
  const loudness = measureIntegratedLoudness([left, right], sr);
  if (loudness === null || n === 0) return gain.fill(1);
  const ceiling = dbToGain(TRUE_PEAK_CEILING_DBTP - 0.8);
  const look = Math.max(1, Math.round(0.004 * sr));
  let pre = dbToGain(TARGET_LUFS - loudness + 0.6);
  const out = [new Float32Array(n), new Float32Array(n)];
  for (let pass = 0; pass < 3; pass++) {
    limiterCurve(left, right, pre, ceiling, look, sr, gain);
    for (let i = 0; i < n; i++) { out[0][i] = left[i] * gain[i]; out[1][i] = right[i] * gain[i]; }
    const lufs = measureIntegratedLoudness(out, sr) ?? TARGET_LUFS;
    const miss = TARGET_LUFS - lufs;
    if (Math.abs(miss) < 0.3) break;
    pre *= dbToGain(miss);
  }
  // True peak can sit between samples: trim until it is under the ceiling.
  const tp = measureTruePeak(out) ?? -Infinity;
  const margin = TRUE_PEAK_CEILING_DBTP - 0.2 - tp;
  if (margin < 0) {
    const t = dbToGain(margin);
    for (let i = 0; i < n; i++) gain[i] *= t;
  }
  return gain;
}

function limiterCurve(left: Float32Array, right: Float32Array, pre: number, ceiling: number, look: number, sr: number, gain: Float32Array): void {
  const n = left.length;
  const need = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = Math.max(Math.abs(left[i]), Math.abs(right[i])) * pre;
    need[i] = p > ceiling ? ceiling / p : 1;
  }
  // Forward-looking minimum over [i, i + look) with a monotonic deque.
  const held = new Float32Array(n);
  const deque = new Int32Array(n);
  let head = 0, tail = 0;
  for (let i = n - 1; i >= 0; i--) {
    // Add index i, drop indices >= i + look.
    while (tail > head && need[deque[tail - 1]] >= need[i]) tail--;
    deque[tail++] = i;
    while (deque[head] >= i + look) head++;
    held[i] = need[deque[head]];
  }
  // Release (never above the held need), then a moving average over `look` frames.
  const release = Math.exp(-1 / (0.12 * sr));
  let h = 1;
  for (let i = 0; i < n; i++) {
    h = Math.min(held[i], 1 - (1 - h) * release);
    held[i] = h;
  }
  let acc = 0;
  for (let i = 0; i < n; i++) {
    acc += held[i];
    if (i >= look) acc -= held[i - look];
    const avg = acc / Math.min(i + 1, look);
    gain[i] = pre * avg;
  }
}
