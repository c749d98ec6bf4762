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

/** Low-pass filter and keep every `factor`-th sample (zero-phase: output sample m is centred on input m*factor). */
export function decimate(x: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return x;
  const { offsets, taps, len } = decimatorTaps(factor);
  const nt = taps.length;
  const mid = (len - 1) >> 1;
  const n = x.length;
  const outLen = Math.ceil(n / factor);
  const out = new Float32Array(outLen);
  for (let m = 0; m < outLen; m++) {
    const start = m * factor - mid;
    let acc = 0;
    if (start >= 0 && start + len <= n) {
      for (let k = 0; k < nt; k++) acc += taps[k] * x[start + offsets[k]];
    } else {
      for (let k = 0; k < nt; k++) {
        const i = start + offsets[k];
        if (i >= 0 && i < n) acc += taps[k] * x[i];
      }
    }
    out[m] = acc;
  }
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
    const v = x[i] < 0 ? -x[i] : x[i];
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
