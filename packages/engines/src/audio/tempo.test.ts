import { describe, expect, it } from 'vitest';
import { analyzeAudio } from './analyze';
import { getFft, hann } from './dsp';
import { estimateTempo, OnsetFlux, onsetFraming, tempoPrior } from './tempo';
import { mix, seededRandom, synthChordProgression, synthClickTrack, synthSine, A_MINOR_PROGRESSION } from './synth';

describe('tempo (Ellis 2007 onset autocorrelation + comb refinement)', () => {
  it.each([110, 220, 440, 1000])('finds no tempo in a steady %d Hz tone (a 220 Hz sine once read as 140 BPM)', (freq) => {
    const tone = synthSine({ freq, seconds: 12, sampleRate: 22050, amplitude: 0.5 });
    expect(estimateTempo(tone, 22050)).toMatchObject({ bpm: null, confidence: 0 });
  });

  it('still hears a quiet beat under a loud steady tone', () => {
    const sr = 22050;
    const x = mix(synthClickTrack({ bpm: 100, seconds: 12, sampleRate: sr, amplitude: 0.2 }), synthSine({ freq: 220, seconds: 12, sampleRate: sr, amplitude: 0.7 }));
    const result = estimateTempo(x, sr);
    expect(result.bpm).toBeCloseTo(100, 0);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  for (const bpm of [90, 120, 140]) {
    it(`click track at ${bpm} BPM, stereo 44.1 kHz, within +-1 BPM (no octave error)`, () => {
      const x = synthClickTrack({ bpm, seconds: 20, sampleRate: 44100 });
      const r = analyzeAudio({ channels: [x, x], sampleRate: 44100 });
      expect(r.bpm).not.toBeNull();
      expect(Math.abs(r.bpm! - bpm)).toBeLessThanOrEqual(1);
      expect(r.bpmConfidence).toBeGreaterThan(0.5);
    });
  }

  it('handles 48 kHz, noise and non-integer tempi within +-0.5 BPM', () => {
    for (const bpm of [87.5, 133.3]) {
      const x = synthClickTrack({ bpm, seconds: 15, sampleRate: 48000 });
      const rnd = seededRandom(7);
      for (let i = 0; i < x.length; i++) x[i] += (rnd() - 0.5) * 0.2;
      const r = analyzeAudio({ channels: [x], sampleRate: 48000 });
      expect(Math.abs(r.bpm! - bpm)).toBeLessThanOrEqual(0.5);
    }
  });

  it('finds the beat under sustained chords', () => {
    const sr = 22050;
    const clicks = synthClickTrack({ bpm: 96, seconds: 16, sampleRate: sr });
    const chords = synthChordProgression({ chords: A_MINOR_PROGRESSION, secondsPerChord: 4, sampleRate: sr });
    const x = new Float32Array(clicks.length);
    for (let i = 0; i < x.length; i++) x[i] = 0.5 * clicks[i] + 0.5 * chords[i];
    expect(Math.abs(estimateTempo(x, sr).bpm! - 96)).toBeLessThanOrEqual(1);
  });

  it('returns null with zero confidence for silence, noise-free DC and too-short audio', () => {
    expect(estimateTempo(new Float32Array(22050 * 10), 22050)).toEqual({ bpm: null, confidence: 0 });
    expect(estimateTempo(new Float32Array(22050 * 10).fill(0.5), 22050)).toEqual({ bpm: null, confidence: 0 });
    const short = synthClickTrack({ bpm: 120, seconds: 2, sampleRate: 22050 });
    expect(estimateTempo(short, 22050).bpm).toBeNull();
  });

  it('prior favours 70-180 BPM', () => {
    expect(tempoPrior(120)).toBeCloseTo(1, 6);
    expect(tempoPrior(90)).toBeGreaterThan(tempoPrior(45) * 5);
    expect(tempoPrior(140)).toBeGreaterThan(tempoPrior(70));
    expect(tempoPrior(140)).toBeGreaterThan(tempoPrior(280) * 5);
  });

  it('the onset flux equals its definition (log1p of every bin, rises summed) to rounding', () => {
    const sr = 22050;
    const rnd = seededRandom(4);
    const x = mix(synthClickTrack({ bpm: 120, seconds: 4, sampleRate: sr }), synthChordProgression({ chords: A_MINOR_PROGRESSION, secondsPerChord: 1, sampleRate: sr }));
    for (let i = 0; i < x.length; i++) x[i] += (rnd() - 0.5) * 0.01;
    let peak = 0;
    for (const v of x) peak = Math.max(peak, Math.abs(v));
    const { nfft, hop } = onsetFraming(sr);
    const win = hann(nfft);
    const wsum = win.reduce((a, w) => a + w, 0);
    const spec = new Float64Array(2 * nfft);
    let prev = new Float64Array(nfft / 2);
    const flux = new OnsetFlux(sr, peak);
    for (let t = 0; t * hop + nfft <= x.length; t++) {
      const frame = Float64Array.from(x.subarray(t * hop, t * hop + nfft));
      const got = flux.next(Float64Array.from(frame));
      getFft(nfft).realTransform(spec, frame.map((v, i) => v * win[i]));
      const cur = new Float64Array(nfft / 2);
      let rises = 0;
      for (let k = 1; k < nfft / 2; k++) {
        cur[k] = Math.log1p(((1000 * 2) / (wsum * peak)) * Math.hypot(spec[2 * k], spec[2 * k + 1]));
        rises += Math.max(0, cur[k] - prev[k]);
      }
      prev = cur;
      const want = t === 0 ? 0 : rises / (nfft / 2 - 1);
      expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12 * want);
    }
  });
});
