import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AudioAnalysis } from '@members-only/engines/audio';
import { analyzeAudioFile } from './analyze-file';
import { AudioDecodeError, type ProbeResult } from './decode';

export type WorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'result'; result: AudioAnalysis }
  | { type: 'error'; message: string; code?: string };

/**
 * The analysis thread (analysis-thread.ts starts it): runs analyzeAudioFile (analyze-file.ts) on
 * its file, posts progress and the result, and ends.
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

try {
  const result = await analyzeAudioFile(file, { probe, maxDurationSec }, (fraction) => port.postMessage({ type: 'progress', fraction } satisfies WorkerMessage), aborter.signal);
  port.postMessage({ type: 'result', result } satisfies WorkerMessage);
} catch (error) {
  const e = error as Error;
  port.postMessage({ type: 'error', message: e.message, code: e instanceof AudioDecodeError ? e.code : undefined } satisfies WorkerMessage);
} finally {
  // Nothing left to listen for: the thread ends once ffmpeg's handles are closed.
  port.off('message', onMessage);
}
