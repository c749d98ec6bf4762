import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureLoudness } from './loudness';
import { synthSine } from './synth';
import { channelTruePeakLinear, measureTruePeak, TRUE_PEAK_PHASES } from './truePeak';

/** Straightforward reference: y[4n+k] = sum_j h_k[j] x[n-j] over the zero-padded signal. */
function naiveTruePeak(x: number[]): number {
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  for (let n = 0; n < x.length + 11; n++) {
    for (const h of TRUE_PEAK_PHASES) {
      let acc = 0;
      for (let j = 0; j < 12; j++) {
        const i = n - j;
        if (i >= 0 && i < x.length) acc += h[j] * x[i];
      }
      peak = Math.max(peak, Math.abs(acc));
    }
  }
  return peak;
}

describe('true peak (BS.1770-4 Annex 2, 4x polyphase FIR)', () => {
  it('full-scale sine at fs/4 with 45 degree phase: inter-sample peak above the sample peak', () => {
    const x = synthSine({ freq: 12000, seconds: 1, sampleRate: 48000, phase: Math.PI / 4 });
    const samplePeak = measureLoudness([x], 48000).samplePeakDbfs!;
    const truePeak = measureTruePeak([x])!;
    expect(samplePeak).toBeCloseTo(-3.01, 1);
    expect(truePeak).toBeGreaterThan(samplePeak + 2.5);
    expect(Math.abs(truePeak)).toBeLessThan(0.3); // the continuous waveform peaks at 0 dBFS
  });

  it('-6 dBFS sine reads -6 dBTP +-0.2 (1 kHz at 48 kHz, 997 Hz at 44.1 kHz)', () => {
    const amplitude = 10 ** (-6 / 20);
    const a = measureTruePeak([synthSine({ freq: 1000, seconds: 1, sampleRate: 48000, amplitude })])!;
    const b = measureTruePeak([synthSine({ freq: 997, seconds: 1, sampleRate: 44100, amplitude, phase: 1 })])!;
    expect(Math.abs(a - -6)).toBeLessThan(0.2);
    expect(Math.abs(b - -6)).toBeLessThan(0.2);
  });

  it('takes the max over channels, null for silence and empty input', () => {
    const quiet = synthSine({ freq: 1000, seconds: 0.5, sampleRate: 48000, amplitude: 0.1 });
    const loud = synthSine({ freq: 1000, seconds: 0.5, sampleRate: 48000, amplitude: 0.5 });
    expect(Math.abs(measureTruePeak([quiet, loud])! - 20 * Math.log10(0.5))).toBeLessThan(0.2);
    expect(measureTruePeak([new Float32Array(1000)])).toBeNull();
    expect(measureTruePeak([new Float32Array(0)])).toBeNull();
  });

  it('optimised interpolator equals a naive reference, edges included (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { maxLength: 64 }), (arr) => {
        const x = Float32Array.from(arr);
        const ref = naiveTruePeak(Array.from(x));
        expect(Math.abs(channelTruePeakLinear(x) - ref)).toBeLessThan(1e-6);
      }),
      { numRuns: 300 },
    );
  });

  it('block pruning stays exact on long signals with uneven dynamics (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 1e9 }),
        (len, gains, seed) => {
          let s = seed;
          const x = new Float32Array(len);
          for (let i = 0; i < len; i++) {
            s = (s * 1103515245 + 12345) % 2147483648;
            x[i] = gains[Math.floor((i / len) * gains.length)] * (s / 1073741824 - 1);
          }
          expect(Math.abs(channelTruePeakLinear(x) - naiveTruePeak(Array.from(x)))).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('phases 3 and 2 are phases 0 and 1 reversed (the scan computes each mirrored pair together)', () => {
    const [p0, p1, p2, p3] = TRUE_PEAK_PHASES;
    expect([...p3]).toEqual([...p0].reverse());
    expect([...p2]).toEqual([...p1].reverse());
  });
});
