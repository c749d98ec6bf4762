import { Worker } from 'node:worker_threads';
import { acquireSlot, heavyNice } from '../heavy/pool';
import type { AudioAnalysis } from '@members-only/engines/audio';
import { AudioDecodeError, type AudioDecodeErrorCode, type ProbeResult } from './decode';
import type { WorkerMessage } from './analysis-worker';

// Compiled (apps/server/dist, `npm start`), the worker entry is dist/analysis-worker.js beside this
// code. From the TypeScript sources (`npm run dev`, tests), the thread registers tsx before importing it.
const COMPILED = !import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(COMPILED ? './analysis-worker.js' : './analysis-worker.ts', import.meta.url);
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;

/** How long an aborted thread gets to stop ffmpeg itself before it is terminated. */
const ABORT_GRACE_MS = 1000;

export interface AnalyzeFileOptions {
  /** The file's probe, when the caller already has it (saves running ffmpeg once more). */
  probe?: ProbeResult;
  /** Analyse at most this many seconds from the start. */
  maxDurationSec?: number;
}

/**
 * Decodes and analyses an audio file in a worker thread (about 1.5 s of CPU for a 3-minute song),
 * so the server keeps answering requests meanwhile. The thread streams ffmpeg's output through the
 * engine's streaming analyzer, so neither thread ever holds the decoded track, and it exits when
 * done: its memory goes with it. Decoding errors arrive as AudioDecodeError, as from decode.ts.
 */
export function analyzeFileInThread(
  file: string,
  options: AnalyzeFileOptions = {},
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AudioAnalysis> {
  // One of the heavy-work pool's slots (ADR 055): analyses and renders together use at most one thread per core.
  return acquireSlot(signal).then((slot) => analyzeInThread(file, options, onProgress, signal).finally(() => slot.release()));
}

function analyzeInThread(file: string, options: AnalyzeFileOptions, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(COMPILED ? WORKER_URL : BOOTSTRAP, {
      eval: !COMPILED,
      workerData: { file, probe: options.probe, maxDurationSec: options.maxDurationSec, nice: heavyNice() },
      // The thread's garbage is small blocks: a small young generation keeps its footprint small.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    const onAbort = () => {
      worker.postMessage({ type: 'abort' });
      setTimeout(() => void worker.terminate(), ABORT_GRACE_MS).unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.fraction);
      else if (message.type === 'result') finish(() => resolve(message.result));
      else {
        const error = message.code ? new AudioDecodeError(message.code as AudioDecodeErrorCode, message.message) : new Error(message.message);
        finish(() => reject(signal?.aborted ? new DOMException('Aborted', 'AbortError') : error));
      }
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(signal?.aborted ? new DOMException('Aborted', 'AbortError') : new Error(`Analysis worker exited with code ${code}`))));
  });
}
