import { describe, expect, it } from 'vitest';
import { gatedLoudness, KWeightedEnergy, kWeightingCoefficients, loudnessFromSegments, loudnessHop, measureLoudness } from './loudness';
import { concat, seededRandom, synthSine } from './synth';

const dbToAmp = (db: number): number => 10 ** (db / 20);
// BS.1770: a 0 dBFS 997 Hz / 1 kHz sine in one channel reads -3.01 LUFS, so this amplitude gives `lufs` in mono.
const monoAmpFor = (lufs: number): number => dbToAmp(lufs + 3.01);

describe('loudness (ITU-R BS.1770-4 / EBU R128)', () => {
  it('derives the published 48 kHz K-weighting coefficients (BS.1770-4 Tables 1 and 2)', () => {
    const { shelf, highpass } = kWeightingCoefficients(48000);
    const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(1e-11);
    close(shelf.b0, 1.53512485958697);
    close(shelf.b1, -2.69169618940638);
    close(shelf.b2, 1.19839281085285);
    close(shelf.a1, -1.69065929318241);
    close(shelf.a2, 0.73248077421585);
    expect([highpass.b0, highpass.b1, highpass.b2]).toEqual([1, -2, 1]);
    close(highpass.a1, -1.99004745483398);
    close(highpass.a2, 0.99007225036621);
  });

  it('full-scale 997 Hz sine in one channel reads -3.01 LUFS', () => {
    for (const sr of [44100, 48000]) {
      const r = measureLoudness([synthSine({ freq: 997, seconds: 5, sampleRate: sr })], sr);
      expect(Math.abs(r.integratedLufs! - -3.01)).toBeLessThan(0.05);
      expect(r.samplePeakDbfs!).toBeCloseTo(0, 3);
    }
  });

  for (const target of [-14, -23]) {
    it(`mono 1 kHz sine calibrated to ${target} LUFS measures within +-0.5 LU (44.1 and 48 kHz)`, () => {
      for (const sr of [44100, 48000]) {
        const x = synthSine({ freq: 1000, seconds: 10, sampleRate: sr, amplitude: monoAmpFor(target) });
        const got = measureLoudness([x], sr).integratedLufs!;
        expect(Math.abs(got - target)).toBeLessThan(0.5);
        expect(Math.abs(got - target)).toBeLessThan(0.05); // actual precision
      }
    });
  }

  it('stereo channels are summed with weight 1.0 (EBU Tech 3341 case 1: -23 dBFS stereo sine = -23 LUFS)', () => {
    const x = synthSine({ freq: 1000, seconds: 20, sampleRate: 48000, amplitude: dbToAmp(-23) });
    const r = measureLoudness([x, x], 48000);
    expect(Math.abs(r.integratedLufs! - -23)).toBeLessThan(0.1);
    const y = synthSine({ freq: 1000, seconds: 10, sampleRate: 44100, amplitude: dbToAmp(-14) });
    expect(Math.abs(measureLoudness([y, y], 44100).integratedLufs! - -14)).toBeLessThan(0.1);
  });

  it('K-weighting is sample-rate independent (10 kHz and 60 Hz tones read the same at 44.1/48/96 kHz)', () => {
    for (const freq of [60, 10000]) {
      const vals = [44100, 48000, 96000].map((sr) => measureLoudness([synthSine({ freq, seconds: 3, sampleRate: sr, amplitude: 0.5 })], sr).integratedLufs!);
      expect(Math.max(...vals) - Math.min(...vals)).toBeLessThan(0.05);
    }
    // And the shelf/high-pass actually act. K-weighting gain is ~+0.69 dB at 1 kHz (hence the -0.691
    // offset) and ~+4.0 dB at 10 kHz, so 10 kHz reads ~3.3 dB louder; 20 Hz is strongly cut.
    const at = (freq: number): number => measureLoudness([synthSine({ freq, seconds: 3, sampleRate: 48000, amplitude: 0.5 })], 48000).integratedLufs!;
    expect(at(10000) - at(1000)).toBeGreaterThan(3.1);
    expect(at(10000) - at(1000)).toBeLessThan(3.6);
    expect(at(20) - at(1000)).toBeLessThan(-10);
  });

  it('relative gate drops passages more than 10 LU below (and absolute gate drops silence)', () => {
    const sr = 48000;
    const loud = synthSine({ freq: 1000, seconds: 10, sampleRate: sr, amplitude: monoAmpFor(-20) });
    const quiet = synthSine({ freq: 1000, seconds: 10, sampleRate: sr, amplitude: monoAmpFor(-40) });
    const silence = new Float32Array(10 * sr);
    const r = measureLoudness([concat(loud, quiet, silence)], sr);
    expect(Math.abs(r.integratedLufs! - -20)).toBeLessThan(0.1);
    // Without gating the mean would be ~ -24.8 LUFS.
    expect(gatedLoudness([1e-9, 1e-9])).toBeNull(); // below -70 LUFS
  });

  it('loudness range per EBU Tech 3342 (cases 1 and 2: 20 s at -20 then -30 / -15 dBFS)', () => {
    const sr = 48000;
    const seg = (db: number): Float32Array => synthSine({ freq: 1000, seconds: 20, sampleRate: sr, amplitude: dbToAmp(db) });
    const a = concat(seg(-20), seg(-30));
    expect(Math.abs(measureLoudness([a, a], sr).loudnessRangeLu! - 10)).toBeLessThan(1);
    const b = concat(seg(-20), seg(-15));
    expect(Math.abs(measureLoudness([b, b], sr).loudnessRangeLu! - 5)).toBeLessThan(1);
  });

  it('the loudness curve follows the level once a second: a quiet verse, a loud hook, then silence', () => {
    const sr = 44100;
    const at = (lufs: number, seconds: number): Float32Array => synthSine({ freq: 1000, seconds, sampleRate: sr, amplitude: monoAmpFor(lufs) });
    const x = concat(at(-20, 10), at(-8, 10), new Float32Array(sr * 10));
    const curve = measureLoudness([x], sr).shortTermCurve;
    // 30 s of audio: a 3 s window starting at 0, 1, ... 27 s.
    expect(curve).toHaveLength(28);
    // Windows wholly inside one part read that part's level; those over a boundary read between.
    for (const i of [0, 3, 7]) expect(Math.abs(curve[i]! - -20)).toBeLessThan(0.2);
    for (const i of [10, 13, 17]) expect(Math.abs(curve[i]! - -8)).toBeLessThan(0.2);
    expect(curve[9]!).toBeGreaterThan(-20);
    expect(curve[9]!).toBeLessThan(-8);
    for (const i of [22, 24, 27]) expect(curve[i]).toBeNull();
    // Values are rounded to 0.1 LU, so the stored curve stays small.
    for (const v of curve) if (v !== null) expect(Math.round(v * 10) / 10).toBe(v);
  });

  it('silence and very short audio give nulls without throwing', () => {
    expect(measureLoudness([new Float32Array(48000 * 2)], 48000)).toEqual({
      integratedLufs: null, loudnessRangeLu: null, momentaryMaxLufs: null, shortTermMaxLufs: null, samplePeakDbfs: null,
      shortTermCurve: [],
    });
    expect(measureLoudness([new Float32Array(48000 * 5)], 48000).shortTermCurve).toEqual([null, null, null]);
    const tenMs = synthSine({ freq: 440, seconds: 0.01, sampleRate: 44100, amplitude: 0.5 });
    const r = measureLoudness([tenMs, tenMs], 44100);
    expect(r.integratedLufs).toBeNull();
    expect(r.samplePeakDbfs!).toBeGreaterThan(-6.1);
    expect(measureLoudness([new Float32Array(0)], 44100).integratedLufs).toBeNull();
  });

  it('K-weighting fed block by block (channels filtered in one loop) equals measureLoudness to the bit', () => {
    const rnd = seededRandom(9);
    const sr = 44100;
    const hop = loudnessHop(sr);
    for (const count of [1, 2, 3]) {
      const channels = Array.from({ length: count }, (_, c) =>
        concat(synthSine({ freq: 220 * (c + 1), seconds: 2, sampleRate: sr, amplitude: 0.3 }), synthSine({ freq: 3000, seconds: 3.3, sampleRate: sr, amplitude: 0.8 })),
      );
      const k = new KWeightedEnergy(sr, hop, count);
      const segments: number[] = [];
      const n = channels[0].length;
      for (let at = 0; at < n; ) {
        const end = Math.min(n, at + 1 + Math.floor(rnd() * 9000));
        k.feed(channels, at, end, (energy) => segments.push(energy));
        at = end;
      }
      let peak = 0;
      for (const c of channels) for (const v of c) peak = Math.max(peak, Math.abs(v));
      expect(loudnessFromSegments(Float64Array.from(segments), hop, peak)).toEqual(measureLoudness(channels, sr));
    }
  });
});
