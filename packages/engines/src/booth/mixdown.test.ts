import { describe, expect, it } from 'vitest';
import { measureIntegratedLoudness } from '../audio/loudness';
import { measureTruePeak } from '../audio/truePeak';
import { comp, deess, gate, mixdown, pass, resample } from './mixdown';

const SR = 44_100;
const tone = (freq: number, seconds: number, amp: number, sr = SR) => Float32Array.from({ length: Math.round(seconds * sr) }, (_, i) => amp * Math.sin((2 * Math.PI * freq * i) / sr));
const rms = (x: Float32Array, from = 0, to = x.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, to - from));
};

describe('Booth mixdown engine', () => {
  it('resamples a tone without moving or bending it', () => {
    const y = resample(tone(1000, 0.5, 0.5, 48_000), 48_000, SR);
    expect(y.length).toBe(Math.floor(0.5 * SR));
    const want = tone(1000, 0.5, 0.5);
    let err = 0;
    for (let i = 10; i < y.length - 10; i++) err = Math.max(err, Math.abs(y[i] - want[i]));
    expect(err).toBeLessThan(0.01);
  });

  it('comps by bar: the later take owns its bars, with a 10 ms crossfade centred on each edge', () => {
    const a = { samples: new Float32Array(5 * SR).fill(0.5), sampleRate: SR, startMs: 0 };
    const b = { samples: new Float32Array(4 * SR).fill(-0.5), sampleRate: SR, startMs: 0, fromBar: 2, toBar: 2 };
    // 120 BPM: bar 2 is 2 s – 4 s (frames 88 200 – 176 400).
    const out = comp([a, b], SR, 6 * SR, 120, 0);
    expect(out[2 * SR - 300]).toBe(0.5);
    expect(out[2 * SR]).toBeCloseTo(0, 1);
    expect(out[2 * SR + 300]).toBe(-0.5);
    expect(out[4 * SR - 300]).toBe(-0.5);
    expect(out[4 * SR + 300]).toBe(0.5);
    // After take A ends (5 s), nothing.
    expect(out[5.5 * SR]).toBe(0);
    // Reversed order: A, painted last over the whole of its length, wins everywhere.
    expect(comp([b, a], SR, 6 * SR, 120, 0)[3 * SR]).toBe(0.5);
  });

  it('high-passes rumble, gates hiss between phrases, de-esses 5–9 kHz and leaves the voice', () => {
    const rumble = tone(30, 1, 0.5);
    pass(rumble, SR, 'high', 80);
    pass(rumble, SR, 'high', 80);
    expect(rms(rumble, SR / 2)).toBeLessThan(0.5 / Math.SQRT2 / 30);

    const x = new Float32Array(SR);
    for (let i = 0; i < SR; i++) x[i] = i < SR / 2 ? 0.5 * Math.sin((2 * Math.PI * 200 * i) / SR) : 0.002 * Math.sin(i * 1.3);
    gate(x, SR, -30);
    // Shut (down 20 dB or more) once the phrase's tail, the 40 ms hold and the close have passed.
    expect(rms(x, Math.round(0.95 * SR))).toBeLessThan(0.002 / Math.SQRT2 / 10);
    expect(rms(x, 1000, SR / 2 - 1000)).toBeGreaterThan(0.3);

    const voice = tone(300, 1, 0.3);
    const ess = tone(7000, 1, 0.3);
    const both = Float32Array.from(voice, (v, i) => v + ess[i]);
    deess(both, SR, 8);
    const band = Float32Array.from(both);
    pass(band, SR, 'high', 5000);
    pass(band, SR, 'high', 5000);
    expect(rms(band, SR / 2)).toBeLessThan(0.3 / Math.SQRT2 / 2);
    const low = Float32Array.from(both);
    pass(low, SR, 'low', 1000);
    pass(low, SR, 'low', 1000);
    expect(rms(low, SR / 2)).toBeGreaterThan(0.3 / Math.SQRT2 * 0.8);
  });

  it('masters the mix to −14 LUFS under −1 dBTP at the backing’s length, and ducks the beat under the vocal', () => {
    const backing: [Float32Array, Float32Array] = [tone(110, 6, 0.3), tone(110, 6, 0.3)];
    const take = { samples: tone(440, 2, 0.4, 48_000), sampleRate: 48_000, startMs: 2000 };
    const vocal = { cleanup: true, presence: 5, evenness: 5, deess: 3, space: 0 };
    const ducked = mixdown({ backing, sampleRate: SR, bpm: 120, firstDownbeatMs: 0, takes: [take], vocal, beatDuckDb: 6 });
    expect(ducked.master[0].length).toBe(backing[0].length);
    expect(Math.abs(measureIntegratedLoudness(ducked.master, SR)! - -14)).toBeLessThan(0.5);
    expect(measureTruePeak(ducked.master)!).toBeLessThanOrEqual(-1);
    // The beat alone (the vocal's own band out): lower while the vocal sings than before it.
    const beatOnly = (x: Float32Array) => {
      const y = Float32Array.from(x);
      pass(y, SR, 'low', 200);
      pass(y, SR, 'low', 200);
      return y;
    };
    const bed = beatOnly(ducked.master[0]);
    const during = rms(bed, Math.round(2.5 * SR), Math.round(3.5 * SR));
    const before = rms(bed, Math.round(0.5 * SR), Math.round(1.5 * SR));
    const flat = beatOnly(mixdown({ backing, sampleRate: SR, bpm: 120, firstDownbeatMs: 0, takes: [take], vocal, beatDuckDb: 0 }).master[0]);
    const flatRatio = rms(flat, Math.round(2.5 * SR), Math.round(3.5 * SR)) / rms(flat, Math.round(0.5 * SR), Math.round(1.5 * SR));
    // 6 dB of ducking: the ratio falls by about half against the unducked mix.
    expect(during / before / flatRatio).toBeLessThan(0.6);
    expect(ducked.engine).toMatch(/mix engine/);
  });
});
