import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { createAudioAnalyzer, type AudioAnalysis } from '@members-only/engines/audio';
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
const { file, probe, maxDurationSec } = workerData as { file: string; probe?: ProbeResult; maxDurationSec?: number };
const port = parentPort!;
const aborter = new AbortController();
const onMessage = (message: { type: string }) => {
  if (message.type === 'abort') aborter.abort(new DOMException('Aborted', 'AbortError'));
};
port.on('message', onMessage);

/**
 * Each pipe read arrives in a fresh 64 KB buffer, and V8 collects such buffers only after tens of
 * megabytes of them: a whole pass of a song can pass through before the first collection. A
 * collection every few megabytes of decoded audio (about a millisecond on this thread's small heap,
 * and the server's main thread does not wait for it) keeps the thread's memory flat. The flag is
 * set at run time because worker threads cannot take V8 flags of their own; only this thread calls gc.
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as (() => void) | undefined;
let sinceCollect = 0;
const collected = (bytes: number) => {
  sinceCollect += bytes;
  if (sinceCollect >= COLLECT_EVERY_BYTES && collect) {
    sinceCollect = 0;
    collect();
  }
};

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
