import { describe, expect, it } from 'vitest';
import { BEAT_STYLES, composeBeat, planBeat } from '../beats';
import { stereo } from './instruments';
import { compress, delaySend, duck, eq, reverbSend } from './production';

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
