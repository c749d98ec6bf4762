import { describe, expect, it } from 'vitest';
import { decimate, monoAtRate, roundTo } from './dsp';
import { detectKey } from './key';
import { measureLoudness } from './loudness';
import { createAudioAnalyzer } from './stream';
import { A_MINOR_PROGRESSION, seededRandom, synthChordProgression, synthClickTrack } from './synth';
import { estimateTempo, onsetStrength } from './tempo';
import { channelTruePeakLinear, measureTruePeak } from './truePeak';
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

/** The waveform as one integer: sum of (i + 1) * its value in thousandths. */
const waveformDigest = (w: number[]): number => w.reduce((sum, v, i) => sum + (i + 1) * Math.round(v * 1000), 0);

/** Pushes the signal in 8192-frame blocks (a pipe read's worth), as analyze-file.ts does: no total, tempo kept. */
function asUploaded(channels: Float32Array[], sampleRate: number, tempo: 'keep' | 'second-pass' = 'keep') {
  const analyzer = createAudioAnalyzer(sampleRate, channels.length, { tempo });
  const n = channels[0].length;
  const pushAll = () => {
    for (let at = 0; at < n; at += 8192) analyzer.push(channels.map((c) => c.subarray(at, Math.min(n, at + 8192))));
  };
  pushAll();
  if (tempo === 'second-pass') {
    analyzer.beginSecondPass();
    pushAll();
  }
  const { waveform, ...rest } = analyzer.finish();
  return { ...rest, waveform: { length: waveform.length, digest: waveformDigest(waveform) } };
}

// Issue 31 made the analysis about twice as fast without changing what it reports. These are the
// results of the analyzer as it was before that work (commit f07a879), on the signals above: a
// change in any of them is a change in the analysis, not a speed-up.
describe('results as recorded before the speed-up (issue 31)', () => {
  const recorded = {
    // Driven into saturation (tanh), as loud masters are: its true peak lies between samples.
    'loud stereo 44.1 kHz': {
      durationSec: 12, bpm: 97, bpmConfidence: 0.594, key: 'A', mode: 'minor', keyLabel: 'A minor', keyConfidence: 0.935,
      lufs: -5.5, loudnessRangeLu: 8.2, truePeakDbtp: 0.02, samplePeakDbfs: -0.01,
      loudnessCurve: [-11.2, -11.2, -11.2, -11.4, -6.8, -4.6, -3.1, -3.1, -3.1, -3], waveform: { length: 800, digest: 261572573 },
    },
    'stereo 44.1 kHz': {
      durationSec: 12, bpm: 97, bpmConfidence: 0.763, key: 'A', mode: 'minor', keyLabel: 'A minor', keyConfidence: 0.938,
      lufs: -18.6, loudnessRangeLu: 10.5, truePeakDbtp: -4.41, samplePeakDbfs: -4.44,
      loudnessCurve: [-26.4, -26.4, -26.4, -26.6, -20, -17.6, -16, -16.1, -16, -16], waveform: { length: 800, digest: 77576700 },
    },
    'mono 48 kHz': {
      durationSec: 9, bpm: 97, bpmConfidence: 0.444, key: 'A', mode: 'minor', keyLabel: 'A minor', keyConfidence: 0.951,
      lufs: -22.2, loudnessRangeLu: 10.4, truePeakDbtp: -4.56, samplePeakDbfs: -4.58,
      loudnessCurve: [-29.8, -29.9, -25.6, -22.4, -20.3, -19.7, -19.5], waveform: { length: 800, digest: 71995272 },
    },
    // 96 kHz: the tempo path decimates by 4 (the general filter loop), the key's by 2.
    'stereo 96 kHz': {
      durationSec: 6, bpm: 97, bpmConfidence: 0.655, key: 'A', mode: 'minor', keyLabel: 'A minor', keyConfidence: 0.82,
      lufs: -18.8, loudnessRangeLu: 7.1, truePeakDbtp: -5.67, samplePeakDbfs: -5.69,
      loudnessCurve: [-26.4, -20, -17.6, -16.2], waveform: { length: 800, digest: 69799282 },
    },
  };
  const loud = (channels: Float32Array[]) => channels.map((c) => c.map((v) => Math.tanh(6 * v) / Math.tanh(6)));
  const signals: [keyof typeof recorded, Float32Array[], number][] = [
    ['loud stereo 44.1 kHz', loud(song(12, 44100, true)), 44100],
    ['stereo 44.1 kHz', song(12, 44100, true), 44100],
    ['mono 48 kHz', song(9, 48000, false), 48000],
    ['stereo 96 kHz', song(6, 96000, true), 96000],
  ];
  for (const [name, channels, sampleRate] of signals) {
    it(`${name}: the same analysis, streamed as an upload, with tempo kept or read in a second pass`, () => {
      expect(asUploaded(channels, sampleRate)).toEqual({ ...recorded[name], engine: 'built-in analyzer v1' });
      expect(asUploaded(channels, sampleRate, 'second-pass')).toEqual({ ...recorded[name], engine: 'built-in analyzer v1' });
    });
  }

  it('the same measures before rounding: decimated signals, onset envelope, true peak, loudness', () => {
    const channels = song(12, 44100, true);
    const mono22 = monoAtRate(channels, 44100, 22050);
    const mono11 = decimate(mono22.x, 2);
    const weighted = (x: ArrayLike<number>, period: number) => {
      let sum = 0;
      for (let i = 0; i < x.length; i++) sum += (i % period) * x[i];
      return sum;
    };
    // The decimation filters' sums keep their order: the same to the bit.
    expect(weighted(mono22.x, 5)).toBe(23.780585988439498);
    expect(weighted(mono11, 5)).toBe(9.992592312083843);
    // The onset flux takes its logarithms differently: the same to rounding (about 1e-15).
    const { env } = onsetStrength(mono22.x, mono22.sampleRate);
    expect(env).toHaveLength(1030);
    expect(env.reduce((sum, v) => sum + v, 0)).toBeCloseTo(11.239730311209662, 12);
    expect(weighted(env, 7)).toBeCloseTo(33.13918916471766, 12);
    expect(channels.map((c) => channelTruePeakLinear(c))).toEqual([0.6015904101113847, 0.5897674560546875]);
    expect(loud(channels).map((c) => channelTruePeakLinear(c))).toEqual([1.0025888373420457, 1.001675137282291]);
    const rnd = seededRandom(5);
    expect(channelTruePeakLinear(new Float32Array(48000).map(() => 0.9 * (2 * rnd() - 1)))).toBe(1.5094248202385643);
    const measured = measureLoudness(channels, 44100);
    expect([measured.integratedLufs, measured.momentaryMaxLufs, measured.shortTermMaxLufs, measured.loudnessRangeLu]).toEqual([
      -18.621351289113367, -15.515196927238764, -15.936672120461171, 10.494481402411875,
    ]);
  });
});
