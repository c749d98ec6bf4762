import { decimate, frameCount, monoAtRate, roundTo } from './dsp';
import { measureDuration } from './duration';
import { detectKey } from './key';
import { measureLoudness } from './loudness';
import { estimateTempo } from './tempo';
import { measureTruePeak } from './truePeak';
import type { AudioAnalysis, PcmAudio } from './types';
import { computeWaveform } from './waveform';

export const ENGINE_NAME = 'built-in analyzer v1' as const;

export interface AnalyzeOptions {
  /** Waveform bucket count (default 800). */
  waveformBuckets?: number;
}

const round1OrNull = (v: number | null): number | null => (v === null ? null : roundTo(v, 1));
const round2OrNull = (v: number | null): number | null => (v === null ? null : roundTo(v, 2));

/**
 * Full analysis of decoded PCM (synchronous, CPU-bound: run it off the request path, e.g. in a
 * worker thread, for long files). Tempo and key use the mono mix decimated to ~22 kHz (key further
 * to ~11 kHz); loudness and true peak use the full-rate channels. Never throws on silence or very
 * short input: undefined measures are null (confidence 0). Throws TypeError on malformed input
 * (no channels, non-positive sample rate).
 */
export function analyzeAudio(pcm: PcmAudio, onProgress?: (fraction: number) => void, options: AnalyzeOptions = {}): AudioAnalysis {
  const { channels, sampleRate } = pcm;
  if (!Array.isArray(channels) || channels.length === 0) throw new TypeError('analyzeAudio: at least one channel is required');
  if (!(Number.isFinite(sampleRate) && sampleRate > 0)) throw new TypeError(`analyzeAudio: invalid sample rate ${sampleRate}`);
  const report = (f: number): void => { onProgress?.(f); };
  report(0);
  const n = frameCount(channels);
  const chans = channels.map((c) => (c.length === n ? c : c.subarray(0, n)));
  const durationSec = measureDuration(n, sampleRate);

  const mono22 = monoAtRate(chans, sampleRate, 22050);
  report(0.1);
  const tempo = estimateTempo(mono22.x, mono22.sampleRate);
  report(0.35);
  const keyFactor = Math.max(1, Math.round(mono22.sampleRate / 11025));
  const key = detectKey(decimate(mono22.x, keyFactor), mono22.sampleRate / keyFactor);
  report(0.5);
  const loud = measureLoudness(chans, sampleRate);
  report(0.65);
  const truePeak = measureTruePeak(chans);
  report(0.95);
  const waveform = computeWaveform(chans, { buckets: options.waveformBuckets ?? 800 });
  report(1);

  return {
    durationSec,
    bpm: tempo.bpm,
    bpmConfidence: tempo.confidence,
    key: key.key,
    mode: key.mode,
    keyLabel: key.label,
    keyConfidence: key.confidence,
    lufs: round1OrNull(loud.integratedLufs),
    loudnessRangeLu: round1OrNull(loud.loudnessRangeLu),
    truePeakDbtp: round2OrNull(truePeak),
    samplePeakDbfs: round2OrNull(loud.samplePeakDbfs),
    waveform,
    engine: ENGINE_NAME,
  };
}
