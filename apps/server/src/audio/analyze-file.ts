import { createAudioAnalyzer, type AudioAnalysis } from '@members-only/engines/audio';
import { youngGarbageCollector } from '../young-garbage';
import { openAudioStream, type ProbeResult } from './decode';

/**
 * Up to this length (by the probe) the ~22 kHz mono mix is kept for tempo (about 5.3 MB a minute)
 * and the file is decoded once; longer ones, or files whose length the probe does not know, are
 * decoded twice and nothing is kept (ADR 064). What it kept is garbage once the analysis ends,
 * and the pool process it ran in gives its memory back when it exits (ADR 066).
 */
export const KEEP_FOR_TEMPO_MAX_SECONDS = 600;

/**
 * What the 'analyze' task runs in a heavy-work pool process (heavy/tasks.ts, called by
 * analysis-thread.ts; also bench/analysis.bench.ts): ffmpeg's
 * output goes block by block into the streaming analyzer, and decoding pauses while a block is
 * analysed (the pipe fills and ffmpeg waits). Tempo's onset envelope needs the signal's peak up
 * front, so tempo either keeps the ~22 kHz mono mix (one decode; tracks up to
 * KEEP_FOR_TEMPO_MAX_SECONDS) or reads a second decode (longer tracks: the first measures
 * everything but tempo, the second feeds the envelope, and nothing of the signal is kept). Same
 * results either way. Decoding errors are AudioDecodeError, as from decode.ts.
 */
export async function analyzeAudioFile(
  file: string,
  options: { probe?: ProbeResult; maxDurationSec?: number; keepForTempoMaxSeconds?: number } = {},
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AudioAnalysis> {
  // Each pipe read is a fresh 64 KB buffer: collected every 4 MB rather than after tens of MB.
  const collected = youngGarbageCollector();
  const stream = await openAudioStream(file, { maxChannels: 2, maxDurationSec: options.maxDurationSec, probe: options.probe });
  const keep = stream.expectedSeconds !== null && stream.expectedSeconds <= (options.keepForTempoMaxSeconds ?? KEEP_FOR_TEMPO_MAX_SECONDS);
  const analyzer = createAudioAnalyzer(stream.sampleRate, stream.numChannels, { tempo: keep ? 'keep' : 'second-pass' });
  const expected = (stream.expectedSeconds ?? 0) * stream.sampleRate;
  let reported = 0;
  const pass = (from: number, to: number) => (channels: Float32Array[], frames: number) => {
    analyzer.push(channels, frames);
    collected(4 * frames * channels.length);
    const fraction = expected > 0 ? from + (to - from) * Math.min(1, analyzer.frames / expected) : from;
    if (fraction - reported >= 0.02) {
      reported = fraction;
      onProgress?.(fraction);
    }
  };
  if (keep) await stream.read(pass(0, 0.98), signal);
  else {
    await stream.read(pass(0, 0.6), signal);
    analyzer.beginSecondPass();
    await stream.read(pass(0.6, 0.98), signal);
  }
  const result = analyzer.finish();
  onProgress?.(1);
  return result;
}
