import { ampToDb, frameCount } from './dsp';

/**
 * True peak per ITU-R BS.1770-4 Annex 2: 4x oversampling with the Annex's 48-tap polyphase FIR
 * interpolator (4 phases x 12 taps, coefficients as published), then max |x| over the
 * oversampled signal. The reported value is max(sample peak, interpolated peak), since the
 * phase-0 branch is not an exact identity. The Annex's optional 12.04 dB input attenuation is
 * only needed for fixed-point arithmetic and is omitted (we work in floating point).
 * 4x is used at every sample rate (the Annex targets 48 kHz; at >= 96 kHz this over-resolves).
 */
export const TRUE_PEAK_PHASES: readonly (readonly number[])[] = [
  [0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625,
    0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125],
  [-0.0291748046875, 0.029296875, -0.0517578125, 0.0891113281250, -0.166503906250, 0.465087890625,
    0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375],
  [-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625, -0.2003173828125, 0.77978515625,
    0.465087890625, -0.166503906250, 0.0891113281250, -0.0517578125, 0.029296875, -0.0291748046875],
  [-0.00830078125, 0.014892578125, -0.026611328125, 0.047607421875, -0.102294921875, 0.97216796875,
    0.1373291015625, -0.0594482421875, 0.033203125, -0.0196533203125, 0.010986328125, 0.001708984375],
];

export const TAPS = 12;
const P0 = TRUE_PEAK_PHASES[0];
const P1 = TRUE_PEAK_PHASES[1];
const P2 = TRUE_PEAK_PHASES[2];
const P3 = TRUE_PEAK_PHASES[3];

/** Max |y| over the 4 interpolated phases at one position; `w[j]` = x[n - j]. */
function phasesMax(w: Float64Array): number {
  let m = 0;
  for (const p of TRUE_PEAK_PHASES) {
    let acc = 0;
    for (let j = 0; j < TAPS; j++) acc += p[j] * w[j];
    const a = acc < 0 ? -acc : acc;
    if (a > m) m = a;
  }
  return m;
}

/** Largest sum of |h| over the phases: |y| <= GAIN_BOUND * max |x| over the 12-sample window. */
export const GAIN_BOUND = Math.max(...TRUE_PEAK_PHASES.map((p) => p.reduce((a, h) => a + Math.abs(h), 0)));

/** Interpolated peak for output positions [from, to), all with full history (11 <= pos < n). */
export function scanInterior(x: Float32Array, from: number, to: number, peak: number): number {
  // Coefficients as locals so the JIT keeps them out of the module context.
  const c00 = P0[0], c01 = P0[1], c02 = P0[2], c03 = P0[3], c04 = P0[4], c05 = P0[5];
  const c06 = P0[6], c07 = P0[7], c08 = P0[8], c09 = P0[9], c0a = P0[10], c0b = P0[11];
  const c10 = P1[0], c11 = P1[1], c12 = P1[2], c13 = P1[3], c14 = P1[4], c15 = P1[5];
  const c16 = P1[6], c17 = P1[7], c18 = P1[8], c19 = P1[9], c1a = P1[10], c1b = P1[11];
  const c20 = P2[0], c21 = P2[1], c22 = P2[2], c23 = P2[3], c24 = P2[4], c25 = P2[5];
  const c26 = P2[6], c27 = P2[7], c28 = P2[8], c29 = P2[9], c2a = P2[10], c2b = P2[11];
  const c30 = P3[0], c31 = P3[1], c32 = P3[2], c33 = P3[3], c34 = P3[4], c35 = P3[5];
  const c36 = P3[6], c37 = P3[7], c38 = P3[8], c39 = P3[9], c3a = P3[10], c3b = P3[11];
  let pk = peak;
  for (let pos = from; pos < to; pos++) {
    const x0 = x[pos], x1 = x[pos - 1], x2 = x[pos - 2], x3 = x[pos - 3], x4 = x[pos - 4], x5 = x[pos - 5];
    const x6 = x[pos - 6], x7 = x[pos - 7], x8 = x[pos - 8], x9 = x[pos - 9], xa = x[pos - 10], xb = x[pos - 11];
    let y = c00 * x0 + c01 * x1 + c02 * x2 + c03 * x3 + c04 * x4 + c05 * x5 + c06 * x6 + c07 * x7 + c08 * x8 + c09 * x9 + c0a * xa + c0b * xb;
    if (y > pk) pk = y; else if (-y > pk) pk = -y;
    y = c10 * x0 + c11 * x1 + c12 * x2 + c13 * x3 + c14 * x4 + c15 * x5 + c16 * x6 + c17 * x7 + c18 * x8 + c19 * x9 + c1a * xa + c1b * xb;
    if (y > pk) pk = y; else if (-y > pk) pk = -y;
    y = c20 * x0 + c21 * x1 + c22 * x2 + c23 * x3 + c24 * x4 + c25 * x5 + c26 * x6 + c27 * x7 + c28 * x8 + c29 * x9 + c2a * xa + c2b * xb;
    if (y > pk) pk = y; else if (-y > pk) pk = -y;
    y = c30 * x0 + c31 * x1 + c32 * x2 + c33 * x3 + c34 * x4 + c35 * x5 + c36 * x6 + c37 * x7 + c38 * x8 + c39 * x9 + c3a * xa + c3b * xb;
    if (y > pk) pk = y; else if (-y > pk) pk = -y;
  }
  return pk;
}

const BLOCK = 256;

/**
 * Linear true peak of one channel (first `n` samples). Output positions run over the zero-padded
 * signal (11 samples of zero history and an 11-sample zero flush). Exact but pruned: positions are
 * scanned in blocks, loudest blocks first, and a block is skipped when
 * GAIN_BOUND * max|x| over its window cannot beat the peak found so far.
 */
export function channelTruePeakLinear(x: Float32Array, n: number = x.length): number {
  const positions = n + TAPS - 1;
  const blocks = Math.ceil(positions / BLOCK);
  if (n === 0) return 0;
  // Max |x| over each block's input window [b*BLOCK - 11, (b+1)*BLOCK) ∩ [0, n).
  const chunkMax = new Float64Array(blocks);
  let samplePeak = 0;
  for (let b = 0; b < blocks; b++) {
    const end = Math.min(n, (b + 1) * BLOCK);
    let m = 0;
    for (let i = b * BLOCK; i < end; i++) {
      const v = x[i] < 0 ? -x[i] : x[i];
      if (v > m) m = v;
    }
    chunkMax[b] = m;
    if (m > samplePeak) samplePeak = m;
  }
  if (samplePeak === 0) return 0;
  const windowMax = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let m = chunkMax[b];
    if (b > 0) {
      const lo = Math.max(0, b * BLOCK - (TAPS - 1));
      for (let i = lo; i < b * BLOCK && i < n; i++) {
        const v = x[i] < 0 ? -x[i] : x[i];
        if (v > m) m = v;
      }
    }
    windowMax[b] = m;
  }
  const order = Array.from({ length: blocks }, (_, b) => b).sort((p, q) => windowMax[q] - windowMax[p]);
  const w = new Float64Array(TAPS);
  let peak = samplePeak;
  for (const b of order) {
    if (windowMax[b] * GAIN_BOUND <= peak) break; // sorted: no later block can win either
    const from = b * BLOCK;
    const to = Math.min(positions, from + BLOCK);
    const innerFrom = Math.max(from, TAPS - 1);
    const innerTo = Math.min(to, n);
    for (let pos = from; pos < to; pos++) {
      if (pos === innerFrom && innerFrom < innerTo) {
        peak = scanInterior(x, innerFrom, innerTo, peak);
        pos = innerTo - 1;
        continue;
      }
      for (let j = 0; j < TAPS; j++) {
        const i = pos - j;
        w[j] = i >= 0 && i < n ? x[i] : 0;
      }
      const m = phasesMax(w);
      if (m > peak) peak = m;
    }
  }
  return peak;
}

/** True peak over all channels in dBTP; null for digital silence / empty input. */
export function measureTruePeak(channels: readonly Float32Array[]): number | null {
  const n = frameCount(channels);
  let peak = 0;
  for (const c of channels) peak = Math.max(peak, channelTruePeakLinear(c, n));
  return ampToDb(peak);
}
