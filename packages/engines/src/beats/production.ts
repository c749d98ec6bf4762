/**
 * The mix's processing, per part: EQ (RBJ shelves and peaks), bus compression, sidechain ducking
 * of the bass under the kick, saturation, and reverb and delay sends whose returns stay in the
 * part's own stem (so the stems still add up to the mix). All in place, deterministic, cheap.
 */
import type { Stereo } from './instruments';

type Coeffs = { b0: number; b1: number; b2: number; a1: number; a2: number };

/** RBJ cookbook shelf and peaking filters (gain in dB). */
function eqCoeffs(type: 'lowshelf' | 'highshelf' | 'peak', sr: number, f: number, gainDb: number, q = 0.707): Coeffs {
  const A = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * Math.min(f, sr * 0.45)) / sr;
  const cos = Math.cos(w), sin = Math.sin(w);
  const alpha = sin / (2 * q);
  let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
  if (type === 'peak') {
    b0 = 1 + alpha * A; b1 = -2 * cos; b2 = 1 - alpha * A;
    a0 = 1 + alpha / A; a1 = -2 * cos; a2 = 1 - alpha / A;
  } else {
    const s = 2 * Math.sqrt(A) * alpha;
    if (type === 'lowshelf') {
      b0 = A * ((A + 1) - (A - 1) * cos + s); b1 = 2 * A * ((A - 1) - (A + 1) * cos); b2 = A * ((A + 1) - (A - 1) * cos - s);
      a0 = (A + 1) + (A - 1) * cos + s; a1 = -2 * ((A - 1) + (A + 1) * cos); a2 = (A + 1) + (A - 1) * cos - s;
    } else {
      b0 = A * ((A + 1) + (A - 1) * cos + s); b1 = -2 * A * ((A - 1) + (A + 1) * cos); b2 = A * ((A + 1) + (A - 1) * cos - s);
      a0 = (A + 1) - (A - 1) * cos + s; a1 = 2 * ((A - 1) - (A + 1) * cos); a2 = (A + 1) - (A - 1) * cos - s;
    }
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** Frames per block in the cascades below: a block stays in the cache while every stage runs over it. */
const BLOCK = 1024;

/**
 * Runs biquads in series over a signal in place (direct form I, double-precision state, each
 * stage's output stored as float as if it ran over the whole signal alone), a block at a time so
 * the signal is read and written once per block rather than once per stage. Returns the largest
 * |sample| of the result.
 */
export function cascade(x: Float32Array, stages: readonly Coeffs[]): number {
  const n = x.length;
  const state = new Float64Array(4 * stages.length);
  let peak = 0;
  for (let start = 0; start < n; start += BLOCK) {
    const end = start + BLOCK < n ? start + BLOCK : n;
    for (let k = 0; k < stages.length; k++) {
      const { b0, b1, b2, a1, a2 } = stages[k];
      let x1 = state[4 * k], x2 = state[4 * k + 1], y1 = state[4 * k + 2], y2 = state[4 * k + 3];
      for (let i = start; i < end; i++) {
        const x0 = x[i];
        const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
        x2 = x1; x1 = x0; y2 = y1; y1 = y0;
        x[i] = y0;
      }
      // A filter ringing out in silence decays into subnormal floats, which the CPU handles many
      // times slower: a state this far under any sample's level (-400 dB) is set to zero.
      if (x1 === 0 && x2 === 0 && (y1 < 0 ? -y1 : y1) < 1e-20 && (y2 < 0 ? -y2 : y2) < 1e-20) { y1 = 0; y2 = 0; }
      state[4 * k] = x1; state[4 * k + 1] = x2; state[4 * k + 2] = y1; state[4 * k + 3] = y2;
    }
    for (let i = start; i < end; i++) { const v = x[i] < 0 ? -x[i] : x[i]; if (v > peak) peak = v; }
  }
  return peak;
}

export interface EqBand { type: 'lowshelf' | 'highshelf' | 'peak'; f: number; gainDb: number; q?: number }

/** A biquad's coefficients (a0 normalised to 1), e.g. a high-pass from instruments.ts's `filterCoeffs` before the EQ. */
export type Biquad = Coeffs;

/**
 * A part's EQ: each band on both channels, after the filters in `before` (a high-pass), in one
 * pass per channel. Returns the peak of the result (max |sample| over both channels).
 */
export function eq(s: Stereo, sr: number, bands: readonly EqBand[], before: readonly Coeffs[] = []): number {
  const stages = [...before];
  for (const b of bands) if (b.gainDb !== 0) stages.push(eqCoeffs(b.type, sr, b.f, b.gainDb, b.q));
  const a = cascade(s.l, stages), b = cascade(s.r, stages);
  return a > b ? a : b;
}

/**
 * A feed-forward bus compressor: the louder channel's envelope (attack, release), a soft knee,
 * gain reduction above the threshold at the ratio, and make-up gain.
 */
export function compress(s: Stereo, sr: number, opts: { thresholdDb: number; ratio: number; attack: number; release: number; makeupDb?: number }): void {
  const { l, r } = s;
  const att = Math.exp(-1 / (opts.attack * sr));
  const rel = Math.exp(-1 / (opts.release * sr));
  const thr = 10 ** (opts.thresholdDb / 20);
  const slope = 1 - 1 / opts.ratio;
  const makeup = 10 ** ((opts.makeupDb ?? 0) / 20);
  let env = 0;
  let g = makeup;
  for (let i = 0; i < l.length; i++) {
    const a = Math.abs(l[i]), b = Math.abs(r[i]);
    const x = a > b ? a : b;
    env = x > env ? att * env + (1 - att) * x : rel * env + (1 - rel) * x;
    // Gain reduction, (env / thr)^(-slope) above the threshold, updated every 16 samples (the
    // envelope moves far slower than that).
    if ((i & 15) === 0) g = (env > thr ? (env / thr) ** -slope : 1) * makeup;
    l[i] *= g;
    r[i] *= g;
  }
}

/**
 * Sidechain: the bass ducks under each kick (down by `depthDb` at the hit, back over `release`
 * seconds), so the kick's thump is heard through the 808 or bass.
 */
export function duck(s: Stereo, sr: number, kickFrames: readonly number[], depthDb: number, release: number): number {
  const n = s.l.length;
  const depth = 1 - 10 ** (-depthDb / 20);
  const rel = Math.round(release * sr);
  const attack = Math.round(0.003 * sr);
  const g = new Float32Array(n).fill(1);
  for (const at of kickFrames) {
    for (let k = -attack; k < rel; k++) {
      const i = at + k;
      if (i < 0 || i >= n) continue;
      // A quick dip into the hit, then an eased return.
      const shape = k < 0 ? (k + attack) / attack : 1 - (k / rel) ** 1.5;
      const v = 1 - depth * shape;
      if (v < g[i]) g[i] = v;
    }
  }
  // Returns the peak of the result, as eq() does.
  const { l, r } = s;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const a = (l[i] *= g[i]), b = (r[i] *= g[i]);
    const m = Math.fround(a < 0 ? -a : a), k = Math.fround(b < 0 ? -b : b);
    if (m > peak) peak = m;
    if (k > peak) peak = k;
  }
  return peak;
}

/** tanh's Padé approximant, clamped where it reaches ±1 (within 2 % of tanh, far cheaper). */
const softClip = (x: number) => (x <= -3 ? -1 : x >= 3 ? 1 : (x * (27 + x * x)) / (27 + 9 * x * x));

/** Soft saturation (tanh-like) with the level kept: `drive` 1 is gentle, 3 is hot. */
export function saturate(s: Stereo, drive: number): void {
  const norm = 1 / softClip(drive);
  for (const x of [s.l, s.r]) for (let i = 0; i < x.length; i++) x[i] = softClip(drive * x[i]) * norm;
}

/**
 * A tempo-synced stereo ping-pong delay: the send (mono sum × `send`) is echoed left then right
 * every `time` seconds, each repeat darker (one-pole low-pass) and `feedback` quieter, and added to
 * the part.
 */
export function delaySend(s: Stereo, sr: number, opts: { time: number; feedback: number; send: number; tone?: number }): void {
  const n = s.l.length;
  const d = Math.max(1, Math.round(opts.time * sr));
  const lineL = new Float32Array(d), lineR = new Float32Array(d);
  const k = 1 - Math.exp((-2 * Math.PI * (opts.tone ?? 3500)) / sr);
  let lpL = 0, lpR = 0, p = 0;
  for (let i = 0; i < n; i++) {
    const input = (s.l[i] + s.r[i]) * 0.5 * opts.send;
    const outL = lineL[p], outR = lineR[p];
    lpL += k * (outL - lpL);
    lpR += k * (outR - lpR);
    // Ping-pong: the left line feeds the right one.
    lineL[p] = input + lpR * opts.feedback;
    lineR[p] = lpL * opts.feedback;
    s.l[i] += outL;
    s.r[i] += outR;
    p = p + 1 === d ? 0 : p + 1;
  }
}

const COMBS = [1116, 1188, 1277, 1356];
const ALLPASSES = [556, 441];

/**
 * A Freeverb-style plate, run at half the sample rate (the tail is damped and high-passed, so
 * nothing above 11 kHz is lost that a plate would keep): the part's mono sum × `send` into four
 * parallel damped combs, then two series all-passes per side (the right side's 23 samples longer,
 * for width), high-passed at about 250 Hz so the tail stays out of the low end, and added to the part.
 */
export function reverbSend(s: Stereo, sr: number, opts: { send: number; size?: number; damp?: number; width?: number }): void {
  const n = s.l.length;
  const half = Math.ceil(n / 2);
  const rate = sr / 2;
  const scale = rate / 44100;
  const room = 0.7 + 0.28 * (opts.size ?? 0.5);
  const damp = opts.damp ?? 0.4;
  const g = opts.send * 0.12;
  const input = new Float32Array(half);
  for (let j = 0; j < half; j++) {
    const i = 2 * j;
    input[j] = (s.l[i] + s.r[i] + (i + 1 < n ? s.l[i + 1] + s.r[i + 1] : 0)) * 0.25 * g;
  }
  // The four combs in one pass (each line and its damping state kept apart), summed in order.
  const combs = new Float32Array(half);
  const lens = COMBS.map((base) => Math.max(1, Math.round(base * scale * 1.0)));
  const c0 = new Float32Array(lens[0]), c1 = new Float32Array(lens[1]), c2 = new Float32Array(lens[2]), c3 = new Float32Array(lens[3]);
  const n0 = lens[0], n1 = lens[1], n2 = lens[2], n3 = lens[3];
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0, s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const keep = 1 - damp;
  for (let i = 0; i < half; i++) {
    const x = input[i];
    const y0 = c0[p0], y1 = c1[p1], y2 = c2[p2], y3 = c3[p3];
    s0 = y0 * keep + s0 * damp; c0[p0] = x + s0 * room;
    s1 = y1 * keep + s1 * damp; c1[p1] = x + s1 * room;
    s2 = y2 * keep + s2 * damp; c2[p2] = x + s2 * room;
    s3 = y3 * keep + s3 * damp; c3[p3] = x + s3 * room;
    combs[i] = Math.fround(Math.fround(Math.fround(Math.fround(y0) + y1) + y2) + y3);
    p0 = p0 + 1 === n0 ? 0 : p0 + 1;
    p1 = p1 + 1 === n1 ? 0 : p1 + 1;
    p2 = p2 + 1 === n2 ? 0 : p2 + 1;
    p3 = p3 + 1 === n3 ? 0 : p3 + 1;
  }
  const hp = Math.exp((-2 * Math.PI * 250) / rate);
  const wet = [new Float32Array(half), new Float32Array(half)];
  // Per side, the two all-passes and the high-pass in one pass.
  for (let ch = 0; ch < 2; ch++) {
    const out = wet[ch];
    const m0 = Math.max(1, Math.round((ALLPASSES[0] + ch * 23) * scale)), m1 = Math.max(1, Math.round((ALLPASSES[1] + ch * 23) * scale));
    const a0 = new Float32Array(m0), a1 = new Float32Array(m1);
    let q0 = 0, q1 = 0;
    let prevX = 0, prevY = 0;
    for (let i = 0; i < half; i++) {
      const x = combs[i];
      const b = a0[q0];
      a0[q0] = x + b * 0.5;
      const u = Math.fround(b - x);
      const c = a1[q1];
      a1[q1] = u + c * 0.5;
      const v = Math.fround(c - u);
      const y = hp * (prevY + v - prevX);
      prevX = v;
      out[i] = prevY = y;
      q0 = q0 + 1 === m0 ? 0 : q0 + 1;
      q1 = q1 + 1 === m1 ? 0 : q1 + 1;
    }
  }
  const width = opts.width ?? 1;
  const w1 = width / 2 + 0.5, w2 = (1 - width) / 2;
  // Back to the full rate by linear interpolation.
  const [a, b] = wet;
  for (let i = 0; i < n; i++) {
    const j = i >> 1;
    const k = j + 1 < half ? j + 1 : j;
    const t = (i & 1) * 0.5;
    const x = a[j] + (a[k] - a[j]) * t;
    const y = b[j] + (b[k] - b[j]) * t;
    s.l[i] += x * w1 + y * w2;
    s.r[i] += y * w1 + x * w2;
  }
}
