import { frameCount } from './dsp';
import { createAudioAnalyzer, ENGINE_NAME } from './stream';
import type { AudioAnalysis, PcmAudio } from './types';

export { ENGINE_NAME };

export interface AnalyzeOptions {
  /** Waveform bucket count (default 800). */
  waveformBuckets?: number;
}

/** Frames per block when a whole signal is fed to the streaming analyzer. */
const BLOCK = 1 << 16;

/**
 * Full analysis of decoded PCM (synchronous, CPU-bound: run it off the request path, e.g. in a
 * worker thread, for long files). The signal is fed block by block to the streaming analyzer
 * (stream.ts), which a decoder can also feed directly without holding the whole signal. Tempo and
 * key use the mono mix decimated to ~22 kHz (key further to ~11 kHz); loudness and true peak use
 * the full-rate channels. Never throws on silence or very short input: undefined measures are
 * null (confidence 0). Throws TypeError on malformed input (no channels, non-positive sample rate).
 */
export function analyzeAudio(pcm: PcmAudio, onProgress?: (fraction: number) => void, options: AnalyzeOptions = {}): AudioAnalysis {
  const { channels, sampleRate } = pcm;
  if (!Array.isArray(channels) || channels.length === 0) throw new TypeError('analyzeAudio: at least one channel is required');
  if (!(Number.isFinite(sampleRate) && sampleRate > 0)) throw new TypeError(`analyzeAudio: invalid sample rate ${sampleRate}`);
  const report = (f: number): void => { onProgress?.(f); };
  report(0);
  const n = frameCount(channels);
  const analyzer = createAudioAnalyzer(sampleRate, channels.length, { waveformBuckets: options.waveformBuckets, totalFrames: n });
  for (let at = 0; at < n; at += BLOCK) {
    const end = Math.min(n, at + BLOCK);
    analyzer.push(channels.map((c) => c.subarray(at, end)));
    report((0.7 * end) / n);
  }
  const result = analyzer.finish();
  report(1);
  return result;
}
