import { describe, expect, it } from 'vitest';
import { analyzeAudio } from './analyze';
import { AS_MINOR, detectKey, keyFromChroma, PITCH_CLASSES, scoreKeys } from './key';
import { A_MINOR_PROGRESSION, C_MAJOR_PROGRESSION, synthChordProgression } from './synth';

const transpose = (prog: number[][], s: number): number[][] => prog.map((c) => c.map((n) => n + s));

describe('key (Krumhansl-Schmuckler with Albrecht-Shanahan profiles, and the triads heard)', () => {
  it('Am - Dm - Em - Am is A minor (full pipeline, 44.1 kHz stereo)', () => {
    const x = synthChordProgression({ chords: A_MINOR_PROGRESSION, secondsPerChord: 2, sampleRate: 44100 });
    const r = analyzeAudio({ channels: [x, x], sampleRate: 44100 });
    expect(r.keyLabel).toBe('A minor');
    expect([r.key, r.mode]).toEqual(['A', 'minor']);
    expect(r.keyConfidence).toBeGreaterThan(0.5);
  });

  it('C - F - G - C is C major (full pipeline, 48 kHz)', () => {
    const x = synthChordProgression({ chords: C_MAJOR_PROGRESSION, secondsPerChord: 2, sampleRate: 48000 });
    const r = analyzeAudio({ channels: [x], sampleRate: 48000 });
    expect(r.keyLabel).toBe('C major');
    expect(r.keyConfidence).toBeGreaterThan(0.5);
  });

  it('follows all 12 transpositions of both progressions', () => {
    for (let s = -5; s <= 6; s++) {
      const tonicMinor = PITCH_CLASSES[(9 + s + 12) % 12];
      const tonicMajor = PITCH_CLASSES[(0 + s + 12) % 12];
      const minor = synthChordProgression({ chords: transpose(A_MINOR_PROGRESSION, s), secondsPerChord: 1.5, sampleRate: 11025 });
      const major = synthChordProgression({ chords: transpose(C_MAJOR_PROGRESSION, s), secondsPerChord: 1.5, sampleRate: 11025 });
      expect(detectKey(minor, 11025).label).toBe(`${tonicMinor} minor`);
      expect(detectKey(major, 11025).label).toBe(`${tonicMajor} major`);
    }
  });

  it('scores the exact key profile as a perfect correlation', () => {
    // The minor profile rotated so its tonic lands on E (pitch class 4).
    const chroma = AS_MINOR.map((_, i) => AS_MINOR[(i - 4 + 12) % 12]);
    const [best] = scoreKeys(chroma);
    expect(best).toMatchObject({ key: 'E', mode: 'minor' });
    expect(best.r).toBeCloseTo(1, 9);
  });

  it('returns nulls for silence and flat chroma', () => {
    expect(detectKey(new Float32Array(11025 * 3), 11025)).toEqual({ key: null, mode: null, label: null, confidence: 0 });
    expect(keyFromChroma(new Array(12).fill(1))).toEqual({ key: null, mode: null, label: null, confidence: 0 });
    expect(keyFromChroma(null).label).toBeNull();
  });
});
