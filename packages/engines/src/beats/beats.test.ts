import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio, onsetStrength, mixToMono } from '../audio';
import { createRequire } from 'node:module';
import { generateBeat, planBeat, readBeatDescription, STYLE_CONVENTIONS, BEAT_STYLES, TARGET_LUFS, arrange, composeBeat, beatToMidi, GM_DRUMS, MIDI_PPQ, wavChunks, STEM_NAMES, type RenderedBeat } from '../beats';

const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as typeof import('@tonejs/midi');

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
  const seconds = 20;
  let beats: RenderedBeat[] = [];
  let analyses: ReturnType<typeof analyzeAudio>[] = [];
  beforeAll(async () => {
    beats = await Promise.all(BEAT_STYLES.map((style) => generateBeat({ style, description: `${seconds} seconds`, seed: 11 })));
    analyses = beats.map((b) => analyzeAudio({ channels: b.channels, sampleRate: b.sampleRate }));
  }, 180_000);

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
    expect(Math.abs((a.bpm ?? 0) - plan.bpm)).toBeLessThanOrEqual(1);
    expect(a.keyLabel).toBe(plan.key);
    expect(Math.abs((a.lufs ?? -99) - TARGET_LUFS)).toBeLessThanOrEqual(1.5);
    expect(a.truePeakDbtp!).toBeLessThan(-1);
  });

  it('asks for a tempo and key and gets them, for most seeds', { timeout: 180_000 }, async () => {
    let tempo = 0, key = 0;
    const seeds = [3, 4, 5, 6];
    for (const seed of seeds) {
      const b = await generateBeat({ style: 'trap', description: 'dark 144 bpm in G minor, 12 seconds', seed });
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

  it('the same seed gives the same audio; another seed another beat', async () => {
    // The shortest beat the engine makes: determinism needs no length (the 20 s lo-fi above is the same code path).
    const short = { style: 'lofi' as const, description: '10 seconds' };
    const first = await generateBeat({ ...short, seed: 11 });
    const again = await generateBeat({ ...short, seed: 11 });
    expect(Buffer.from(again.channels[0].buffer).equals(Buffer.from(first.channels[0].buffer))).toBe(true);
    expect(Buffer.from(again.channels[1].buffer).equals(Buffer.from(first.channels[1].buffer))).toBe(true);
    const other = await generateBeat({ ...short, seed: 12 });
    expect(Buffer.from(other.channels[0].buffer).equals(Buffer.from(first.channels[0].buffer))).toBe(false);
  });

  it('stems add up to the master', async () => {
    const b = await generateBeat({ style: 'rap', description: '12 seconds', seed: 5 }, { stems: true });
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

  it('streamed stems (the beat job, ADR 061) are the same samples as stems made at once, gain applied piece by piece', async () => {
    const request = { style: 'rnb' as const, description: '12 seconds', seed: 8 };
    const whole = await generateBeat(request, { stems: true });
    const streamed = await generateBeat(request, { stems: 'streamed' });
    expect(streamed.stems).toBeUndefined();
    expect(Buffer.from(streamed.channels[0].buffer).equals(Buffer.from(whole.channels[0].buffer))).toBe(true);
    for (const name of STEM_NAMES) {
      const pieces = [...streamed.streamStem!(name, 10_000)];
      // The last 1.5 s fade and the master gain reach every piece, up to the last frame.
      expect(pieces.length).toBe(Math.ceil(whole.channels[0].length / 10_000));
      for (let c = 0; c < 2; c++) {
        const joined = new Float32Array(whole.channels[0].length);
        let at = 0;
        for (const piece of pieces) { joined.set(piece[c], at); at += piece[c].length; }
        expect(Buffer.from(joined.buffer).equals(Buffer.from(whole.stems![name][c].buffer))).toBe(true);
      }
    }
    expect(() => [...streamed.streamStem!('drums')]).toThrow(/streamed already/);
  });
});

describe('variations and extensions', () => {
  const request = { style: 'trap' as const, description: 'dark 140 bpm in G minor, 20 seconds', seed: 21 };
  const original = planBeat(request);
  const score = composeBeat(original);

  it('a variation keeps tempo, key, progression and chords, and changes the drums and melody', () => {
    const plan = planBeat({ ...request, variation: 7 });
    expect(plan).toEqual(original);
    const varied = composeBeat(plan, 7);
    const chords = (s: typeof score) => s.notes.filter((n) => n.part === 'chords');
    const lead = (s: typeof score) => s.notes.filter((n) => n.part === 'lead');
    expect(chords(varied)).toEqual(chords(score));
    expect(varied.drums).not.toEqual(score.drums);
    expect(lead(varied)).not.toEqual(lead(score));
    expect(composeBeat(plan, 7)).toEqual(varied);
  });

  it('extending adds a verse and a hook before the outro and keeps everything before it', async () => {
    const plan = planBeat({ ...request, extensions: 1 });
    const names = plan.sections.map((s) => s.name);
    expect(names).toEqual(['intro', 'verse', 'hook', 'verse', 'hook', 'verse', 'hook', 'outro']);
    const verse = original.sections.find((s) => s.name === 'verse')!.bars;
    const hook = original.sections.find((s) => s.name === 'hook')!.bars;
    expect(plan.bars).toBe(original.bars + verse + hook);
    expect(plan.lengthSec).toBeCloseTo(original.lengthSec + ((verse + hook) * 240) / 140, 2);
    expect(plan.sections.slice(0, 5)).toEqual(original.sections.slice(0, 5));
    expect({ ...plan, sections: [], bars: 0, lengthSec: 0 }).toEqual({ ...original, sections: [], bars: 0, lengthSec: 0 });
    for (let i = 1; i < plan.sections.length; i++) expect(plan.sections[i].startBar).toBe(plan.sections[i - 1].startBar + plan.sections[i - 1].bars);
    const beat = await generateBeat({ ...request, extensions: 1 });
    expect(beat.channels[0].length).toBe(Math.round(plan.lengthSec * 44100));
  });
});

describe('MIDI and WAV files', () => {
  it('writes every part of the score as MIDI at the beat’s tempo', () => {
    const plan = planBeat({ style: 'rap', description: '92 bpm in A minor, 16 seconds', seed: 4 });
    const score = composeBeat(plan);
    const bytes = beatToMidi(plan, score, 'Test Beat');
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('MThd');
    // The tempo as a set-tempo meta event (FF 51 03, microseconds per quarter note).
    const at = Buffer.from(bytes).indexOf(Buffer.from([0xff, 0x51, 0x03]));
    expect(at).toBeGreaterThan(0);
    expect(Math.abs(((bytes[at + 3] << 16) | (bytes[at + 4] << 8) | bytes[at + 5]) - 60_000_000 / 92)).toBeLessThan(1);
    const midi = new Midi(bytes);
    expect(midi.header.tempos[0].bpm).toBeCloseTo(92, 3);
    expect(midi.header.ppq).toBe(MIDI_PPQ);
    const named = Object.fromEntries(midi.tracks.filter((t) => t.notes.length > 0).map((t) => [t.name, t]));
    expect(Object.keys(named).sort()).toEqual(['Bass', 'Chords', 'Counter-melody', 'Drums', 'Melody']);
    expect(named.Drums.channel).toBe(9);
    const kicks = score.drums.filter((h) => h.part === 'kick');
    const midiKicks = named.Drums.notes.filter((n) => n.midi === GM_DRUMS.kick);
    expect(midiKicks).toHaveLength(kicks.length);
    kicks.forEach((k, i) => expect(Math.abs(midiKicks[i].time - k.time)).toBeLessThan(0.002));
    const lead = score.notes.filter((n) => n.part === 'lead');
    expect(named.Melody.notes.map((n) => n.midi)).toEqual(lead.map((n) => n.midi));
  });

  it('writes 16-bit stereo WAV', () => {
    const l = Float32Array.from([0, 0.5, -0.5, 1.2, -1.2]);
    const r = Float32Array.from([1, -1, 0.25, 0, 0]);
    const bytes = Buffer.concat([...wavChunks(l, r, 44100, 2)]);
    expect(bytes.length).toBe(44 + 5 * 4);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.readUInt32LE(40)).toBe(20);
    const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.length));
    expect([...samples]).toEqual([0, 32767, 16384, -32767, -16384, 8192, 32767, 0, -32768, 0]);
  });
});
