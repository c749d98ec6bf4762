import { describe, expect, it } from 'vitest';
import { analyzeAudio, onsetStrength, mixToMono } from '../audio';
import { generateBeat, planBeat, readBeatDescription, STYLE_CONVENTIONS, BEAT_STYLES, TARGET_LUFS, arrange } from '../beats';

describe('reading a beat description', () => {
  it('reads tempo, key, mood, instruments and length', () => {
    const r = readBeatDescription('Dark trap at 142 bpm in F# minor with 808s and piano, 1:30');
    expect(r.bpm).toBe(142);
    expect(r.tonic).toBe(6);
    expect(r.mode).toBe('minor');
    expect(r.mood).toBe('dark');
    expect(r.instruments).toEqual(['808', 'piano']);
    expect(r.lengthSec).toBe(90);
    expect(readBeatDescription('chill beat, 2 minutes, key of Bb').lengthSec).toBe(120);
    expect(readBeatDescription('chill beat, key of Bb').tonic).toBe(10);
    expect(readBeatDescription('happy 45 seconds').mood).toBe('happy');
    expect(readBeatDescription('something').bpm).toBeUndefined();
  });

  it('keeps each style in its tempo range and picks the mode from the mood', () => {
    for (const style of BEAT_STYLES) {
      for (let seed = 1; seed <= 20; seed++) {
        const plan = planBeat({ style, description: 'a beat', seed });
        expect(plan.bpm).toBeGreaterThanOrEqual(STYLE_CONVENTIONS[style].bpm.min);
        expect(plan.bpm).toBeLessThanOrEqual(STYLE_CONVENTIONS[style].bpm.max);
        expect(plan.lengthSec).toBeGreaterThanOrEqual(60);
        expect(plan.lengthSec).toBeLessThanOrEqual(120);
        expect(plan.sections.map((s) => s.name)).toEqual(['intro', 'verse', 'hook', 'verse', 'hook', 'outro']);
      }
    }
    expect(planBeat({ style: 'pop', description: 'dark and moody', seed: 1 }).mode).toBe('minor');
    expect(planBeat({ style: 'rap', description: 'happy sunny vibe', seed: 1 }).mode).toBe('major');
    expect(planBeat({ style: 'trap', description: 'x', seed: 1 }).bass).toBe('808');
  });

  it('arranges every bar into sections', () => {
    for (const bars of [1, 5, 12, 23, 40, 53]) {
      const sections = arrange(bars);
      expect(sections.reduce((a, s) => a + s.bars, 0)).toBe(bars);
    }
  });
});

describe('rendered beats', () => {
  const seconds = 30;
  const beats = BEAT_STYLES.map((style) => generateBeat({ style, description: `${seconds} seconds`, seed: 11 }));
  const analyses = beats.map((b) => analyzeAudio({ channels: b.channels, sampleRate: b.sampleRate }));

  it('is 44.1 kHz stereo of the requested length', () => {
    for (const b of beats) {
      expect(b.sampleRate).toBe(44100);
      expect(b.channels).toHaveLength(2);
      expect(b.channels[0].length).toBe(seconds * 44100);
    }
  });

  it.each(BEAT_STYLES.map((s, i) => [s, i] as const))('%s: the analyser hears the planned tempo and key, at the loudness target', (_style, i) => {
    const { plan } = beats[i];
    const a = analyses[i];
    expect(Math.abs((a.bpm ?? 0) - plan.bpm)).toBeLessThanOrEqual(2);
    expect(a.keyLabel).toBe(plan.key);
    expect(Math.abs((a.lufs ?? -99) - TARGET_LUFS)).toBeLessThanOrEqual(1.5);
    expect(a.truePeakDbtp!).toBeLessThan(-1);
  });

  it('asks for a tempo and key and gets them, for most seeds', () => {
    let tempo = 0, key = 0;
    const seeds = [3, 4, 5, 6];
    for (const seed of seeds) {
      const b = generateBeat({ style: 'trap', description: 'dark 144 bpm in G minor, 20 seconds', seed });
      const a = analyzeAudio({ channels: b.channels, sampleRate: b.sampleRate });
      expect(b.plan.bpm).toBe(144);
      expect(b.plan.key).toBe('G minor');
      if (Math.abs((a.bpm ?? 0) - 144) <= 2) tempo++;
      if (a.keyLabel === 'G minor') key++;
    }
    expect(tempo).toBe(seeds.length);
    expect(key).toBeGreaterThanOrEqual(3);
  });

  it('styles differ measurably: onset density and spectral balance', () => {
    const density = beats.map((b) => {
      const mono = mixToMono(b.channels);
      const { env } = onsetStrength(mono, b.sampleRate);
      let mean = 0;
      for (const v of env) mean += v;
      mean /= env.length;
      let peaks = 0;
      for (let i = 1; i < env.length - 1; i++) if (env[i] > 2 * mean && env[i] >= env[i - 1] && env[i] > env[i + 1]) peaks++;
      return peaks / seconds;
    });
    const brightness = beats.map((b) => {
      // Share of energy above ~2 kHz (first difference as a crude high-pass).
      const x = b.channels[0];
      let hi = 0, all = 0;
      for (let i = 1; i < x.length; i++) { const d = x[i] - x[i - 1]; hi += d * d; all += x[i] * x[i]; }
      return hi / all;
    });
    const [rap, trap, , , lofi] = [0, 1, 2, 3, 4];
    // Trap's rolling hats start more often than boom-bap's 8ths; lo-fi's keys are low-passed.
    expect(density[trap]).toBeGreaterThan(density[rap]);
    expect(brightness[lofi]).toBeLessThan(brightness[trap]);
    const pairs = new Set(beats.map((b) => `${b.plan.bpm}-${b.plan.bass}-${b.plan.keys}`));
    expect(pairs.size).toBe(beats.length);
  });

  it('the same seed gives the same audio; another seed another beat', () => {
    const again = generateBeat({ style: 'lofi', description: `${seconds} seconds`, seed: 11 });
    expect(Buffer.from(again.channels[0].buffer).equals(Buffer.from(beats[4].channels[0].buffer))).toBe(true);
    const other = generateBeat({ style: 'lofi', description: `${seconds} seconds`, seed: 12 });
    expect(Buffer.from(other.channels[0].buffer).equals(Buffer.from(beats[4].channels[0].buffer))).toBe(false);
  });

  it('stems add up to the master', () => {
    const b = generateBeat({ style: 'rap', description: '12 seconds', seed: 5 }, { stems: true });
    let residual = 0, energy = 0;
    for (let c = 0; c < 2; c++) {
      const m = b.channels[c];
      for (let i = 0; i < m.length; i++) {
        const sum = b.stems!.drums[c][i] + b.stems!.bass[c][i] + b.stems!.chords[c][i] + b.stems!.melody[c][i];
        residual += (sum - m[i]) ** 2;
        energy += m[i] ** 2;
      }
    }
    expect(10 * Math.log10(residual / energy)).toBeLessThan(-60);
  });
});
