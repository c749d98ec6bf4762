import { frameCount } from './dsp';

export interface WaveformOptions {
  /** Number of buckets (default 800). Fewer are returned when the signal has fewer samples. */
  buckets?: number;
  /** 'peak' (default): one max-|x| value per bucket in [0, 1]. 'minmax': flattened [min0, max0, min1, max1, ...] in [-1, 1]. */
  mode?: 'peak' | 'minmax';
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000 + 0; // + 0 turns -0 into 0
const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/**
 * Compact display peaks of the mono mix (mean of the channels), values rounded to 3 decimals and
 * clamped to full scale. Bucket b covers samples [floor(b*n/B), floor((b+1)*n/B)).
 */
export function computeWaveform(channels: readonly Float32Array[], options: WaveformOptions = {}): number[] {
  const mode = options.mode ?? 'peak';
  const requested = Math.max(1, Math.floor(options.buckets ?? 800));
  const n = frameCount(channels);
  const buckets = Math.min(requested, n);
  const out: number[] = [];
  if (buckets === 0) return out;
  const nc = channels.length;
  const g = 1 / nc;
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor((b * n) / buckets);
    const end = Math.floor(((b + 1) * n) / buckets);
    let lo = Infinity, hi = -Infinity;
    for (let i = start; i < end; i++) {
      let v = 0;
      for (let c = 0; c < nc; c++) v += channels[c][i];
      v *= g;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (mode === 'minmax') {
      out.push(r3(clamp(lo, -1, 1)), r3(clamp(hi, -1, 1)));
    } else {
      out.push(r3(clamp(Math.max(-lo, hi), 0, 1)));
    }
  }
  return out;
}
