/**
 * Production and mastering: renders a score into four stereo stems (drums, bass, chords, melody)
 * with sampled drums, SoundFont instruments and a synthesised 808 (sounds.ts, instruments.ts);
 * processes each part (EQ, bus compression, the bass ducked under the kick, saturation, reverb and
 * delay sends returned into the part's own stem: production.ts); sums them, sets the level to the
 * loudness target with a look-ahead limiter, and applies the same gain curve to every stem, so the
 * stems add up to the master exactly.
 */
import { seededRandom } from '../audio/synth';
import { measureIntegratedLoudness } from '../audio/loudness';
import { measureTruePeak } from '../audio/truePeak';
import { composeBeat, mixSeed, planBeat, type BeatPlan, type BeatRequest, type BeatScore, type DrumPart, type TonalPart } from './compose';
import { clap, filter, filterCoeffs, render808, shaker, stereo, type Stereo } from './instruments';
import { gmPrograms } from './presets';
import { compress, delaySend, duck, eq, reverbSend, saturate, type EqBand } from './production';
import { loadBeatSounds, mixNote, type BeatSounds, type DrumSample } from './sounds';
import type { BeatStyle } from './theory';

export const BEAT_ENGINE_NAME = 'built-in beat engine v2';
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
  /**
   * Present when stems are asked for as 'streamed': a stem's frames after the master gain, in
   * consecutive pieces (views) of `chunkFrames`, the gain applied to each piece as it is reached,
   * so the render returns the master without a pass over the stems first (the beat job starts the
   * MP3 encoder on the master at once and writes the stems while it runs). Each stem once.
   */
  streamStem?: (name: StemName, chunkFrames?: number) => Generator<[Float32Array, Float32Array]>;
  integratedLufs: number | null;
  truePeakDbtp: number | null;
  engine: typeof BEAT_ENGINE_NAME;
}

export interface RenderOptions {
  /** true: `stems`, each with the master gain applied; 'streamed': `streamStem` instead. */
  stems?: boolean | 'streamed';
  /** 0..1 as the render advances. */
  onProgress?: (fraction: number) => void;
  /** Variation number: new drums and melody over the same tempo, key and progression. */
  variation?: number;
}

/**
 * Plans, composes and renders a beat. Deterministic for a request; the first call in a process
 * loads the SoundFont and drum samples (once).
 */
export async function generateBeat(request: BeatRequest, options: RenderOptions = {}): Promise<RenderedBeat> {
  const plan = planBeat(request);
  const variation = request.variation ?? options.variation ?? 0;
  const sounds = await loadBeatSounds(BEAT_SAMPLE_RATE);
  return renderBeat(plan, composeBeat(plan, variation), sounds, { ...options, variation });
}

const dbToGain = (db: number) => 10 ** (db / 20);

/** One-shot choices per style: each list is a small kit the seed picks from. */
const KITS: Record<BeatStyle, { kick: DrumSample[]; snare: DrumSample[]; hat: DrumSample[] }> = {
  rap: { kick: ['drum_heavy_kick', 'bd_boom', 'bd_fat'], snare: ['sn_dolf', 'drum_snare_hard', 'sn_generic'], hat: ['drum_cymbal_closed', 'hat_zild', 'hat_cab'] },
  trap: { kick: ['bd_tek', 'bd_haus', 'drum_heavy_kick'], snare: ['sn_dub', 'elec_hi_snare', 'sn_zome'], hat: ['hat_snap', 'hat_gem', 'hat_star'] },
  drill: { kick: ['bd_tek', 'bd_haus'], snare: ['sn_zome', 'elec_hi_snare', 'sn_dub'], hat: ['hat_gem', 'hat_snap', 'hat_star'] },
  pop: { kick: ['bd_tek', 'bd_haus', 'bd_fat'], snare: ['sn_generic', 'elec_snare', 'sn_dolf'], hat: ['hat_cab', 'drum_cymbal_closed', 'hat_snap'] },
  dance: { kick: ['bd_haus', 'bd_klub', 'bd_tek'], snare: ['elec_snare', 'sn_generic'], hat: ['hat_gem', 'hat_cab', 'hat_star'] },
  lofi: { kick: ['bd_fat', 'bd_pure', 'bd_boom'], snare: ['drum_snare_soft', 'sn_dolf', 'sn_generic'], hat: ['drum_cymbal_closed', 'hat_zild', 'drum_cymbal_pedal'] },
  afrobeats: { kick: ['bd_fat', 'bd_tek', 'bd_pure'], snare: ['sn_generic', 'elec_snare'], hat: ['hat_cab', 'hat_snap', 'drum_cymbal_closed'] },
  rnb: { kick: ['bd_pure', 'bd_fat', 'bd_tek'], snare: ['sn_dolf', 'sn_generic', 'drum_snare_soft'], hat: ['hat_zild', 'drum_cymbal_closed', 'hat_cab'] },
  jersey: { kick: ['bd_haus', 'bd_tek', 'bd_klub'], snare: ['elec_hi_snare', 'sn_dub'], hat: ['hat_gem', 'hat_snap', 'hat_star'] },
};

/** A one-shot cut to `seconds` with a short fade (an open hat that closes, a shortened crash). */
function cut(x: Float32Array, seconds: number, sr: number): Float32Array {
  const n = Math.min(x.length, Math.round(seconds * sr));
  const out = x.slice(0, n);
  const fade = Math.min(n, Math.round(0.03 * sr));
  for (let i = 0; i < fade; i++) out[n - 1 - i] *= i / fade;
  return out;
}

function layer(a: Float32Array, b: Float32Array, gb: number): Float32Array {
  const out = new Float32Array(Math.max(a.length, b.length));
  out.set(a);
  for (let i = 0; i < b.length; i++) out[i] += b[i] * gb;
  return out;
}

/** Per-part mix levels (relative; the master sets the loudness) and the parts' EQ. */
// SoundFont notes peak near 0.15 at velocity 100: these gains bring the parts to about -22 dB RMS
// against drums near -16 (measured with bench/beats-listen.ts).
const PART_GAIN: Record<Exclude<TonalPart, 'bass'>, number> = { chords: 5, lead: 3.5, counter: 2.2 };

export function renderBeat(plan: BeatPlan, score: BeatScore, sounds: BeatSounds, options: RenderOptions = {}): RenderedBeat {
  const sr = sounds.sampleRate;
  const frames = Math.round(plan.lengthSec * sr);
  const report = (f: number) => options.onProgress?.(f);
  // A variation picks its own kit too.
  const rng = seededRandom(mixSeed(plan.seed, 0x27d4eb2f ^ Math.imul(options.variation ?? 0, 0x2545f491)));
  const pickOne = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length];
  const stems: Record<StemName, Stereo> = { drums: stereo(frames), bass: stereo(frames), chords: stereo(frames), melody: stereo(frames) };
  report(0.02);

  // Drums: recorded one-shots, chosen per style and seed.
  const style = plan.style;
  const d = sounds.drums;
  const kitChoice = KITS[style];
  const reversed = cut(d.drum_cymbal_soft, (4 * 60) / plan.bpm, sr).reverse();
  const kit: Record<DrumPart, Float32Array> = {
    kick: d[pickOne(kitChoice.kick)],
    snare: d[pickOne(kitChoice.snare)],
    // No clap among the one-shots: a finger snap layered over a synthesised clap burst.
    clap: layer(clap(sr, rng, { decay: 0.1 + rng() * 0.05 }), d[pickOne(['perc_snap', 'perc_snap2'] as const)], 0.8),
    hat: cut(d[pickOne(kitChoice.hat)], 0.12, sr),
    openHat: cut(d[pickOne(['drum_cymbal_open', 'hat_gnu'] as const)], 0.35, sr),
    rim: style === 'afrobeats' ? d[pickOne(['tabla_na', 'elec_wood'] as const)] : d[pickOne(['elec_wood', 'elec_tick'] as const)],
    shaker: style === 'afrobeats' ? layer(shaker(sr, rng), d.hat_tap, 0.6) : shaker(sr, rng),
    swell: reversed,
    crash: cut(d[pickOne(['drum_splash_hard', 'drum_splash_soft'] as const)], 1.6, sr),
    tomLow: d.drum_tom_lo_hard,
    tomMid: d.drum_tom_mid_hard,
    tomHigh: d.drum_tom_hi_hard,
  };
  if (style === 'lofi') for (const part of ['snare', 'hat', 'rim', 'crash'] as const) kit[part] = filter(kit[part].slice(), 'lowpass', sr, 6000, 0.7);
  const trapLike = style === 'trap' || style === 'drill';
  const level: Record<DrumPart, number> = {
    kick: 1, snare: style === 'pop' ? 0.5 : 0.6, clap: trapLike || style === 'dance' || style === 'jersey' ? 0.45 : 0.35,
    hat: style === 'lofi' ? 0.16 : style === 'rnb' ? 0.17 : 0.24, openHat: style === 'drill' ? 0.7 : trapLike ? 0.5 : 0.14, rim: style === 'afrobeats' ? 0.4 : 0.25,
    shaker: 0.14, swell: 0.2, crash: 0.22, tomLow: 0.45, tomMid: 0.42, tomHigh: 0.4,
  };
  const kickFrames: number[] = [];
  for (const h of score.drums) {
    const at = Math.round(h.time * sr);
    mixNote(kit[h.part], stems.drums, at, h.velocity * level[h.part], h.pan);
    if (h.part === 'kick') kickFrames.push(at);
  }
  report(0.2);

  // Bass: the 808 synthesised (glide, drive); other basses from the SoundFont.
  const programs = gmPrograms(plan);
  const bassNotes = score.notes.filter((n) => n.part === 'bass');
  if (plan.bass === '808') {
    render808(stems.bass, bassNotes.map((n) => ({ at: Math.round(n.time * sr), hold: Math.round(n.dur * sr), midi: n.midi, velocity: n.velocity * 0.45, ...(n.from !== undefined ? { from: n.from } : {}) })), sr, style === 'drill' ? 2.6 : 2.2);
  } else {
    for (const n of bassNotes) mixNote(sounds.notes.note(programs.bass, n.midi, n.velocity * 110, n.dur), stems.bass, Math.round(n.time * sr), plan.bass === 'synthBass' ? 7 : 3.6, 0);
  }
  report(0.35);

  // Chords, lead and counter-melody from the SoundFont.
  const sampled = (into: Stereo, part: Exclude<TonalPart, 'bass'>, program: number) => {
    for (const n of score.notes) {
      if (n.part !== part) continue;
      mixNote(sounds.notes.note(program, n.midi, n.velocity * 112, n.dur), into, Math.round(n.time * sr), PART_GAIN[part], n.pan);
    }
  };
  sampled(stems.chords, 'chords', programs.chords);
  report(0.5);
  sampled(stems.melody, 'lead', programs.lead);
  sampled(stems.melody, 'counter', programs.counter);
  report(0.6);

  // Production per part.
  const beatSec = 60 / plan.bpm;
  produce(stems, plan, sr, kickFrames, beatSec, rng);
  const faders = balance(stems, plan, sr);
  report(0.68);

  // Master: the stems summed at their faders, the last 1.5 s faded (the chords ring on) so the file
  // ends cleanly; then level and limit. Faders and fade are applied in the sum, one pass per stem,
  // and to the stems themselves only when they are wanted (below, with the master's gain).
  const fade = Math.min(frames, Math.round(1.5 * sr));
  const fadeFrom = frames - fade;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  // The four stems in one pass, added in STEM_NAMES order (each sum rounded to float as it is stored).
  {
    const { drums: d0, bass: d1, chords: d2, melody: d3 } = stems;
    const l0 = d0.l, r0 = d0.r, l1 = d1.l, r1 = d1.r, l2 = d2.l, r2 = d2.r, l3 = d3.l, r3 = d3.r;
    const g0 = faders.drums, g1 = faders.bass, g2 = faders.chords, g3 = faders.melody;
    const f = Math.fround;
    for (let i = 0; i < fadeFrom; i++) {
      left[i] = f(f(f(f(0 + g0 * l0[i]) + g1 * l1[i]) + g2 * l2[i]) + g3 * l3[i]);
      right[i] = f(f(f(f(0 + g0 * r0[i]) + g1 * r1[i]) + g2 * r2[i]) + g3 * r3[i]);
    }
    for (let i = fadeFrom; i < frames; i++) {
      const t = (frames - 1 - i) / fade;
      const h0 = g0 * t, h1 = g1 * t, h2 = g2 * t, h3 = g3 * t;
      left[i] = f(f(f(f(0 + h0 * l0[i]) + h1 * l1[i]) + h2 * l2[i]) + h3 * l3[i]);
      right[i] = f(f(f(f(0 + h0 * r0[i]) + h1 * r1[i]) + h2 * r2[i]) + h3 * r3[i]);
    }
  }
  report(0.7);
  const master = masterGain(left, right, sr, () => report(0.8));
  report(0.95);
  const integratedLufs = master.integratedLufs;
  const truePeakDbtp = master.truePeakDbtp;

  // Each stem at its fader, faded like the mix and with the master's gain: frames [from, to), in place.
  const finish = (name: StemName, from: number, to: number) => {
    const { l, r } = stems[name];
    const g = faders[name];
    const gain = master.gain;
    for (let i = from, end = Math.min(to, fadeFrom); i < end; i++) { const m = g * gain[i]; l[i] *= m; r[i] *= m; }
    for (let i = Math.max(from, fadeFrom); i < to; i++) { const m = g * ((frames - 1 - i) / fade) * gain[i]; l[i] *= m; r[i] *= m; }
  };
  let stemOut: RenderedBeat['stems'];
  let streamStem: RenderedBeat['streamStem'];
  if (options.stems === 'streamed') {
    const streamed = new Set<StemName>();
    streamStem = function* (name, chunkFrames = 65_536) {
      if (streamed.has(name)) throw new Error(`streamStem: the ${name} stem was streamed already`);
      streamed.add(name);
      const { l, r } = stems[name];
      for (let at = 0; at < frames; at += chunkFrames) {
        const to = Math.min(frames, at + chunkFrames);
        finish(name, at, to);
        yield [l.subarray(at, to), r.subarray(at, to)];
      }
    };
  } else if (options.stems) {
    stemOut = {} as Record<StemName, [Float32Array, Float32Array]>;
    for (const name of STEM_NAMES) {
      finish(name, 0, frames);
      stemOut[name] = [stems[name].l, stems[name].r];
    }
  }
  report(1);
  return {
    plan,
    score,
    sampleRate: sr,
    channels: master.channels,
    ...(stemOut ? { stems: stemOut } : {}),
    ...(streamStem ? { streamStem } : {}),
    integratedLufs: integratedLufs === null ? null : Math.round(integratedLufs * 10) / 10,
    truePeakDbtp: truePeakDbtp === null ? null : Math.round(truePeakDbtp * 10) / 10,
    engine: BEAT_ENGINE_NAME,
  };
}

/**
 * The balance between parts, as a mixer would set the faders: each stem's loudness while it plays
 * (the RMS of its 400 ms blocks within 30 dB of its loudest) brought to a level relative to the
 * drums, per style. Whatever a preset's own level, the chords sit under the drums and the melody
 * above the chords.
 */
const BALANCE_DB: Record<BeatStyle, Record<Exclude<StemName, 'drums'>, number>> = {
  rap: { bass: -3, chords: -6, melody: -6 },
  trap: { bass: 2, chords: -7, melody: -6 },
  drill: { bass: 2, chords: -7, melody: -6 },
  pop: { bass: -4, chords: -5, melody: -4 },
  dance: { bass: -3, chords: -6, melody: -5 },
  lofi: { bass: -4, chords: -3, melody: -6 },
  afrobeats: { bass: -2, chords: -6, melody: -5 },
  rnb: { bass: -3, chords: -3, melody: -5 },
  jersey: { bass: -2, chords: -7, melody: -6 },
};

function activeLevelDb(s: Stereo, sr: number): number | null {
  const block = Math.round(0.4 * sr);
  const energies: number[] = [];
  for (let at = 0; at + block <= s.l.length; at += block) {
    let e = 0;
    for (let i = at; i < at + block; i++) e += s.l[i] * s.l[i] + s.r[i] * s.r[i];
    energies.push(e / (2 * block));
  }
  const top = Math.max(0, ...energies);
  if (top <= 1e-12) return null;
  const kept = energies.filter((e) => e >= top * 1e-3);
  return 10 * Math.log10(kept.reduce((a, b) => a + b, 0) / kept.length);
}

/** Each stem's fader (a gain; the drums' is 1), applied where the stems are summed. */
function balance(stems: Record<StemName, Stereo>, plan: BeatPlan, sr: number): Record<StemName, number> {
  const faders: Record<StemName, number> = { drums: 1, bass: 1, chords: 1, melody: 1 };
  const drums = activeLevelDb(stems.drums, sr);
  if (drums === null) return faders;
  for (const name of ['bass', 'chords', 'melody'] as const) {
    const level = activeLevelDb(stems[name], sr);
    if (level === null) continue;
    faders[name] = dbToGain(Math.max(-20, Math.min(20, drums + BALANCE_DB[plan.style][name] - level)));
  }
  return faders;
}

/** A compressor whose threshold sits `belowPeakDb` under the stem's own peak (`peak`: as eq() and duck() return it). */
function busCompress(s: Stereo, sr: number, peak: number, belowPeakDb: number, ratio: number, attack: number, release: number): void {
  if (peak === 0) return;
  compress(s, sr, { thresholdDb: 20 * Math.log10(peak) - belowPeakDb, ratio, attack, release, makeupDb: belowPeakDb * (1 - 1 / ratio) * 0.5 });
}

/** The mix engineer's chain, per part and style. */
function produce(stems: Record<StemName, Stereo>, plan: BeatPlan, sr: number, kickFrames: number[], beatSec: number, rng: () => number): void {
  const style = plan.style;
  const trapLike = style === 'trap' || style === 'drill';
  // Drums: weight and air, then glue.
  const drumEq: EqBand[] = [
    { type: 'lowshelf', f: 70, gainDb: trapLike || style === 'jersey' || style === 'dance' ? 2 : 1 },
    { type: 'peak', f: 400, gainDb: -2, q: 1 },
    { type: 'highshelf', f: 8000, gainDb: style === 'lofi' ? -4 : 2 },
  ];
  busCompress(stems.drums, sr, eq(stems.drums, sr, drumEq), 8, 3, 0.01, 0.12);
  if (style === 'rap' || style === 'lofi' || style === 'rnb') reverbSend(stems.drums, sr, { send: 0.12, size: 0.3, damp: 0.5 });

  // Bass: saturation for the 808 (harmonics that small speakers play), ducked under each kick.
  if (plan.bass === '808') saturate(stems.bass, style === 'drill' ? 1.8 : 1.4);
  eq(stems.bass, sr, [{ type: 'lowshelf', f: 60, gainDb: 1.5 }, { type: 'peak', f: 250, gainDb: -2, q: 0.9 }]);
  const bassPeak = duck(stems.bass, sr, kickFrames, plan.bass === '808' ? 6 : 4, plan.bass === '808' ? 0.12 : 0.09);
  busCompress(stems.bass, sr, bassPeak, 6, 2.5, 0.005, 0.1);

  // Chords: out of the low end, a dip in the mud, glue, and room. The high-pass (chords and
  // melody) runs in the same pass as the EQ.
  const lowCut = [filterCoeffs('highpass', sr, 150, 0.7)];
  const chordsPeak = eq(stems.chords, sr, [{ type: 'peak', f: 320, gainDb: -3, q: 1 }, { type: 'highshelf', f: 6000, gainDb: style === 'lofi' ? -6 : 1 }], lowCut);
  busCompress(stems.chords, sr, chordsPeak, 6, 2, 0.02, 0.2);
  reverbSend(stems.chords, sr, { send: style === 'rnb' || style === 'lofi' ? 0.5 : 0.3, size: style === 'rnb' ? 0.8 : 0.6, damp: 0.45 });

  // Melody: presence, a tempo-synced dotted-eighth delay and a plate.
  const melodyPeak = eq(stems.melody, sr, [{ type: 'peak', f: 2500, gainDb: 2, q: 0.8 }, { type: 'highshelf', f: 7000, gainDb: style === 'lofi' ? -6 : 1.5 }], lowCut);
  busCompress(stems.melody, sr, melodyPeak, 6, 2, 0.01, 0.15);
  delaySend(stems.melody, sr, { time: beatSec * 0.75, feedback: 0.35, send: style === 'dance' || trapLike ? 0.3 : 0.2, tone: style === 'lofi' ? 2000 : 4000 });
  reverbSend(stems.melody, sr, { send: 0.35, size: 0.7, damp: 0.4 });

  if (style === 'lofi') {
    // Low-passed keys and melody, and the sound of vinyl: soft hiss and crackle.
    for (const s of [stems.chords, stems.melody]) { filter(s.l, 'lowpass', sr, 2600, 0.7); filter(s.r, 'lowpass', sr, 2600, 0.7); }
    vinyl(stems.chords, sr, rng);
  }
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
    // (head + count) wraps at most once: a subtraction, not a modulo, in this loop.
    while (count > 0) {
      let back = head + count - 1;
      if (back >= size) back -= size;
      if (value[back] > p) break;
      count--;
    }
    let slot = head + count;
    if (slot >= size) slot -= size;
    at[slot] = i;
    value[slot] = p;
    count++;
    while (at[head] >= i + look) { head = head + 1 === size ? 0 : head + 1; count--; }
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
  let slot = 0;
  for (let i = 0; i < n; i++) {
    const p = peakAhead[i] * pre;
    const held = p > ceiling ? ceiling / p : 1;
    const rel = 1 - (1 - h) * release;
    h = held < rel ? held : rel;
    acc += h - (i >= look ? ring[slot] : 0);
    ring[slot] = h;
    slot = slot + 1 === look ? 0 : slot + 1;
    gain[i] = (pre * acc) / (i + 1 < look ? i + 1 : look);
  }
}
