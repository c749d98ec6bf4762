import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { TaskContext, TaskInput, TaskName, TaskOutput } from './tasks';
import type { FromWorker, ToWorker } from './heavy-worker';
import { Assembly, cutOut, piecesOf } from './pieces';

/**
 * The heavy-work pool (ADR 055, ADR 066): beat rendering and encoding, cover rendering, booth
 * mixdowns and track analysis run in child processes, so the request thread never waits behind
 * them and their memory is not the web process's. At most one process per core
 * (os.availableParallelism(); HEAVY_WORK_THREADS sets another number, 0 runs the work on the main
 * thread as before), started on first use and ended after a minute idle. A process that ends
 * gives all its memory back to the system; a worker thread's stayed in glibc's arenas of the web
 * process (about 110 MB after a burst, ADR 064). Each process lowers its own OS priority (nice 10,
 * Linux), so under load the kernel serves the web process first. Typed arrays cross the IPC
 * channel as copies (serialization 'advanced'), not transfers: a beat's MP3 and stems, a booth
 * mixdown's backing and takes; measured in ADR 066. Light tasks (a marketing plan, the holidays;
 * ADR 068) run beside the pool in a process of their own: see LIGHT_TASKS.
 */

// Compiled (dist/), the child's entry is dist/heavy-worker.js beside this code. From the sources
// (`npm run dev`, tests) the child loads tsx first. The web process's heap sizes (`npm start`'s
// --max-semi-space-size, ADR 028) hold for its children too; its other flags (--inspect, tsx's
// loader when started from the sources) are not theirs to take.
const COMPILED = !import.meta.url.endsWith('.ts');
const WORKER_FILE = fileURLToPath(new URL(COMPILED ? './heavy-worker.js' : './heavy-worker.ts', import.meta.url));
const EXEC_ARGV = [...(COMPILED ? [] : ['--import', 'tsx']), ...process.execArgv.filter((flag) => /^--max-(semi|old)-space-size=/.test(flag))];

/** An idle process ends after this long (HEAVY_WORK_IDLE_SECONDS): a burst's processes do not hold their memory for good. */
const DEFAULT_IDLE_MS = 60_000;
/** How long an aborted task gets to stop by itself before its process is killed. */
const ABORT_GRACE_MS = 1000;

let configuredThreads: number | undefined;
let configuredNice: number | undefined;
let configuredIdleMs: number | undefined;

/** The nice value pool processes run at (HEAVY_WORK_NICE; default 10: below the web process's 0). */
export function heavyNice(): number {
  return configuredNice ?? 10;
}

/** The pool's size: HEAVY_WORK_THREADS when set (0: inline on the main thread), else one per core. The name is older than the processes. */
export function heavyThreads(): number {
  return configuredThreads ?? Math.max(1, os.availableParallelism());
}

/**
 * Sets the pool's size and priority (createServices, from HEAVY_WORK_THREADS and HEAVY_WORK_NICE;
 * tests). Running tasks keep their processes; new tasks take the new limit, and processes of
 * another priority end instead of taking more work.
 */
export function configureHeavyWork(settings: { threads?: number; nice?: number; idleSeconds?: number }): void {
  configuredThreads = settings.threads;
  configuredNice = settings.nice;
  configuredIdleMs = settings.idleSeconds === undefined ? undefined : settings.idleSeconds * 1000;
  for (const w of [...idle]) {
    if (w.light || w.nice === heavyNice()) {
      // An idle process waits the new idle time from now, not the one it was parked with.
      armIdleTimer(w);
      continue;
    }
    idle.splice(idle.indexOf(w), 1);
    if (w.idleTimer) clearTimeout(w.idleTimer);
    end(w);
  }
}

interface Slot {
  release(): void;
}
/** A counting semaphore: at most `limit()` slots taken at once, the waiters served in order. */
function slots(limit: () => number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return function acquire(signal?: AbortSignal): Promise<Slot> {
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
    if (active < limit()) {
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
  };
}

/**
 * Waits for one of the pool's slots (at most heavyThreads() taken at once). runHeavy takes one per
 * task, analyses included, so all the heavy work together never uses more than one process per core.
 */
export const acquireSlot = slots(() => Math.max(1, heavyThreads()));

/** Light tasks (LIGHT_TASKS) take this one slot instead: one light process at a time, whatever renders. */
const acquireLightSlot = slots(() => 1);

interface PoolWorker {
  child: ChildProcess;
  nice: number;
  idleTimer?: NodeJS.Timeout;
  /** The tasks it has run: their engines' data is loaded in it (a beat's SoundFont, a cover's fonts). */
  ran: Set<string>;
  /** It runs light tasks (LIGHT_TASKS) only; the others, heavy tasks only. */
  light: boolean;
}
const idle: PoolWorker[] = [];
/** Every live child: killed when the web process exits. */
const children = new Set<ChildProcess>();
let nextTaskId = 1;

/**
 * Children die with the web process: killed on its way out; and a child whose IPC channel closes
 * (the web process killed outright, when no 'exit' handler runs) ends itself (heavy-worker.ts).
 */
let exitHook = false;
function killChildrenOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
}

function startWorker(light: boolean): PoolWorker {
  // A light task ran on the request thread before it had a process (ADR 068): it keeps the web
  // process's priority rather than waiting behind renders.
  const nice = light ? 0 : heavyNice();
  killChildrenOnExit();
  const child = fork(WORKER_FILE, [String(nice)], {
    execArgv: EXEC_ARGV,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const w: PoolWorker = { child, nice, light, ran: new Set() };
  // A child waiting for work does not keep the web process alive (runOn refs it while it works).
  unref(child);
  // An idle child that fails or ends leaves the pool; during a task, runOn's listeners report it.
  child.on('error', () => {});
  child.on('exit', () => {
    children.delete(child);
    const at = idle.indexOf(w);
    if (at >= 0) idle.splice(at, 1);
    if (w.idleTimer) clearTimeout(w.idleTimer);
  });
  return w;
}

/** Neither the process nor its IPC channel keeps the event loop alive. */
function unref(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}

function ref(child: ChildProcess): void {
  child.ref();
  child.channel?.ref();
}

/** Ends a child: what it held goes back to the system. SIGKILL, as a CPU-bound task would not hear anything gentler before it finishes. */
function end(w: PoolWorker): void {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
}

function park(w: PoolWorker): void {
  if (!w.light && w.nice !== heavyNice()) {
    end(w);
    return;
  }
  unref(w.child);
  armIdleTimer(w);
  idle.push(w);
}

/** Ends an idle process once it has waited the idle time (HEAVY_WORK_IDLE_SECONDS) from now. */
function armIdleTimer(w: PoolWorker): void {
  if (w.idleTimer) clearTimeout(w.idleTimer);
  w.idleTimer = setTimeout(() => {
    const at = idle.indexOf(w);
    if (at >= 0) idle.splice(at, 1);
    end(w);
  }, configuredIdleMs ?? DEFAULT_IDLE_MS);
  w.idleTimer.unref();
}

let running = 0;

/**
 * Which idle process runs `task` (ADR 064): one that has run it before, whose engine's data is
 * loaded already (the beat engine's SoundFont is about 100 MB a process); else, while the pool has
 * fewer processes than `limit`, none (a new one starts, so each kind of work keeps to its own
 * process instead of every process loading every engine); else one that has run nothing, else the
 * one parked last. Removes the chosen process from `idle`.
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

/**
 * Light tasks (ADR 068): short work whose engine's data should not live in the web process (a
 * marketing plan's language tagger, the holiday rules). They take their own slot, not a render's,
 * so they never wait behind a render, and keep to a process of their own beside the pool's, at the
 * web process's priority (they ran on its request thread before), so a render's process never
 * loads their engines, nor theirs a SoundFont.
 */
const LIGHT_TASKS = new Set<string>(['marketingPlan', 'holidays'] satisfies TaskName[]);

/** Processes running heavy (not light) tasks now: with the idle heavy ones, the pool's size. */
let runningHeavy = 0;

/** An idle process of the task's kind (takeIdle), removed from `idle`; none: a new one starts. */
function takeOfKind(task: string, light: boolean): PoolWorker | undefined {
  const own = idle.filter((w) => w.light === light);
  const limit = Math.max(1, heavyThreads());
  // Light processes: any idle one, the one that ran the task first; the pool's limit is not theirs.
  const w = takeIdle(own, task, light ? limit : own.length + runningHeavy, limit);
  if (w) idle.splice(idle.indexOf(w), 1);
  return w;
}

/** How many pool processes exist now (tests). */
export function heavyWorkerCount(): number {
  return idle.length + running;
}

export interface RunOptions {
  signal?: AbortSignal;
  progress?: (fraction: number) => void;
  /** Pieces of streamed outputs, in order; `null` ends a stream. */
  onChunk?: (stream: string, data: Uint8Array | null) => void;
}

/**
 * Runs a task from tasks.ts in a pool process (or inline when the pool has 0 threads). Typed
 * arrays in the input are copied to the process; the caller keeps its own.
 */
export async function runHeavy<N extends TaskName>(task: N, input: TaskInput<N>, options: RunOptions = {}): Promise<TaskOutput<N>> {
  options.signal?.throwIfAborted();
  if (heavyThreads() === 0) return runInline(task, input, options);
  return runInProcess(task, input, options);
}

/**
 * Runs a task in a pool process even when the pool has 0 threads (then in one process at a time):
 * track analysis, which has always run off the main thread (analysis-thread.ts).
 */
export async function runInProcess<N extends TaskName>(task: N, input: TaskInput<N>, options: RunOptions = {}): Promise<TaskOutput<N>> {
  const { signal } = options;
  const light = LIGHT_TASKS.has(task);
  signal?.throwIfAborted();
  const slot = await (light ? acquireLightSlot : acquireSlot)(signal);
  let w: PoolWorker | undefined;
  try {
    // Aborted while the slot was being handed over: the process would never hear of it.
    signal?.throwIfAborted();
    w = takeOfKind(task, light) ?? startWorker(light);
    w.ran.add(task);
    if (w.idleTimer) clearTimeout(w.idleTimer);
    running++;
    if (!light) runningHeavy++;
    const result = await runOn(w, task, input, options);
    running--;
    if (!light) runningHeavy--;
    park(w);
    w = undefined;
    return result;
  } catch (error) {
    if (w) {
      running--;
      if (!light) runningHeavy--;
      // A process that failed or was aborted is not reused: whatever it held goes with it.
      end(w);
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
  const { child } = w;
  const id = nextTaskId++;
  const { signal } = options;
  ref(child);
  return new Promise<TaskOutput<N>>((resolve, reject) => {
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      fn();
    };
    const send = (message: ToWorker) =>
      new Promise<void>((written) => {
        child.send(message, undefined, undefined, (error) => {
          if (error) onError(error);
          written();
        });
      });
    const assembly = new Assembly();
    const onAbort = () => {
      void send({ type: 'abort', id });
      // CPU-bound work cannot be interrupted from outside: the process goes if it does not stop itself.
      graceTimer = setTimeout(() => finish(() => reject(signal!.reason)), ABORT_GRACE_MS);
      graceTimer.unref();
    };
    const onMessage = (message: FromWorker) => {
      if (message.id !== id) return;
      if (message.type === 'piece') assembly.add(message);
      else if (message.type === 'progress') options.progress?.(message.fraction);
      else if (message.type === 'chunk') options.onChunk?.(message.stream, message.data);
      else if (message.type === 'done') finish(() => resolve(assembly.restore(message.value) as TaskOutput<N>));
      else {
        const error = Object.assign(new Error(message.message), { name: message.name, code: message.code });
        finish(() => reject(signal?.aborted ? signal.reason : error));
      }
    };
    const onError = (error: Error) => finish(() => reject(error));
    const onExit = (code: number | null, signalName: NodeJS.Signals | null) =>
      finish(() => reject(signal?.aborted ? signal.reason : new Error(`The heavy-work process exited with ${code ?? signalName}`)));
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    // Big typed arrays first, in pieces (pieces.ts), each once the last is written: the event loop
    // answers requests between them. Stopped when the task has ended meanwhile (aborted).
    void (async () => {
      const arrays: ArrayBufferView[] = [];
      const cut = cutOut(input, arrays);
      for (const piece of piecesOf(id, arrays)) {
        if (settled) return;
        await send(piece);
      }
      if (!settled) await send({ type: 'run', id, task, input: cut as TaskInput<N> });
    })();
  });
}
