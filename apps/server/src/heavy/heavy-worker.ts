import fs from 'node:fs';
import os from 'node:os';
import { collectAllGarbage } from '../young-garbage';
import { Assembly, cutOut, PIECE_BYTES, piecesOf, type PieceMessage } from './pieces';
import { TASKS, type TaskContext, type TaskName } from './tasks';

export type ToWorker = PieceMessage | { type: 'run'; id: number; task: TaskName; input: unknown } | { type: 'abort'; id: number };
export type FromWorker =
  | PieceMessage
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'chunk'; id: number; stream: string; data: Uint8Array | null }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string; name: string; code?: string };

/**
 * A heavy-work child process (pool.ts forks it with the nice value as its argument, IPC with
 * `serialization: 'advanced'`, so typed arrays cross as typed arrays, copied). First it lowers its
 * own priority (HEAVY_WORK_NICE): on Linux each thread has its own nice value and
 * setpriority(PRIO_PROCESS, 0, …) changes the calling thread's only, so every thread the process
 * has by now (V8's platform threads, the tsx loader's) is lowered by its id; threads started later
 * (libuv's pool) and processes spawned (ffmpeg) inherit it. Then it runs one task at a time and
 * sends the result back, its big typed arrays in pieces (pieces.ts) as its input came.
 */
const nice = Number(process.argv[2] ?? 10);
for (const tid of (() => {
  try {
    return fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: the process's priority is the process's.
    return [0];
  }
})()) {
  try {
    // Never raised above where the process already runs (only root may).
    if (nice > os.getPriority(tid)) os.setPriority(tid, nice);
  } catch {
    // Not permitted or not supported here (or the thread has ended): the work still runs outside the web process.
  }
}

// The web process is gone (it exited, or was killed without a chance to end its children): no one
// is left to send a result to.
process.on('disconnect', () => process.exit(0));

/** Sends a message; resolves once it is written (or the channel is gone). */
const send = (message: FromWorker) =>
  new Promise<void>((resolve) => {
    // Disconnected meanwhile: the 'disconnect' handler ends the process.
    if (process.connected) process.send!(message, undefined, undefined, () => resolve());
    else resolve();
  });

/** Sends a task's result: its big typed arrays first, in pieces, each once the last is written. */
async function sendResult(id: number, value: unknown): Promise<void> {
  const arrays: ArrayBufferView[] = [];
  const cut = cutOut(value, arrays);
  for (const piece of piecesOf(id, arrays)) await send(piece);
  await send({ type: 'done', id, value: cut });
}

const aborters = new Map<number, AbortController>();
const assemblies = new Map<number, Assembly>();

process.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    aborters.get(message.id)?.abort(new DOMException('Aborted', 'AbortError'));
    return;
  }
  if (message.type === 'piece') {
    let assembly = assemblies.get(message.id);
    if (!assembly) assemblies.set(message.id, (assembly = new Assembly()));
    assembly.add(message);
    return;
  }
  const { id, task } = message;
  const input = assemblies.get(id)?.restore(message.input) ?? message.input;
  assemblies.delete(id);
  const aborter = new AbortController();
  aborters.set(id, aborter);
  const ctx: TaskContext = {
    signal: aborter.signal,
    progress: (fraction) => void send({ type: 'progress', id, fraction }),
    // Serialised (copied) as it is sent: the producer may go on using the buffer it came from. A
    // big one goes as several: the stream's pieces stay in order.
    chunk: (stream, data) => {
      if (data === null || data.byteLength <= PIECE_BYTES) void send({ type: 'chunk', id, stream, data });
      else for (let at = 0; at < data.byteLength; at += PIECE_BYTES) void send({ type: 'chunk', id, stream, data: data.subarray(at, at + PIECE_BYTES) });
    },
  };
  const run = TASKS[task] as (input: unknown, ctx: TaskContext) => Promise<unknown>;
  run(input, ctx)
    .then(
      (value) => sendResult(id, value),
      (error: Error & { code?: string }) => send({ type: 'error', id, message: String(error?.message ?? error), name: String(error?.name ?? 'Error'), code: error?.code }),
    )
    .finally(() => {
      aborters.delete(id);
      // What the task allocated (a render's buffers, an encoder's frames) is dead now, and V8 would
      // keep the heap it grew to until the next task fills it again: give it back (ADR 064), after
      // the result has gone. A full collection of a child's heap takes milliseconds.
      if (aborters.size === 0) setImmediate(() => aborters.size === 0 && collectAllGarbage());
    });
});
