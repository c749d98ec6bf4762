import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { transferablesOf } from './pool';
import { collectAllGarbage } from '../young-garbage';
import { TASKS, type TaskContext, type TaskName } from './tasks';

export type ToWorker = { type: 'run'; id: number; task: TaskName; input: unknown } | { type: 'abort'; id: number };
export type FromWorker =
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'chunk'; id: number; stream: string; data: Uint8Array | null }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string; name: string; code?: string };

/**
 * A heavy-work pool thread (pool.ts starts it). First it lowers its own priority (HEAVY_WORK_NICE): on Linux each
 * thread is a task with its own nice value, and setpriority(PRIO_PROCESS, 0, …) (os.setPriority(0,
 * …)) changes the calling thread's only; processes it spawns (ffmpeg) inherit it. Then it runs one
 * task at a time and posts the result with its typed arrays transferred.
 */
const { nice } = workerData as { nice: number };
try {
  // Never raised above where the process already runs (only root may).
  if (nice > os.getPriority(0)) os.setPriority(0, nice);
} catch {
  // Not permitted or not supported here: the work still runs off the request thread.
}

const port = parentPort!;
const aborters = new Map<number, AbortController>();

/**
 * A chunk crosses on its own buffer: the producer may keep using the one it came from. A copy with
 * `new Uint8Array`, not `slice()`: on a Buffer (a view into Node's shared pool for small ones)
 * `slice()` is another view of the same memory.
 */
const own = (data: Uint8Array) => (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer ? data : new Uint8Array(data));

port.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    aborters.get(message.id)?.abort(new DOMException('Aborted', 'AbortError'));
    return;
  }
  const { id, task, input } = message;
  const aborter = new AbortController();
  aborters.set(id, aborter);
  const ctx: TaskContext = {
    signal: aborter.signal,
    progress: (fraction) => port.postMessage({ type: 'progress', id, fraction } satisfies FromWorker),
    chunk: (stream, data) => {
      if (data === null) port.postMessage({ type: 'chunk', id, stream, data } satisfies FromWorker);
      else {
        const piece = own(data);
        port.postMessage({ type: 'chunk', id, stream, data: piece } satisfies FromWorker, [piece.buffer as ArrayBuffer]);
      }
    },
  };
  const run = TASKS[task] as (input: unknown, ctx: TaskContext) => Promise<unknown>;
  run(input, ctx)
    .then(
      (value) => port.postMessage({ type: 'done', id, value } satisfies FromWorker, transferablesOf(value)),
      (error: Error & { code?: string }) =>
        port.postMessage({ type: 'error', id, message: String(error?.message ?? error), name: String(error?.name ?? 'Error'), code: error?.code } satisfies FromWorker),
    )
    .finally(() => {
      aborters.delete(id);
      // What the task allocated (a render's buffers, an encoder's frames) is dead now, and V8 would
      // keep the heap it grew to until the next task fills it again: give it back (ADR 064), after
      // the result has gone. A full collection of a thread's heap takes milliseconds.
      if (aborters.size === 0) setImmediate(() => aborters.size === 0 && collectAllGarbage());
    });
});
