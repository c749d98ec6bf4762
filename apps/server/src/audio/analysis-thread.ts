import { Worker } from 'node:worker_threads';
import type { AudioAnalysis, PcmAudio } from '@members-only/engines/audio';

const WORKER_URL = new URL('./analysis-worker.ts', import.meta.url).href;
// The server runs TypeScript through tsx; a worker thread must register it before importing its entry.
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })`;

/**
 * Analyses decoded audio in a worker thread (about 1.5 s of CPU for a 3-minute song), so the
 * server keeps answering requests meanwhile. The sample buffers are moved, not copied.
 */
export function analyzeInThread(pcm: PcmAudio, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
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
