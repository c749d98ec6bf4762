import FFT from 'fft.js';

/** Shared DSP helpers for the audio engine (pure, allocation-conscious). */

const fftCache = new Map<number, FFT>();

/** Cached fft.js instance for a power-of-two size. */
export function getFft(size: number): FFT {
  let f = fftCache.get(size);
  if (!f) {
    f = new FFT(size);
    fftCache.set(size, f);
  }
  return f;
}

/** Periodic Hann window of length n. */
export function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}

/** Nearest power of two to x (at least 2). */
export function nearestPow2(x: number): number {
  const p = Math.max(1, Math.round(Math.log2(Math.max(2, x))));
  return 2 ** p;
}

/** Number of frames common to all channels (the shortest channel wins). */
export function frameCount(channels: readonly Float32Array[]): number {
  if (channels.length === 0) return 0;
  let n = Infinity;
  for (const c of channels) n = Math.min(n, c.length);
  return n;
}

/** Average of all channels (mono mix). Returns the input array itself for mono. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const n = frameCount(channels);
  if (channels.length === 1) return channels[0].length === n ? channels[0] : channels[0].subarray(0, n);
  const out = new Float32Array(n);
  if (channels.length === 0) return out;
  const g = 1 / channels.length;
  for (const c of channels) {
    for (let i = 0; i < n; i++) out[i] += c[i];
  }
  for (let i = 0; i < n; i++) out[i] *= g;
  return out;
}

export interface SparseFir { offsets: Int32Array; taps: Float64Array; len: number }
const decimatorCache = new Map<number, SparseFir>();

/**
 * Windowed-sinc (Blackman, 16*factor+1 taps) low-pass with its cutoff at the new Nyquist, for
 * integer decimation. With that cutoff every factor-th tap is zero (half-band for factor 2); zero
 * taps are dropped. The narrow aliasing band just under the new Nyquist is harmless for tempo/key.
 */
export function decimatorTaps(factor: number): SparseFir {
  const cached = decimatorCache.get(factor);
  if (cached) return cached;
  const len = 16 * factor + 1;
  const mid = (len - 1) / 2;
  const fc = 0.5 / factor; // cycles/sample at the input rate
  const h = new Float64Array(len);
  let sum = 0;
  for (let i = 0; i < len; i++) {
    const t = i - mid;
    const sinc = t === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * t) / (Math.PI * t);
    const w = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (len - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (len - 1));
    h[i] = Math.abs(sinc) < 1e-12 ? 0 : sinc * w;
    sum += h[i];
  }
  const offsets: number[] = [];
  const taps: number[] = [];
  for (let i = 0; i < len; i++) {
    if (h[i] !== 0) { offsets.push(i); taps.push(h[i] / sum); }
  }
  const fir = { offsets: Int32Array.from(offsets), taps: Float64Array.from(taps), len };
  decimatorCache.set(factor, fir);
  return fir;
}

/**
 * Outputs out[at + j] (j < count) of a SparseFir: the sum over k of taps[k] * x[o + j*factor +
 * offsets[k]], every input inside x. Four outputs are summed side by side: each output's sum keeps
 * its order (k ascending, so results are bit for bit those of one output at a time), but the four
 * chains of additions overlap instead of each waiting on the previous addition. decimatorTaps(2)
 * takes the written-out form below.
 */
export function firInterior(fir: SparseFir, factor: number, x: Float32Array, o: number, out: Float32Array, at: number, count: number): void {
  if (factor === 2 && isHalfBand(fir)) {
    halfBandInterior(fir.taps, x, o, out, at, count);
    return;
  }
  const { offsets, taps } = fir;
  const nt = taps.length;
  const f2 = 2 * factor, f3 = 3 * factor, f4 = 4 * factor;
  let j = 0;
  for (; j + 4 <= count; j += 4, o += f4) {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (let k = 0; k < nt; k++) {
      const t = taps[k];
      const i = o + offsets[k];
      a0 += t * x[i];
      a1 += t * x[i + factor];
      a2 += t * x[i + f2];
      a3 += t * x[i + f3];
    }
    out[at + j] = a0;
    out[at + j + 1] = a1;
    out[at + j + 2] = a2;
    out[at + j + 3] = a3;
  }
  for (; j < count; j++, o += factor) {
    let acc = 0;
    for (let k = 0; k < nt; k++) acc += taps[k] * x[o + offsets[k]];
    out[at + j] = acc;
  }
}

/** Offsets of decimatorTaps(2): the odd ones and the centre (the half-band's other taps are zero). */
const HALF_BAND_OFFSETS = [1, 3, 5, 7, 9, 11, 13, 15, 16, 17, 19, 21, 23, 25, 27, 29, 31];

function isHalfBand(fir: SparseFir): boolean {
  const { offsets } = fir;
  if (offsets.length !== HALF_BAND_OFFSETS.length) return false;
  for (let k = 0; k < offsets.length; k++) if (offsets[k] !== HALF_BAND_OFFSETS[k]) return false;
  return true;
}

/**
 * firInterior for decimatorTaps(2), the decimation almost every track takes (44.1 or 48 kHz to
 * about 22 kHz, then to about 11 kHz), written out: the 17 taps as locals and the offsets as
 * constants, two outputs side by side. Same sums in the same order as the loop (equal to the bit);
 * about twice as fast, the loop's loads of taps and offsets gone.
 */
function halfBandInterior(taps: Float64Array, x: Float32Array, o: number, out: Float32Array, at: number, count: number): void {
  const t0 = taps[0], t1 = taps[1], t2 = taps[2], t3 = taps[3], t4 = taps[4], t5 = taps[5], t6 = taps[6], t7 = taps[7], t8 = taps[8];
  const t9 = taps[9], t10 = taps[10], t11 = taps[11], t12 = taps[12], t13 = taps[13], t14 = taps[14], t15 = taps[15], t16 = taps[16];
  let j = 0;
  for (; j + 2 <= count; j += 2, o += 4) {
    let a = 0, b = 0; // outputs j (inputs from o) and j + 1 (from o + 2)
    a += t0 * x[o + 1]; b += t0 * x[o + 3];
    a += t1 * x[o + 3]; b += t1 * x[o + 5];
    a += t2 * x[o + 5]; b += t2 * x[o + 7];
    a += t3 * x[o + 7]; b += t3 * x[o + 9];
    a += t4 * x[o + 9]; b += t4 * x[o + 11];
    a += t5 * x[o + 11]; b += t5 * x[o + 13];
    a += t6 * x[o + 13]; b += t6 * x[o + 15];
    a += t7 * x[o + 15]; b += t7 * x[o + 17];
    a += t8 * x[o + 16]; b += t8 * x[o + 18];
    a += t9 * x[o + 17]; b += t9 * x[o + 19];
    a += t10 * x[o + 19]; b += t10 * x[o + 21];
    a += t11 * x[o + 21]; b += t11 * x[o + 23];
    a += t12 * x[o + 23]; b += t12 * x[o + 25];
    a += t13 * x[o + 25]; b += t13 * x[o + 27];
    a += t14 * x[o + 27]; b += t14 * x[o + 29];
    a += t15 * x[o + 29]; b += t15 * x[o + 31];
    a += t16 * x[o + 31]; b += t16 * x[o + 33];
    out[at + j] = a;
    out[at + j + 1] = b;
  }
  if (j < count) {
    let a = 0;
    for (let k = 0; k < HALF_BAND_OFFSETS.length; k++) a += taps[k] * x[o + HALF_BAND_OFFSETS[k]];
    out[at + j] = a;
  }
}

/** One output of a SparseFir whose taps may reach outside x[0, n) (read as zeros); x[i - base] is input i. */
export function firEdge(fir: SparseFir, x: Float32Array, base: number, n: number, start: number): number {
  const { offsets, taps } = fir;
  let acc = 0;
  for (let k = 0; k < taps.length; k++) {
    const i = start + offsets[k];
    if (i >= 0 && i < n) acc += taps[k] * x[i - base];
  }
  return acc;
}

/** Low-pass filter and keep every `factor`-th sample (zero-phase: output sample m is centred on input m*factor). */
export function decimate(x: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return x;
  const fir = decimatorTaps(factor);
  const mid = (fir.len - 1) >> 1;
  const n = x.length;
  const outLen = Math.ceil(n / factor);
  const out = new Float32Array(outLen);
  // Outputs whose taps all fall inside the signal: m*factor - mid >= 0 and m*factor - mid + len <= n.
  const first = Math.min(outLen, Math.ceil(mid / factor));
  const last = Math.max(first, Math.min(outLen, Math.floor((n - fir.len + mid) / factor) + 1));
  for (let m = 0; m < first; m++) out[m] = firEdge(fir, x, 0, n, m * factor - mid);
  firInterior(fir, factor, x, first * factor - mid, out, first, last - first);
  for (let m = last; m < outLen; m++) out[m] = firEdge(fir, x, 0, n, m * factor - mid);
  return out;
}

/** Mono mix decimated by an integer factor to the rate closest to (but not far below) `targetRate`. */
export function monoAtRate(channels: readonly Float32Array[], sampleRate: number, targetRate: number): { x: Float32Array; sampleRate: number } {
  const mono = mixToMono(channels);
  const factor = Math.max(1, Math.round(sampleRate / targetRate));
  return { x: decimate(mono, factor), sampleRate: sampleRate / factor };
}

/** Peak absolute value of a signal. */
export function peakAbs(x: Float32Array): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) {
    // Math.abs compiles to a mask, where a test of the sign would branch (and audio's signs are random).
    const v = Math.abs(x[i]);
    if (v > m) m = v;
  }
  return m;
}

/** Round to `digits` decimals. */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** Linear amplitude to dB (20 log10); null for 0 / non-finite. */
export function ampToDb(a: number): number | null {
  if (!(a > 0) || !Number.isFinite(a)) return null;
  return 20 * Math.log10(a);
}
