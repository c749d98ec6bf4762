import { describe, expect, it } from 'vitest';
import { BEAT_STYLES, composeBeat, planBeat } from '../beats';
import { filterCoeffs, stereo } from './instruments';
import { cascade, compress, delaySend, duck, eq, reverbSend, type Biquad } from './production';

const sr = 44100;
const rms = (x: Float32Array, from = 0, to = x.length) => {
  let e = 0;
  for (let i = from; i < to; i++) e += x[i] * x[i];
  return Math.sqrt(e / Math.max(1, to - from));
};
const tone = (seconds: number, hz: number, amp = 0.5) => {
  const s = stereo(Math.round(seconds * sr));
  for (let i = 0; i < s.l.length; i++) s.l[i] = s.r[i] = amp * Math.sin((2 * Math.PI * hz * i) / sr);
  return s;
};

describe('the production chain', () => {
  it('ducks the bass under each kick and lets it back', () => {
    const s = tone(1, 55);
    duck(s, sr, [sr / 2], 6, 0.12);
    const before = rms(s.l, sr / 4, sr / 4 + 2000);
    const under = rms(s.l, sr / 2, sr / 2 + 1000);
    const after = rms(s.l, sr / 2 + 0.2 * sr, sr / 2 + 0.2 * sr + 2000);
    expect(20 * Math.log10(under / before)).toBeLessThan(-4);
    expect(after / before).toBeCloseTo(1, 2);
  });

  it('compresses a loud passage more than a quiet one', () => {
    const s = tone(1, 220, 0.05);
    for (let i = sr / 2; i < sr; i++) { s.l[i] *= 16; s.r[i] *= 16; }
    compress(s, sr, { thresholdDb: -20, ratio: 4, attack: 0.005, release: 0.05 });
    const ratio = rms(s.l, Math.round(0.7 * sr), sr) / rms(s.l, Math.round(0.1 * sr), Math.round(0.4 * sr));
    // 24 dB apart before; well under that after.
    expect(20 * Math.log10(ratio)).toBeLessThan(12);
  });

  it('EQ shelves lift and cut where asked', () => {
    const low = tone(0.5, 60), high = tone(0.5, 10000);
    eq(low, sr, [{ type: 'lowshelf', f: 120, gainDb: 6 }]);
    eq(high, sr, [{ type: 'lowshelf', f: 120, gainDb: 6 }]);
    expect(20 * Math.log10(rms(low.l, 4000) / (0.5 / Math.SQRT2))).toBeCloseTo(6, 0);
    expect(20 * Math.log10(rms(high.l, 4000) / (0.5 / Math.SQRT2))).toBeCloseTo(0, 0);
  });

  it('reverb and delay sends ring on after the sound stops, inside the same part', () => {
    for (const send of [(s: ReturnType<typeof stereo>) => reverbSend(s, sr, { send: 0.5 }), (s: ReturnType<typeof stereo>) => delaySend(s, sr, { time: 0.25, feedback: 0.4, send: 0.5 })]) {
      const s = stereo(sr);
      for (let i = 0; i < 2000; i++) s.l[i] = s.r[i] = Math.sin(i / 5) * (1 - i / 2000);
      send(s);
      // The ping-pong delay answers left then right: both channels together.
      expect(rms(s.l, Math.round(0.3 * sr), Math.round(0.8 * sr)) + rms(s.r, Math.round(0.3 * sr), Math.round(0.8 * sr))).toBeGreaterThan(1e-3);
    }
  });
});

/** One biquad over the whole signal, as the engine ran each stage before it ran them a block at a time (ADR 061). */
function biquadAlone(x: Float32Array, { b0, b1, b2, a1, a2 }: Biquad): void {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i];
    const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x0; y2 = y1; y1 = y0;
    x[i] = y0;
  }
}

/** The plate as written before its combs and all-passes shared passes (ADR 061): the reference for reverbSend's arithmetic. */
function reverbOnePassEach(s: { l: Float32Array; r: Float32Array }, send: number, size: number, damp: number): void {
  const n = s.l.length, half = Math.ceil(n / 2), rate = sr / 2, scale = rate / 44100, room = 0.7 + 0.28 * size, g = send * 0.12;
  const input = new Float32Array(half);
  for (let j = 0; j < half; j++) { const i = 2 * j; input[j] = (s.l[i] + s.r[i] + (i + 1 < n ? s.l[i + 1] + s.r[i + 1] : 0)) * 0.25 * g; }
  const combs = new Float32Array(half);
  for (const base of [1116, 1188, 1277, 1356]) {
    const len = Math.max(1, Math.round(base * scale)), line = new Float32Array(len);
    let p = 0, store = 0;
    for (let i = 0; i < half; i++) { const y = line[p]; store = y * (1 - damp) + store * damp; line[p] = input[i] + store * room; combs[i] += y; p = p + 1 === len ? 0 : p + 1; }
  }
  const hp = Math.exp((-2 * Math.PI * 250) / rate);
  const wet = [new Float32Array(half), new Float32Array(half)];
  for (let ch = 0; ch < 2; ch++) {
    const out = wet[ch];
    out.set(combs);
    for (const base of [556, 441]) {
      const len = Math.max(1, Math.round((base + ch * 23) * scale)), line = new Float32Array(len);
      let p = 0;
      for (let i = 0; i < half; i++) { const b = line[p], x = out[i]; line[p] = x + b * 0.5; out[i] = b - x; p = p + 1 === len ? 0 : p + 1; }
    }
    let prevX = 0, prevY = 0;
    for (let i = 0; i < half; i++) { const y = hp * (prevY + out[i] - prevX); prevX = out[i]; out[i] = prevY = y; }
  }
  const [a, b] = wet;
  for (let i = 0; i < n; i++) {
    const j = i >> 1, k = j + 1 < half ? j + 1 : j, t = (i & 1) * 0.5;
    const x = a[j] + (a[k] - a[j]) * t, y = b[j] + (b[k] - b[j]) * t;
    s.l[i] += x;
    s.r[i] += y;
  }
}

/** Noise bursts with digital silence between them, longer than a block: where a filter rings out. */
function burstsAndSilence(seconds: number): Float32Array {
  const x = new Float32Array(Math.round(seconds * sr));
  let seed = 7;
  for (let i = 0; i < x.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    if (i % sr < 0.2 * sr) x[i] = (seed / 2 ** 32 - 0.5) * 0.8;
  }
  return x;
}

describe('the production chain, as quick as it can be (ADR 061)', () => {
  it('a cascade gives the samples of its biquads run one after another, and their peak', () => {
    const stages = [filterCoeffs('highpass', sr, 150, 0.7), filterCoeffs('lowpass', sr, 4000, 0.7), filterCoeffs('bandpass', sr, 1000, 0.3)];
    const x = burstsAndSilence(3.3);
    const reference = x.slice();
    for (const c of stages) biquadAlone(reference, c);
    const peak = cascade(x, stages);
    let worst = 0, refPeak = 0;
    for (let i = 0; i < x.length; i++) { worst = Math.max(worst, Math.abs(x[i] - reference[i])); refPeak = Math.max(refPeak, Math.abs(reference[i])); }
    // Equal but where a ringing-out state under -400 dB is set to zero (never a sample a WAV can hold).
    expect(worst).toBeLessThan(1e-15);
    expect(peak).toBe(refPeak);
    expect(refPeak).toBeGreaterThan(0.05);
  });

  it('the plate gives the same samples as its combs and all-passes run one pass each', () => {
    const s = stereo(Math.round(2.5 * sr));
    s.l.set(burstsAndSilence(2.5));
    for (let i = 0; i < s.r.length; i++) s.r[i] = 0.7 * s.l[(i + 300) % s.l.length];
    const reference = { l: s.l.slice(), r: s.r.slice() };
    reverbSend(s, sr, { send: 0.4, size: 0.6, damp: 0.45 });
    reverbOnePassEach(reference, 0.4, 0.6, 0.45);
    expect(Buffer.from(s.l.buffer).equals(Buffer.from(reference.l.buffer))).toBe(true);
    expect(Buffer.from(s.r.buffer).equals(Buffer.from(reference.r.buffer))).toBe(true);
  });

  it('ducking gives back the peak of what it leaves, which the bus compressor sets its threshold from', () => {
    const s = tone(1, 55);
    const peak = duck(s, sr, [sr / 4, (3 * sr) / 4], 6, 0.12);
    let m = 0;
    for (let i = 0; i < s.l.length; i++) m = Math.max(m, Math.abs(s.l[i]), Math.abs(s.r[i]));
    expect(peak).toBe(m);
  });
});

describe('production in the score', () => {
  it.each(BEAT_STYLES)('%s: a counter-melody in the verses, a crash on section downbeats, a drop before each hook', (style) => {
    const plan = planBeat({ style, description: '60 seconds', seed: 4 });
    const score = composeBeat(plan);
    const barSec = 240 / plan.bpm;
    const verse = plan.sections.find((s) => s.name === 'verse')!;
    const counter = score.notes.filter((n) => n.part === 'counter');
    expect(counter.some((n) => n.time >= verse.startBar * barSec && n.time < (verse.startBar + verse.bars) * barSec)).toBe(true);
    for (const s of plan.sections.filter((x) => (x.name === 'verse' || x.name === 'hook') && x.startBar > 0)) {
      expect(score.drums.some((h) => h.part === 'crash' && Math.abs(h.time - s.startBar * barSec) < 0.01)).toBe(true);
    }
    for (const hook of plan.sections.filter((s) => s.name === 'hook')) {
      // The kick stops for the last two beats before the hook lands.
      const from = (hook.startBar - 0.5) * barSec, to = hook.startBar * barSec - 0.01;
      expect(score.drums.filter((h) => h.part === 'kick' && h.time >= from && h.time < to)).toEqual([]);
    }
    // Humanised velocities: repeated hits are not all the same.
    const hats = new Set(score.drums.filter((h) => h.part === 'hat').map((h) => h.velocity.toFixed(3)));
    expect(hats.size).toBeGreaterThan(8);
  });
});
