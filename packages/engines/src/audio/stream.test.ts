import { describe, expect, it } from 'vitest';
import { decimate, monoAtRate, roundTo } from './dsp';
import { detectKey } from './key';
import { measureLoudness } from './loudness';
import { createAudioAnalyzer } from './stream';
import { A_MINOR_PROGRESSION, seededRandom, synthChordProgression, synthClickTrack } from './synth';
import { estimateTempo } from './tempo';
import { measureTruePeak } from './truePeak';
import { computeWaveform } from './waveform';

/** The whole-signal pipeline the analyzer replaced, measure by measure. */
function wholeSignal(channels: Float32Array[], sampleRate: number) {
  const mono22 = monoAtRate(channels, sampleRate, 22050);
  const tempo = estimateTempo(mono22.x, mono22.sampleRate);
  const keyFactor = Math.max(1, Math.round(mono22.sampleRate / 11025));
  const key = detectKey(decimate(mono22.x, keyFactor), mono22.sampleRate / keyFactor);
  const loud = measureLoudness(channels, sampleRate);
  const truePeak = measureTruePeak(channels);
  const r = (v: number | null, d: number) => (v === null ? null : roundTo(v, d));
  return {
    bpm: tempo.bpm,
    bpmConfidence: tempo.confidence,
    keyLabel: key.label,
    keyConfidence: key.confidence,
    lufs: r(loud.integratedLufs, 1),
    loudnessRangeLu: r(loud.loudnessRangeLu, 1),
    truePeakDbtp: r(truePeak, 2),
    samplePeakDbfs: r(loud.samplePeakDbfs, 2),
    durationSec: channels[0].length / sampleRate,
  };
}

/** Pushes the signal in blocks of random sizes (1 to maxBlock frames), twice with tempo 'second-pass'. */
function streamed(channels: Float32Array[], sampleRate: number, seed: number, maxBlock: number, totalFrames?: number, tempo?: 'keep' | 'second-pass') {
  const analyzer = createAudioAnalyzer(sampleRate, channels.length, { totalFrames, tempo });
  const rnd = seededRandom(seed);
  const n = channels[0].length;
  const pushAll = () => {
    for (let at = 0; at < n; ) {
      const end = Math.min(n, at + 1 + Math.floor(rnd() * maxBlock));
      analyzer.push(channels.map((c) => c.slice(at, end)));
      at = end;
    }
  };
  pushAll();
  if (tempo === 'second-pass') {
    analyzer.beginSecondPass();
    pushAll();
  }
  return analyzer.finish();
}

function song(seconds: number, sampleRate: number, stereo: boolean): Float32Array[] {
  const clicks = synthClickTrack({ bpm: 97, seconds, sampleRate });
  const chords = synthChordProgression({ chords: A_MINOR_PROGRESSION, secondsPerChord: 2, sampleRate, repeats: Math.ceil(seconds / 8) });
  const rnd = seededRandom(11);
  const l = new Float32Array(clicks.length);
  const r = new Float32Array(clicks.length);
  for (let i = 0; i < l.length; i++) {
    const noise = (rnd() - 0.5) * 0.02;
    // A quiet first half and a loud second half, so loudness gating and true-peak pruning both matter.
    const gain = i < l.length / 2 ? 0.3 : 1;
    l[i] = gain * (0.5 * clicks[i] + 0.45 * chords[i] + noise);
    r[i] = gain * (0.45 * clicks[i] + 0.5 * chords[i] - noise);
  }
  return stereo ? [l, r] : [l];
}

describe('streaming analyzer', () => {
  const cases: [string, Float32Array[], number][] = [
    ['stereo 44.1 kHz', song(12, 44100, true), 44100],
    ['mono 48 kHz', song(9, 48000, false), 48000],
    ['mono 22.05 kHz (no decimation for tempo)', song(9, 22050, false), 22050],
  ];
  for (const [name, channels, sampleRate] of cases) {
    it(`equals the whole-signal measures for ${name}, whatever the block sizes`, () => {
      const expected = wholeSignal(channels, sampleRate);
      for (const [seed, maxBlock] of [[1, 1000], [2, 70_000], [3, 4096]]) {
        const got = streamed(channels, sampleRate, seed, maxBlock);
        expect(got).toMatchObject(expected);
        expect(streamed(channels, sampleRate, seed, maxBlock, undefined, 'second-pass')).toEqual(got);
        expect(streamed(channels, sampleRate, seed, maxBlock, channels[0].length).waveform).toEqual(computeWaveform(channels));
      }
    });
  }

  it('without the total, the waveform differs from the exact one by bucket edges only', () => {
    const channels = song(20, 44100, true);
    const exact = computeWaveform(channels);
    const got = streamed(channels, 44100, 5, 50_000).waveform;
    expect(got).toHaveLength(800);
    const diffs = got.map((v, i) => Math.abs(v - exact[i]));
    expect(Math.max(...diffs)).toBeLessThan(0.1);
    expect(diffs.filter((d) => d > 0).length).toBeLessThan(80);
  });

  it('short, silent and empty input: exact waveform and nulls, as analyzeAudio gives', () => {
    const short = new Float32Array(441).map((_, i) => 0.5 * Math.sin(i / 5));
    const a = streamed([short], 44100, 4, 100);
    expect(a.waveform).toEqual(computeWaveform([short]));
    expect(a).toMatchObject(wholeSignal([short], 44100));
    expect(streamed([short], 44100, 4, 100, undefined, 'second-pass')).toEqual(a);
    const silence = new Float32Array(44100 * 4);
    expect(streamed([silence, silence], 44100, 6, 9000)).toMatchObject({ bpm: null, keyLabel: null, lufs: null, truePeakDbtp: null, samplePeakDbfs: null });
    const empty = createAudioAnalyzer(48000, 2).finish();
    expect(empty).toMatchObject({ durationSec: 0, bpm: null, lufs: null, truePeakDbtp: null, waveform: [] });
  });

  it('refuses a wrong channel count, pushes after finish and a total that does not match', () => {
    const a = createAudioAnalyzer(44100, 2);
    expect(() => a.push([new Float32Array(10)])).toThrow(TypeError);
    a.finish();
    expect(() => a.push([new Float32Array(10), new Float32Array(10)])).toThrow();
    const b = createAudioAnalyzer(44100, 1, { totalFrames: 100 });
    b.push([new Float32Array(50)]);
    expect(() => b.finish()).toThrow();
    expect(() => createAudioAnalyzer(0, 1)).toThrow(TypeError);
    const c = createAudioAnalyzer(44100, 1, { tempo: 'second-pass' });
    c.push([new Float32Array(100)]);
    expect(() => c.finish()).toThrow(/beginSecondPass/);
    c.beginSecondPass();
    c.push([new Float32Array(50)]);
    expect(() => c.finish()).toThrow(/second pass/);
    expect(() => createAudioAnalyzer(44100, 1).beginSecondPass()).toThrow();
  });
});
