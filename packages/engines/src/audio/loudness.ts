import { ampToDb, frameCount } from './dsp';
import type { LoudnessResult } from './types';

/**
 * Loudness per ITU-R BS.1770-4 / EBU R128 (integrated), EBU Tech 3342 (loudness range).
 *
 * - K-weighting = stage 1 high-shelf ("pre-filter", head acoustics) + stage 2 high-pass ("RLB").
 *   BS.1770 only tabulates the 48 kHz coefficients; for other rates we re-derive them from the
 *   analogue prototype parameters (f0, gain, Q) that reproduce that table via the bilinear
 *   transform: the derivation used by libebur128 / pyloudnorm. At 48 kHz this yields the
 *   published Table 1 / Table 2 coefficients (checked in loudness.test.ts).
 * - 400 ms gating blocks, 75 % overlap (100 ms hop), channel weights 1.0 (L, R, mono),
 *   absolute gate -70 LUFS, relative gate -10 LU below the absolutely-gated mean.
 * - Loudness range: 3 s short-term windows every 100 ms, absolute gate -70 LUFS, relative gate
 *   -20 LU, LRA = 95th - 10th percentile.
 */

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting biquads for a sample rate (a0 normalised to 1). */
export function kWeightingCoefficients(sampleRate: number): { shelf: Biquad; highpass: Biquad } {
  // Stage 1: high shelf, +4 dB above ~1.7 kHz.
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / sampleRate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  // Stage 2: 2nd-order high-pass at ~38 Hz. Numerator kept as [1, -2, 1] exactly as in BS.1770 Table 2.
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + K / Q + K * K;
  const highpass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  return { shelf, highpass };
}

/**
 * K-weight one channel and add its squared output into `segEnergy` (sum of squares per hop-sized
 * segment). Direct form I, double-precision state.
 */
function accumulateKWeightedEnergy(x: Float32Array, n: number, sampleRate: number, hop: number, segEnergy: Float64Array): void {
  const { shelf: s, highpass: h } = kWeightingCoefficients(sampleRate);
  const sb0 = s.b0, sb1 = s.b1, sb2 = s.b2, sa1 = s.a1, sa2 = s.a2;
  const hb0 = h.b0, hb1 = h.b1, hb2 = h.b2, ha1 = h.a1, ha2 = h.a2;
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0; // stage 1 state
  let z1 = 0, z2 = 0; // stage 2 output state (its input state is y1, y2)
  const segs = segEnergy.length;
  let i = 0;
  for (let seg = 0; seg <= segs; seg++) {
    const end = seg < segs ? (seg + 1) * hop : n;
    let acc = 0;
    for (; i < end; i++) {
      const xi = x[i];
      const y = sb0 * xi + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
      const z = hb0 * y + hb1 * y1 + hb2 * y2 - ha1 * z1 - ha2 * z2;
      x2 = x1; x1 = xi;
      y2 = y1; y1 = y;
      z2 = z1; z1 = z;
      acc += z * z;
    }
    if (seg < segs) segEnergy[seg] += acc;
  }
}

const LOUDNESS_OFFSET = -0.691;
const energyToLufs = (e: number): number => LOUDNESS_OFFSET + 10 * Math.log10(e);
const lufsToEnergy = (l: number): number => 10 ** ((l - LOUDNESS_OFFSET) / 10);

/** Percentile with linear interpolation on a sorted array. */
function percentile(sorted: number[], p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Mean energies of windows of `len` consecutive segments, hopping one segment. */
function windowEnergies(segEnergy: Float64Array, len: number, samplesPerWindow: number): Float64Array {
  const count = segEnergy.length - len + 1;
  if (count <= 0) return new Float64Array(0);
  const out = new Float64Array(count);
  let run = 0;
  for (let i = 0; i < len; i++) run += segEnergy[i];
  out[0] = run / samplesPerWindow;
  for (let i = 1; i < count; i++) {
    run += segEnergy[i + len - 1] - segEnergy[i - 1];
    out[i] = Math.max(0, run) / samplesPerWindow;
  }
  return out;
}

/** Gated integrated loudness from 400 ms block energies (already channel-summed). */
export function gatedLoudness(blockEnergies: ArrayLike<number>): number | null {
  const absThreshold = lufsToEnergy(-70);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < blockEnergies.length; i++) {
    const e = blockEnergies[i];
    if (e > absThreshold) { sum += e; count++; }
  }
  if (count === 0) return null;
  const relThreshold = (sum / count) * 10 ** (-10 / 10);
  sum = 0;
  count = 0;
  for (let i = 0; i < blockEnergies.length; i++) {
    const e = blockEnergies[i];
    if (e > absThreshold && e > relThreshold) { sum += e; count++; }
  }
  if (count === 0) return null;
  return energyToLufs(sum / count);
}

/** EBU Tech 3342 loudness range from short-term (3 s) energies. */
function loudnessRange(shortTerm: Float64Array): number | null {
  const absThreshold = lufsToEnergy(-70);
  const gated: number[] = [];
  let sum = 0;
  for (const e of shortTerm) if (e > absThreshold) { gated.push(e); sum += e; }
  if (gated.length === 0) return null;
  const relThreshold = (sum / gated.length) * 10 ** (-20 / 10);
  const levels = gated.filter((e) => e > relThreshold).map(energyToLufs).sort((a, b) => a - b);
  if (levels.length === 0) return null;
  return percentile(levels, 0.95) - percentile(levels, 0.1);
}

/** Segments (100 ms) between two points of the loudness curve: one a second. */
const CURVE_STEP_SEGMENTS = 10;

/**
 * Short-term (3 s) loudness once a second, LUFS to 0.1, null where the window is below the
 * absolute gate (-70 LUFS: silence). Point i is the window that starts at i seconds.
 */
function shortTermCurve(shortTerm: Float64Array): (number | null)[] {
  const gate = lufsToEnergy(-70);
  const curve: (number | null)[] = [];
  for (let i = 0; i < shortTerm.length; i += CURVE_STEP_SEGMENTS) {
    const e = shortTerm[i];
    curve.push(e > gate ? Math.round(energyToLufs(e) * 10) / 10 : null);
  }
  return curve;
}

/** Max loudness of a window-energy series above the absolute gate, or null. */
function maxLoudness(energies: Float64Array): number | null {
  let m = 0;
  for (const e of energies) if (e > m) m = e;
  return m > lufsToEnergy(-70) ? energyToLufs(m) : null;
}

/**
 * Integrated loudness (LUFS), loudness range (LU), max momentary / short-term loudness and sample
 * peak of a multichannel signal. Every channel gets weight 1.0 (BS.1770 L/R/C weighting; surround
 * channel weights are not applied - the decoder delivers mono or stereo).
 */
export function measureLoudness(channels: readonly Float32Array[], sampleRate: number): LoudnessResult {
  const n = frameCount(channels);
  const hop = loudnessHop(sampleRate);
  const segs = Math.floor(n / hop);
  const segEnergy = new Float64Array(segs);
  let peak = 0;
  for (const c of channels) {
    accumulateKWeightedEnergy(c, n, sampleRate, hop, segEnergy);
    for (let i = 0; i < n; i++) {
      const v = c[i] < 0 ? -c[i] : c[i];
      if (v > peak) peak = v;
    }
  }
  return loudnessFromSegments(segEnergy, hop, peak);
}

/** Samples per 100 ms segment: gating blocks and short-term windows are made of whole segments. */
export function loudnessHop(sampleRate: number): number {
  return Math.max(1, Math.round(sampleRate * 0.1));
}

/** The loudness measures from K-weighted energies summed per 100 ms segment (channels added) and the sample peak. */
export function loudnessFromSegments(segEnergy: Float64Array, hop: number, peak: number): LoudnessResult {
  const momentary = windowEnergies(segEnergy, 4, 4 * hop); // 400 ms, 75 % overlap
  const shortTerm = windowEnergies(segEnergy, 30, 30 * hop); // 3 s
  return {
    shortTermCurve: shortTermCurve(shortTerm),
    integratedLufs: gatedLoudness(momentary),
    loudnessRangeLu: loudnessRange(shortTerm),
    momentaryMaxLufs: maxLoudness(momentary),
    shortTermMaxLufs: maxLoudness(shortTerm),
    samplePeakDbfs: ampToDb(peak),
  };
}

/**
 * K-weighting of every channel fed block by block (same arithmetic as measureLoudness): `feed`
 * filters samples and calls `onSegment` with the sum of squares of each completed 100 ms segment,
 * added over the channels in channel order (as measureLoudness adds them). Two channels are
 * filtered in one loop: each sample waits on the previous one's output (the filters' feedback),
 * and the two channels' independent chains then overlap. The stage-2 numerator [1, -2, 1] is
 * written out (y - 2 * y1 + y2): multiplying by 1 and -2 is exact, so the sums are the same.
 */
export class KWeightedEnergy {
  private readonly s: Biquad;
  private readonly h: Biquad;
  /** Per channel: x1, x2, y1, y2, z1, z2, and the current segment's sum of squares. */
  private readonly state: Float64Array;
  private inSegment = 0;

  constructor(sampleRate: number, private readonly hop: number, private readonly numChannels = 1) {
    const { shelf, highpass } = kWeightingCoefficients(sampleRate);
    if (highpass.b0 !== 1 || highpass.b1 !== -2 || highpass.b2 !== 1) throw new Error('K-weighting: stage 2 numerator is not [1, -2, 1]');
    this.s = shelf;
    this.h = highpass;
    this.state = new Float64Array(7 * numChannels);
  }

  feed(channels: readonly Float32Array[], from: number, to: number, onSegment: (energy: number) => void): void {
    const nc = this.numChannels;
    const st = this.state;
    let i = from;
    while (i < to) {
      const end = Math.min(to, i + (this.hop - this.inSegment));
      if (nc === 2) this.filterPair(channels[0], channels[1], i, end);
      else for (let c = 0; c < nc; c++) this.filterOne(channels[c], 7 * c, i, end);
      this.inSegment += end - i;
      i = end;
      if (this.inSegment === this.hop) {
        let energy = 0;
        for (let c = 0; c < nc; c++) {
          energy += st[7 * c + 6];
          st[7 * c + 6] = 0;
        }
        onSegment(energy);
        this.inSegment = 0;
      }
    }
  }

  private filterOne(x: Float32Array, o: number, from: number, to: number): void {
    const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = this.s;
    const { a1: ha1, a2: ha2 } = this.h;
    const st = this.state;
    let x1 = st[o], x2 = st[o + 1], y1 = st[o + 2], y2 = st[o + 3], z1 = st[o + 4], z2 = st[o + 5], acc = st[o + 6];
    for (let i = from; i < to; i++) {
      const xi = x[i];
      const y = sb0 * xi + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
      const z = y - 2 * y1 + y2 - ha1 * z1 - ha2 * z2;
      x2 = x1; x1 = xi;
      y2 = y1; y1 = y;
      z2 = z1; z1 = z;
      acc += z * z;
    }
    st[o] = x1; st[o + 1] = x2; st[o + 2] = y1; st[o + 3] = y2; st[o + 4] = z1; st[o + 5] = z2; st[o + 6] = acc;
  }

  private filterPair(a: Float32Array, b: Float32Array, from: number, to: number): void {
    const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = this.s;
    const { a1: ha1, a2: ha2 } = this.h;
    const st = this.state;
    let ax1 = st[0], ax2 = st[1], ay1 = st[2], ay2 = st[3], az1 = st[4], az2 = st[5], aacc = st[6];
    let bx1 = st[7], bx2 = st[8], by1 = st[9], by2 = st[10], bz1 = st[11], bz2 = st[12], bacc = st[13];
    for (let i = from; i < to; i++) {
      const ax = a[i], bx = b[i];
      const ay = sb0 * ax + sb1 * ax1 + sb2 * ax2 - sa1 * ay1 - sa2 * ay2;
      const by = sb0 * bx + sb1 * bx1 + sb2 * bx2 - sa1 * by1 - sa2 * by2;
      const az = ay - 2 * ay1 + ay2 - ha1 * az1 - ha2 * az2;
      const bz = by - 2 * by1 + by2 - ha1 * bz1 - ha2 * bz2;
      ax2 = ax1; ax1 = ax; ay2 = ay1; ay1 = ay; az2 = az1; az1 = az;
      bx2 = bx1; bx1 = bx; by2 = by1; by1 = by; bz2 = bz1; bz1 = bz;
      aacc += az * az;
      bacc += bz * bz;
    }
    st[0] = ax1; st[1] = ax2; st[2] = ay1; st[3] = ay2; st[4] = az1; st[5] = az2; st[6] = aacc;
    st[7] = bx1; st[8] = bx2; st[9] = by1; st[10] = by2; st[11] = bz1; st[12] = bz2; st[13] = bacc;
  }
}

/** Convenience: integrated loudness only. */
export function measureIntegratedLoudness(channels: readonly Float32Array[], sampleRate: number): number | null {
  return measureLoudness(channels, sampleRate).integratedLufs;
}
