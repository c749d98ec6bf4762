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

function runBiquad(x: Float32Array, { b0, b1, b2, a1, a2 }: Coeffs): void {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i];
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x0; y2 = y1; y1 = y0;
    x[i] = y0;
  }
}

export interface EqBand { type: 'lowshelf' | 'highshelf' | 'peak'; f: number; gainDb: number; q?: number }

/** A part's EQ: each band on both channels. */
export function eq(s: Stereo, sr: number, bands: readonly EqBand[]): void {
  for (const b of bands) {
    if (b.gainDb === 0) continue;
    const c = eqCoeffs(b.type, sr, b.f, b.gainDb, b.q);
    runBiquad(s.l, c);
    runBiquad(s.r, c);
  }
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
export function duck(s: Stereo, sr: number, kickFrames: readonly number[], depthDb: number, release: number): void {
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
  for (let i = 0; i < n; i++) { s.l[i] *= g[i]; s.r[i] *= g[i]; }
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
  const combs = new Float32Array(half);
  for (const base of COMBS) {
    const len = Math.max(1, Math.round(base * scale * 1.0));
    const line = new Float32Array(len);
    let p = 0, store = 0;
    for (let i = 0; i < half; i++) {
      const y = line[p];
      store = y * (1 - damp) + store * damp;
      line[p] = input[i] + store * room;
      combs[i] += y;
      p = p + 1 === len ? 0 : p + 1;
    }
  }
  const hp = Math.exp((-2 * Math.PI * 250) / rate);
  const wet = [new Float32Array(half), new Float32Array(half)];
  for (let ch = 0; ch < 2; ch++) {
    const out = wet[ch];
    out.set(combs);
    for (const base of ALLPASSES) {
      const len = Math.max(1, Math.round((base + ch * 23) * scale));
      const line = new Float32Array(len);
      let p = 0;
      for (let i = 0; i < half; i++) {
        const b = line[p];
        const x = out[i];
        line[p] = x + b * 0.5;
        out[i] = b - x;
        p = p + 1 === len ? 0 : p + 1;
      }
    }
    let prevX = 0, prevY = 0;
    for (let i = 0; i < half; i++) { const y = hp * (prevY + out[i] - prevX); prevX = out[i]; out[i] = prevY = y; }
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
