import { Worker } from 'node:worker_threads';
import type { AudioAnalysis, PcmAudio } from '@members-only/engines/audio';

// Compiled (apps/server/dist, `npm start`), the worker entry is dist/analysis-worker.js beside this
// code. From the TypeScript sources (`npm run dev`, tests), the thread registers tsx before importing it.
const COMPILED = !import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(COMPILED ? './analysis-worker.js' : './analysis-worker.ts', import.meta.url);
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;

/**
 * Analyses decoded audio in a worker thread (about 1.5 s of CPU for a 3-minute song), so the
 * server keeps answering requests meanwhile. The sample buffers are moved, not copied.
 */
export function analyzeInThread(pcm: PcmAudio, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILED ? WORKER_URL : BOOTSTRAP, {
      eval: !COMPILED,
      workerData: { channels: pcm.channels, sampleRate: pcm.sampleRate },
      transferList: pcm.channels.map((c) => c.buffer as ArrayBuffer),
    });
    const onAbort = () => void worker.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    worker.on('message', (message: { type: 'progress'; fraction: number } | { type: 'result'; result: AudioAnalysis }) => {
      if (message.type === 'progress') onProgress?.(message.fraction);
      else finish(() => resolve(message.result));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(signal?.aborted ? new DOMException('Aborted', 'AbortError') : new Error(`Analysis worker exited with code ${code}`))));
  });
}
