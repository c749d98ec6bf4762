import { describe, expect, it } from 'vitest';
import { analyzeAudio } from './analyze';
import { measureDuration } from './duration';
import { measureLoudness } from './loudness';
import { A_MINOR_PROGRESSION, seededRandom, synthChordProgression, synthClickTrack } from './synth';

function beat(seconds: number, sr: number): Float32Array[] {
  const clicks = synthClickTrack({ bpm: 93, seconds, sampleRate: sr });
  const chords = synthChordProgression({ chords: A_MINOR_PROGRESSION, secondsPerChord: 2.5, sampleRate: sr, repeats: Math.ceil(seconds / 10) });
  const rnd = seededRandom(3);
  const l = new Float32Array(clicks.length), r = new Float32Array(clicks.length);
  for (let i = 0; i < l.length; i++) {
    const noise = (rnd() - 0.5) * 0.02;
    l[i] = 0.5 * clicks[i] + 0.45 * chords[i] + noise;
    r[i] = 0.5 * clicks[i] + 0.4 * chords[i] - noise;
  }
  return [l, r];
}

describe('analyzeAudio', () => {
  it('analyses a stereo beat: tempo, key, loudness, peaks, waveform, progress', () => {
    const sr = 44100;
    const channels = beat(20, sr);
    const progress: number[] = [];
    const r = analyzeAudio({ channels, sampleRate: sr }, (f) => progress.push(f));
    expect(r.engine).toBe('built-in analyzer v1');
    expect(r.durationSec).toBe(20);
    expect(Math.abs(r.bpm! - 93)).toBeLessThanOrEqual(1);
    expect(r.keyLabel).toBe('A minor');
    const ref = measureLoudness(channels, sr);
    expect(r.lufs).toBeCloseTo(ref.integratedLufs!, 1);
    expect(r.lufs!).toBeGreaterThan(-30);
    expect(r.lufs!).toBeLessThan(-5);
    expect(r.loudnessRangeLu).not.toBeNull();
    expect(r.truePeakDbtp!).toBeGreaterThanOrEqual(r.samplePeakDbfs!);
    expect(r.samplePeakDbfs!).toBeLessThanOrEqual(0);
    expect(r.waveform).toHaveLength(800);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r); // no NaN / Infinity
  });

  it('silence does not throw and yields nulls', () => {
    const z = new Float32Array(44100 * 5);
    const r = analyzeAudio({ channels: [z, z], sampleRate: 44100 });
    expect(r).toMatchObject({
      durationSec: 5, bpm: null, bpmConfidence: 0, key: null, mode: null, keyLabel: null, keyConfidence: 0,
      lufs: null, loudnessRangeLu: null, truePeakDbtp: null, samplePeakDbfs: null,
    });
    expect(r.waveform).toHaveLength(800);
    expect(r.waveform.every((v) => v === 0)).toBe(true);
    expect(r.loudnessCurve).toEqual([null, null, null]);
  });

  it('10 ms and empty inputs do not throw', () => {
    const tenMs = new Float32Array(441);
    for (let i = 0; i < tenMs.length; i++) tenMs[i] = 0.5 * Math.sin(i / 5);
    const r = analyzeAudio({ channels: [tenMs], sampleRate: 44100 });
    expect(r.durationSec).toBeCloseTo(0.01, 9);
    expect(r.bpm).toBeNull();
    expect(r.lufs).toBeNull();
    expect(r.samplePeakDbfs!).toBeGreaterThan(-7);
    expect(r.waveform).toHaveLength(441);
    const e = analyzeAudio({ channels: [new Float32Array(0), new Float32Array(0)], sampleRate: 48000 });
    expect(e).toMatchObject({ durationSec: 0, bpm: null, lufs: null, truePeakDbtp: null, waveform: [] });
  });

  it('rejects malformed input with TypeError', () => {
    expect(() => analyzeAudio({ channels: [], sampleRate: 44100 })).toThrow(TypeError);
    expect(() => analyzeAudio({ channels: [new Float32Array(10)], sampleRate: 0 })).toThrow(TypeError);
  });

  // Speed is measured by bench/engines.bench.ts (3-minute song), not asserted here.
  it('analyses 60 s of 44.1 kHz stereo and keeps the tempo', () => {
    const r = analyzeAudio({ channels: beat(60, 44100), sampleRate: 44100 });
    expect(Math.abs(r.bpm! - 93)).toBeLessThanOrEqual(1);
    expect(r.durationSec).toBeCloseTo(60, 2);
  });

  it('measureDuration is exact (samples / rate, shortest channel)', () => {
    expect(measureDuration([new Float32Array(88200)], 44100)).toBe(2);
    expect(measureDuration([new Float32Array(48000), new Float32Array(24000)], 48000)).toBe(0.5);
    expect(measureDuration(1, 8000)).toBe(1 / 8000);
    expect(() => measureDuration(10, 0)).toThrow(RangeError);
  });
});
