import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { synthSine } from './synth';
import { computeWaveform } from './waveform';

const hasAtMost3Decimals = (v: number): boolean => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

describe('waveform peaks', () => {
  it('800 max-abs buckets in [0, 1] by default, tracking the envelope', () => {
    const sr = 8000;
    const x = synthSine({ freq: 440, seconds: 4, sampleRate: sr });
    for (let i = 0; i < x.length; i++) x[i] *= i / x.length; // linear fade-in
    const w = computeWaveform([x]);
    expect(w).toHaveLength(800);
    expect(Math.min(...w)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...w)).toBeLessThanOrEqual(1);
    expect(w[0]).toBeLessThan(0.01);
    expect(w[799]).toBeGreaterThan(0.98);
    expect(w[400]).toBeCloseTo(0.5, 1);
    expect(w.every(hasAtMost3Decimals)).toBe(true);
  });

  it('mixes channels to mono, supports minmax mode and custom bucket counts', () => {
    const l = Float32Array.from([1, 1, -0.5, -0.5]);
    const r = Float32Array.from([0, 0, -0.5, 0.5]);
    expect(computeWaveform([l, r], { buckets: 2 })).toEqual([0.5, 0.5]);
    expect(computeWaveform([l, r], { buckets: 2, mode: 'minmax' })).toEqual([0.5, 0.5, -0.5, 0]);
    expect(computeWaveform([Float32Array.from([2, -3])], { buckets: 1, mode: 'minmax' })).toEqual([-1, 1]);
  });

  it('short and empty signals give min(buckets, samples) values', () => {
    expect(computeWaveform([new Float32Array(0)])).toEqual([]);
    expect(computeWaveform([new Float32Array(441)])).toHaveLength(441);
  });

  it('length and range hold for arbitrary input (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: -4, max: 4, noNaN: true }), { maxLength: 3000 }),
        fc.integer({ min: 1, max: 1000 }),
        (arr, buckets) => {
          const w = computeWaveform([Float32Array.from(arr)], { buckets });
          expect(w).toHaveLength(Math.min(buckets, arr.length));
          for (const v of w) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
            expect(hasAtMost3Decimals(v)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
