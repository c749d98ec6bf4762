/**
 * The Booth's mixdown (issue 29, ADR 047): takes comped by bar range with short crossfades, a
 * vocal chain in plain words (clean-up: an 80 Hz high-pass and a noise gate; presence: a peaking
 * EQ at 4 kHz; evenness: a compressor; de-ess: a split-band compressor on 5–9 kHz; space: a
 * tempo-synced delay and a plate reverb send), the vocal set on the beat by loudness, the beat
 * ducked under the vocal by a sidechain follower, then the beat engine's master (−14 LUFS, true
 * peak under −1 dBTP). Plain TypeScript over Float32Arrays: deterministic, no process to start.
 */
import { measureIntegratedLoudness } from '../audio/loudness';
import { filter } from '../beats/instruments';
import { masterGain } from '../beats/render';
import { delaySend, eq, reverbSend } from '../beats/production';

export const MIX_ENGINE_NAME = 'built-in mix engine v1';

export interface VocalChain {
  cleanup: boolean;
  /** 0..10 each. */
  presence: number;
  evenness: number;
  deess: number;
  space: number;
}

export interface MixTakeInput {
  /** Mono PCM at `sampleRate`. */
  samples: Float32Array;
  sampleRate: number;
  /** Where the first sample belongs in the backing (ms). */
  startMs: number;
  /** The bars this take covers in the comp (1-based, inclusive); absent: all of it. */
  fromBar?: number | null;
  toBar?: number | null;
}

export interface MixInput {
  /** The backing, stereo at `sampleRate`. */
  backing: [Float32Array, Float32Array];
  sampleRate: number;
  bpm: number;
  firstDownbeatMs: number;
  /** Later takes win where ranges overlap. */
  takes: readonly MixTakeInput[];
  vocal: VocalChain;
  /** How far the beat dips under the vocal (dB). */
  beatDuckDb: number;
  progress?: (fraction: number) => void;
}

export interface MixResult {
  /** The master, [left, right], the backing's length. */
  master: [Float32Array, Float32Array];
  /** The comped takes, unprocessed, aligned to the backing (mono). */
  vocalDry: Float32Array;
  /** The vocal after its chain, at its level in the mix (stereo: the sends are stereo). */
  vocalProcessed: [Float32Array, Float32Array];
  integratedLufs: number | null;
  truePeakDbtp: number | null;
  engine: string;
}

/** Crossfade at each comp edge: 10 ms, centred on the edge. */
const CROSSFADE_SEC = 0.01;

/** A 4-point cubic (Catmull-Rom) resampler: the take at the mix's rate. */
export function resample(x: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return x;
  const n = Math.floor((x.length * to) / from);
  const out = new Float32Array(n);
  const step = from / to;
  const last = x.length - 1;
  for (let i = 0; i < n; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const t = pos - j;
    const y0 = x[j > 0 ? j - 1 : 0], y1 = x[j], y2 = x[j + 1 <= last ? j + 1 : last], y3 = x[j + 2 <= last ? j + 2 : last];
    out[i] = y1 + 0.5 * t * (y2 - y0 + t * (2 * y0 - 5 * y1 + 4 * y2 - y3 + t * (3 * (y1 - y2) + y3 - y0)));
  }
  return out;
}

/**
 * The comp: each take painted over the ones before it, within its bar range (or its whole length),
 * with a 10 ms equal-gain crossfade centred on each edge. Returns the dry vocal, `length` frames.
 */
export function comp(takes: readonly MixTakeInput[], sr: number, length: number, bpm: number, firstDownbeatMs: number): Float32Array {
  const out = new Float32Array(length);
  const barFrames = (4 * 60 * sr) / bpm;
  const fade = Math.max(1, Math.round(CROSSFADE_SEC * sr));
  const half = fade / 2;
  for (const take of takes) {
    const audio = resample(take.samples, take.sampleRate, sr);
    const offset = Math.round((take.startMs / 1000) * sr);
    let a = offset;
    let b = offset + audio.length;
    const downbeat = (firstDownbeatMs / 1000) * sr;
    if (take.fromBar != null) a = Math.max(a, Math.round(downbeat + (take.fromBar - 1) * barFrames));
    if (take.toBar != null) b = Math.min(b, Math.round(downbeat + take.toBar * barFrames));
    a = Math.max(0, a);
    b = Math.min(length, b);
    if (b <= a) continue;
    // The weight of this take: 0 → 1 across [a − half, a + half), 1 → 0 across [b − half, b + half),
    // cut to where the take has audio.
    const lo = Math.max(0, Math.floor(a - half), offset);
    const hi = Math.min(length, Math.ceil(b + half), offset + audio.length);
    // Between the fades the take replaces what is there; only the edges blend.
    const fullFrom = Math.min(hi, Math.max(lo, Math.ceil(a + half)));
    const fullTo = Math.max(fullFrom, Math.min(hi, Math.floor(b - half)));
    const blend = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const w = Math.max(0, Math.min(1, (i - (a - half)) / fade, (b + half - i) / fade));
        out[i] = out[i] * (1 - w) + audio[i - offset] * w;
      }
    };
    blend(lo, fullFrom);
    out.set(audio.subarray(fullFrom - offset, fullTo - offset), fullFrom);
    blend(fullTo, hi);
  }
  return out;
}

/** RBJ high- or low-pass (Butterworth Q), in place: the beat engine's filter. */
export function pass(x: Float32Array, sr: number, type: 'high' | 'low', f: number, q = Math.SQRT1_2): void {
  filter(x, type === 'high' ? 'highpass' : 'lowpass', sr, f, q);
}

const dbToGain = (db: number) => 10 ** (db / 20);

/**
 * A noise gate: an RMS-ish envelope (1 ms attack, 60 ms release); below `thresholdDb` the gain
 * falls to `rangeDb` after a 40 ms hold, smoothly (2 ms open, 80 ms close), so breaths and room
 * hiss between phrases go and the phrases keep their starts.
 */
export function gate(x: Float32Array, sr: number, thresholdDb: number, rangeDb = -40): void {
  const att = Math.exp(-1 / (0.001 * sr)), rel = Math.exp(-1 / (0.06 * sr));
  const open = Math.exp(-1 / (0.002 * sr)), close = Math.exp(-1 / (0.08 * sr));
  const thr = dbToGain(thresholdDb), floor = dbToGain(rangeDb);
  const hold = Math.round(0.04 * sr);
  let env = 0, g = floor, held = 0;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]);
    env = a > env ? att * env + (1 - att) * a : rel * env + (1 - rel) * a;
    if (env >= thr) held = hold;
    else if (held > 0) held--;
    const target = held > 0 ? 1 : floor;
    g = target > g ? open * g + (1 - open) * target : close * g + (1 - close) * target;
    x[i] *= g;
  }
}

/** A mono feed-forward compressor (peak envelope, hard knee), in place; returns nothing. */
export function compressMono(x: Float32Array, sr: number, o: { thresholdDb: number; ratio: number; attack: number; release: number; makeupDb?: number }): void {
  const att = Math.exp(-1 / (o.attack * sr)), rel = Math.exp(-1 / (o.release * sr));
  const thr = dbToGain(o.thresholdDb), slope = 1 - 1 / o.ratio, makeup = dbToGain(o.makeupDb ?? 0);
  let env = 0, g = makeup;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]);
    env = a > env ? att * env + (1 - att) * a : rel * env + (1 - rel) * a;
    if ((i & 7) === 0) g = (env > thr ? (env / thr) ** -slope : 1) * makeup;
    x[i] *= g;
  }
}

/**
 * De-esser: the 5–9 kHz band split off (high-pass 5 kHz then low-pass 9 kHz), compressed on its
 * own envelope against the rest of the voice, and added back to the rest (x − band + band × g, so
 * with no reduction the voice comes back unchanged).
 */
export function deess(x: Float32Array, sr: number, amount: number): void {
  if (amount <= 0) return;
  const band = Float32Array.from(x);
  pass(band, sr, 'high', 5000);
  pass(band, sr, 'low', Math.min(9000, sr * 0.45));
  const att = Math.exp(-1 / (0.0005 * sr)), rel = Math.exp(-1 / (0.05 * sr));
  const slowRel = Math.exp(-1 / (0.1 * sr));
  // The band may reach `ratioOf` below the voice's envelope before it is pulled down; more de-ess, lower line.
  const lineDb = -6 - amount * 1.2;
  const line = dbToGain(lineDb);
  const ratio = 2 + amount * 0.6;
  const slope = 1 - 1 / ratio;
  let envBand = 0, envAll = 0, g = 1;
  for (let i = 0; i < x.length; i++) {
    const b = Math.abs(band[i]), a = Math.abs(x[i]);
    envBand = b > envBand ? att * envBand + (1 - att) * b : rel * envBand + (1 - rel) * b;
    envAll = a > envAll ? att * envAll + (1 - att) * a : slowRel * envAll + (1 - slowRel) * a;
    // The gain moves with the envelopes, far slower than the samples: worked out every 8.
    if ((i & 7) === 0) {
      const limit = envAll * line + 1e-6;
      g = envBand > limit ? (envBand / limit) ** -slope : 1;
    }
    x[i] += band[i] * (g - 1);
  }
}

/** Sidechain: a gain curve for the beat that dips by up to `depthDb` while the vocal sounds. */
export function duckCurve(vocal: Float32Array, sr: number, depthDb: number, referenceDb: number): Float32Array {
  const n = vocal.length;
  const g = new Float32Array(n);
  const att = Math.exp(-1 / (0.01 * sr)), rel = Math.exp(-1 / (0.25 * sr));
  let env = 0, gain = 1;
  for (let i = 0; i < n; i++) {
    const a = Math.abs(vocal[i]);
    env = a > env ? att * env + (1 - att) * a : rel * env + (1 - rel) * a;
    // Full depth once the vocal is within 6 dB of its typical peak level, none 30 dB under it
    // (worked out every 16 samples: the follower moves far slower).
    if ((i & 15) === 0) {
      const db = 20 * Math.log10(env + 1e-9);
      const t = Math.max(0, Math.min(1, (db - (referenceDb - 30)) / 24));
      gain = dbToGain(-depthDb * t);
    }
    g[i] = gain;
  }
  return g;
}

/** The level (dBFS) of the loudest 10 % of 50 ms windows: where the vocal's phrases peak. */
function phraseLevelDb(x: Float32Array, sr: number): number {
  const w = Math.max(1, Math.round(0.05 * sr));
  const levels: number[] = [];
  for (let i = 0; i + w <= x.length; i += w) {
    let p = 0;
    for (let k = i; k < i + w; k++) { const a = Math.abs(x[k]); if (a > p) p = a; }
    if (p > 1e-4) levels.push(p);
  }
  if (levels.length === 0) return -120;
  levels.sort((a, b) => b - a);
  return 20 * Math.log10(levels[Math.floor(levels.length * 0.1)]);
}

/** The vocal chain on the dry comp, in place order: clean-up, de-ess, presence, evenness. Mono. */
export function vocalChain(dry: Float32Array, sr: number, v: VocalChain): Float32Array {
  const x = Float32Array.from(dry);
  if (v.cleanup) {
    pass(x, sr, 'high', 80);
    pass(x, sr, 'high', 80);
    // The gate opens 40 dB under the phrases' level: quiet room noise stays shut out, soft words do not.
    gate(x, sr, Math.max(-70, phraseLevelDb(x, sr) - 40));
  }
  deess(x, sr, v.deess);
  // The beat engine's EQ runs on a stereo pair: the voice is its left side, the right side empty.
  if (v.presence > 0) eq({ l: x, r: new Float32Array(0) }, sr, [{ type: 'peak', f: 4000, gainDb: v.presence * 0.6, q: 0.9 }]);
  if (v.evenness > 0) {
    const peak = phraseLevelDb(x, sr);
    compressMono(x, sr, { thresholdDb: peak - 4 - v.evenness * 1.4, ratio: 1.5 + v.evenness * 0.35, attack: 0.005, release: 0.08 });
  }
  return x;
}

/**
 * The mix: comp, chain, the vocal set 1 LU over the beat, space sends, the beat ducked, summed and
 * mastered. `backing` is read, not changed.
 */
export function mixdown(input: MixInput): MixResult {
  const { sampleRate: sr, backing, bpm, vocal } = input;
  const n = backing[0].length;
  const report = input.progress ?? (() => {});
  const dry = comp(input.takes, sr, n, bpm, input.firstDownbeatMs);
  report(0.15);
  const processed = vocalChain(dry, sr, vocal);
  report(0.35);
  // Level: the vocal's loudness 1 LU over the beat's (a rap vocal sits on top), measured where each sounds.
  const beatLufs = measureIntegratedLoudness(backing, sr);
  const vocalLufs = measureIntegratedLoudness([processed, processed], sr);
  const gain = beatLufs !== null && vocalLufs !== null ? dbToGain(beatLufs + 1 - vocalLufs) : 1;
  const l = new Float32Array(n), r = new Float32Array(n);
  for (let i = 0; i < n; i++) { const v = processed[i] * gain; l[i] = v; r[i] = v; }
  // The sidechain follows the dry-of-sends vocal, so the reverb tail does not hold the beat down.
  const duck = duckCurve(l, sr, input.beatDuckDb, phraseLevelDb(l, sr));
  report(0.45);
  if (vocal.space > 0) {
    const s = { l, r };
    delaySend(s, sr, { time: 30 / bpm, feedback: 0.22 + vocal.space * 0.015, send: vocal.space * 0.025, tone: 3000 });
    reverbSend(s, sr, { send: vocal.space * 0.1, size: 0.4 + vocal.space * 0.04, damp: 0.45 });
  }
  report(0.6);
  const left = new Float32Array(n), right = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const g = duck[i];
    left[i] = backing[0][i] * g + l[i];
    right[i] = backing[1][i] * g + r[i];
  }
  report(0.7);
  const master = masterGain(left, right, sr, () => report(0.75));
  report(0.95);
  return { master: master.channels, vocalDry: dry, vocalProcessed: [l, r], integratedLufs: master.integratedLufs, truePeakDbtp: master.truePeakDbtp, engine: MIX_ENGINE_NAME };
}
