import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createAudioAnalyzer, type AudioAnalysis } from '@members-only/engines/audio';
import { youngGarbageCollector } from '../young-garbage';
import { AudioDecodeError, openAudioStream, type ProbeResult } from './decode';

export type WorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'result'; result: AudioAnalysis }
  | { type: 'error'; message: string; code?: string };

/**
 * The analysis thread (analysis-thread.ts starts it): ffmpeg's output goes block by block into
 * the streaming analyzer, then the result is posted and the thread ends. Decoding pauses while a
 * block is analysed (the pipe fills and ffmpeg waits), and nothing of the signal is kept, so
 * memory stays flat whatever the length.
 */
// Below the web thread's priority, as the heavy-work pool's threads (ADR 055): this thread's nice
// value only, and ffmpeg, started from it, inherits it.
try {
  const { nice } = workerData as { nice: number };
  if (nice > os.getPriority(0)) os.setPriority(0, nice);
} catch {
  // Not permitted here: the analysis still runs off the request thread.
}

const { file, probe, maxDurationSec } = workerData as { file: string; probe?: ProbeResult; maxDurationSec?: number };
const port = parentPort!;
const aborter = new AbortController();
const onMessage = (message: { type: string }) => {
  if (message.type === 'abort') aborter.abort(new DOMException('Aborted', 'AbortError'));
};
port.on('message', onMessage);

// Each pipe read is a fresh 64 KB buffer: collected every 4 MB rather than after tens of MB.
const collected = youngGarbageCollector();

try {
  const stream = await openAudioStream(file, { maxChannels: 2, maxDurationSec, probe });
  // Two decodes: the first measures everything but tempo, the second feeds tempo's onset envelope,
  // which needs the signal's peak up front. Decoding again costs less than keeping the track.
  const analyzer = createAudioAnalyzer(stream.sampleRate, stream.numChannels, { tempo: 'second-pass' });
  const expected = (stream.expectedSeconds ?? 0) * stream.sampleRate;
  let reported = 0;
  const pass = (from: number, to: number) => (channels: Float32Array[], frames: number) => {
    analyzer.push(channels, frames);
    collected(4 * frames * channels.length);
    const fraction = expected > 0 ? from + (to - from) * Math.min(1, analyzer.frames / expected) : from;
    if (fraction - reported >= 0.02) {
      reported = fraction;
      port.postMessage({ type: 'progress', fraction } satisfies WorkerMessage);
    }
  };
  await stream.read(pass(0, 0.6), aborter.signal);
  analyzer.beginSecondPass();
  await stream.read(pass(0.6, 0.98), aborter.signal);
  const result = analyzer.finish();
  port.postMessage({ type: 'progress', fraction: 1 } satisfies WorkerMessage);
  port.postMessage({ type: 'result', result } satisfies WorkerMessage);
} catch (error) {
  const e = error as Error;
  port.postMessage({ type: 'error', message: e.message, code: e instanceof AudioDecodeError ? e.code : undefined } satisfies WorkerMessage);
} finally {
  // Nothing left to listen for: the thread ends once ffmpeg's handles are closed.
  port.off('message', onMessage);
}
