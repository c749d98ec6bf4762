import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TaskContext, TaskInput, TaskName, TaskOutput } from './tasks';
import type { FromWorker, ToWorker } from './heavy-worker';

/**
 * The heavy-work pool (ADR 055): beat rendering and encoding, cover rendering and booth mixdowns
 * run in worker threads, so the request thread never waits behind them. At most one thread per
 * core (os.availableParallelism(); HEAVY_WORK_THREADS sets another number, 0 runs the work on the
 * main thread as before), started on first use and ended after a minute idle (their memory goes
 * with them). Each thread lowers its own OS priority (nice 10, Linux), so under load the kernel
 * serves the web thread first. Track analysis (analysis-thread.ts) takes a slot of the same pool.
 */

// Compiled (dist/), the worker entry is dist/heavy-worker.js beside this code. From the sources
// (`npm run dev`, tests) the thread registers tsx before importing it.
const COMPILED = !import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(COMPILED ? './heavy-worker.js' : './heavy-worker.ts', import.meta.url);
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;

/** An idle thread ends after this long (HEAVY_WORK_IDLE_SECONDS): a burst's threads do not hold their memory for good. */
const DEFAULT_IDLE_MS = 60_000;
/** How long an aborted task gets to stop by itself before its thread is terminated. */
const ABORT_GRACE_MS = 1000;

let configuredThreads: number | undefined;
let configuredNice: number | undefined;
let configuredIdleMs: number | undefined;

/** The nice value pool threads run at (HEAVY_WORK_NICE; default 10: below the web thread's 0). */
export function heavyNice(): number {
  return configuredNice ?? 10;
}

/** The pool's size: HEAVY_WORK_THREADS when set (0: inline on the main thread), else one per core. */
export function heavyThreads(): number {
  return configuredThreads ?? Math.max(1, os.availableParallelism());
}

/**
 * Sets the pool's size and priority (createServices, from HEAVY_WORK_THREADS and HEAVY_WORK_NICE;
 * tests). Running tasks keep their threads; new tasks take the new limit, and threads of another
 * priority end instead of taking more work.
 */
export function configureHeavyWork(settings: { threads?: number; nice?: number; idleSeconds?: number }): void {
  configuredThreads = settings.threads;
  configuredNice = settings.nice;
  configuredIdleMs = settings.idleSeconds === undefined ? undefined : settings.idleSeconds * 1000;
  for (const w of [...idle]) {
    if (w.nice === heavyNice()) continue;
    idle.splice(idle.indexOf(w), 1);
    if (w.idleTimer) clearTimeout(w.idleTimer);
    void w.worker.terminate();
  }
}

interface Slot {
  release(): void;
}
let active = 0;
const waiting: (() => void)[] = [];

/**
 * Waits for one of the pool's slots (at most heavyThreads() taken at once). Analysis threads take
 * one too, so renders and analyses together never use more than one thread per core.
 */
export function acquireSlot(signal?: AbortSignal): Promise<Slot> {
  const limit = Math.max(1, heavyThreads());
  let released = false;
  const slot: Slot = {
    release() {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
  if (active < limit) {
    active++;
    return Promise.resolve(slot);
  }
  return new Promise((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(slot);
    };
    const onAbort = () => {
      const at = waiting.indexOf(go);
      if (at >= 0) waiting.splice(at, 1);
      reject(signal!.reason);
    };
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.push(go);
  });
}

interface PoolWorker {
  worker: Worker;
  nice: number;
  idleTimer?: NodeJS.Timeout;
  /** The tasks it has run: their engines' data is loaded in it (a beat's SoundFont, a cover's fonts). */
  ran: Set<string>;
}
const idle: PoolWorker[] = [];
let nextTaskId = 1;

function startWorker(): PoolWorker {
  const nice = heavyNice();
  const worker = new Worker(COMPILED ? WORKER_URL : BOOTSTRAP, { eval: !COMPILED, workerData: { nice } });
  // A thread waiting for work does not keep the process alive.
  worker.unref();
  const w: PoolWorker = { worker, nice, ran: new Set() };
  // An idle thread that fails or ends leaves the pool; during a task, runOn's listeners report it.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const at = idle.indexOf(w);
    if (at >= 0) idle.splice(at, 1);
    if (w.idleTimer) clearTimeout(w.idleTimer);
  });
  return w;
}

function park(w: PoolWorker): void {
  if (w.nice !== heavyNice()) {
    void w.worker.terminate();
    return;
  }
  w.worker.unref();
  w.idleTimer = setTimeout(() => {
    const at = idle.indexOf(w);
    if (at >= 0) idle.splice(at, 1);
    void w.worker.terminate();
  }, configuredIdleMs ?? DEFAULT_IDLE_MS);
  w.idleTimer.unref();
  idle.push(w);
}

let running = 0;

/**
 * Which idle thread runs `task` (ADR 064): one that has run it before, whose engine's data is
 * loaded already (the beat engine's SoundFont is about 100 MB a thread); else, while the pool has
 * fewer threads than `limit`, none (a new thread starts, so each kind of work keeps to its own
 * thread instead of every thread loading every engine); else one that has run nothing, else the
 * one parked last. Removes the chosen thread from `idle`.
 */
export function takeIdle<T extends { ran: Set<string> }>(idle: T[], task: string, threads: number, limit: number): T | undefined {
  const pick = (test: (w: T) => boolean) => {
    for (let i = idle.length - 1; i >= 0; i--) if (test(idle[i]!)) return i;
    return -1;
  };
  let at = pick((w) => w.ran.has(task));
  if (at < 0 && threads < limit) return undefined;
  if (at < 0) at = pick((w) => w.ran.size === 0);
  if (at < 0) at = idle.length - 1;
  return at < 0 ? undefined : idle.splice(at, 1)[0];
}

/** How many pool threads exist now (tests). */
export function heavyWorkerCount(): number {
  return idle.length + running;
}

/** Typed arrays and ArrayBuffers found in a value (one level of objects and arrays deep, and nested arrays), each buffer once. */
export function transferablesOf(value: unknown, into = new Set<ArrayBuffer>(), depth = 0): ArrayBuffer[] {
  if (value instanceof ArrayBuffer) into.add(value);
  else if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) into.add(value.buffer);
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const v of Array.isArray(value) ? value : Object.values(value)) transferablesOf(v, into, depth + 1);
  }
  return [...into];
}

export interface RunOptions {
  signal?: AbortSignal;
  progress?: (fraction: number) => void;
  /** Pieces of streamed outputs, in order; `null` ends a stream. */
  onChunk?: (stream: string, data: Uint8Array | null) => void;
}

/**
 * Runs a task from tasks.ts in a pool thread (or inline when the pool has 0 threads). Typed arrays
 * in the input are transferred: the caller must not use them afterwards.
 */
export async function runHeavy<N extends TaskName>(task: N, input: TaskInput<N>, options: RunOptions = {}): Promise<TaskOutput<N>> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (heavyThreads() === 0) return runInline(task, input, options);
  const slot = await acquireSlot(signal);
  let w: PoolWorker | undefined;
  try {
    // Aborted while the slot was being handed over: the thread would never hear of it.
    signal?.throwIfAborted();
    w = takeIdle(idle, task, idle.length + running, Math.max(1, heavyThreads())) ?? startWorker();
    w.ran.add(task);
    if (w.idleTimer) clearTimeout(w.idleTimer);
    running++;
    const result = await runOn(w, task, input, options);
    running--;
    park(w);
    w = undefined;
    return result;
  } catch (error) {
    if (w) {
      running--;
      // A thread that failed or was aborted is not reused: whatever it held goes with it.
      void w.worker.terminate();
    }
    throw error;
  } finally {
    slot.release();
  }
}

async function runInline<N extends TaskName>(task: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
  const { TASKS } = await import('./tasks');
  const ctx: TaskContext = {
    signal: options.signal ?? new AbortController().signal,
    progress: (f) => options.progress?.(f),
    chunk: (stream, data) => options.onChunk?.(stream, data),
  };
  return (TASKS[task] as (input: TaskInput<N>, ctx: TaskContext) => Promise<TaskOutput<N>>)(input, ctx);
}

function runOn<N extends TaskName>(w: PoolWorker, task: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
  const { worker } = w;
  const id = nextTaskId++;
  const { signal } = options;
  worker.ref();
  return new Promise<TaskOutput<N>>((resolve, reject) => {
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      fn();
    };
    const onAbort = () => {
      worker.postMessage({ type: 'abort', id } satisfies ToWorker);
      // CPU-bound work cannot be interrupted from outside: the thread goes if it does not stop itself.
      graceTimer = setTimeout(() => finish(() => reject(signal!.reason)), ABORT_GRACE_MS);
      graceTimer.unref();
    };
    const onMessage = (message: FromWorker) => {
      if (message.id !== id) return;
      if (message.type === 'progress') options.progress?.(message.fraction);
      else if (message.type === 'chunk') options.onChunk?.(message.stream, message.data);
      else if (message.type === 'done') finish(() => resolve(message.value as TaskOutput<N>));
      else {
        const error = Object.assign(new Error(message.message), { name: message.name, code: message.code });
        finish(() => reject(signal?.aborted ? signal.reason : error));
      }
    };
    const onError = (error: Error) => finish(() => reject(error));
    const onExit = (code: number) => finish(() => reject(new Error(`The heavy-work thread exited with code ${code}`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage({ type: 'run', id, task, input } satisfies ToWorker, transferablesOf(input));
  });
}
