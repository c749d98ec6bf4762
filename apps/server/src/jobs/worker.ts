import crypto from 'node:crypto';
import os from 'node:os';
import type { JobRow } from '../db/types';
import { PermanentJobError } from '../errors';
import type { JobRepository } from '../repositories/job.repository';

export interface JobContext {
  jobId: number;
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker stops; the job then returns to the queue. */
  signal: AbortSignal;
  /** Reports progress 0..1; written to the database at most a few times a second. */
  progress(fraction: number): void;
}

export interface JobProcessor<P = any> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (no attempts left, or a permanent error). */
  onFinalFailure?(payload: P, error: Error): Promise<void>;
}

/** How long a failure asks to wait before the next attempt (an outside service's Retry-After), if it says. */
export function retryAfterMsOf(error: unknown): number | undefined {
  const ms = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobWorkerOptions {
  jobs: JobRepository;
  processors: Record<string, JobProcessor>;
  /** Unique per process, so a restarted process can tell its own leftovers apart. */
  workerId?: string;
  concurrency?: number;
  pollMs?: number;
  /** A running job whose lease is not renewed for this long is taken to have crashed and runs again. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt. */
  retryBaseMs?: number;
  /** How long `stop()` lets running jobs finish before it interrupts them (they return to the queue). */
  shutdownGraceMs?: number;
  log?: JobLog;
}

const PROGRESS_WRITE_MS = 250;

/**
 * Runs jobs from the database queue in this process. Several processes may run workers on the
 * same database: claiming is atomic, leases are renewed by heartbeats, and a crashed worker's jobs
 * are picked up again once its lease runs out. This is the SQLite queue; on PostgreSQL pg-boss
 * delivers the jobs instead (pg-boss.ts, ADR 020).
 */
export function createJobWorker(options: JobWorkerOptions) {
  const {
    jobs,
    processors,
    workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`,
    concurrency = 1,
    pollMs = 1000,
    leaseMs = 60_000,
    retryBaseMs = 2000,
    shutdownGraceMs = 0,
    log,
  } = options;
  const types = Object.keys(processors);
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let wakeAgain = false;

  async function execute(job: JobRow) {
    const processor = processors[job.type]!;
    const controller = new AbortController();
    let lastWrite = 0;
    let pendingProgress: number | undefined;
    let progressWrite: Promise<void> = Promise.resolve();
    const context: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      signal: controller.signal,
      progress(fraction) {
        pendingProgress = Math.max(0, Math.min(1, fraction));
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        const value = pendingProgress;
        progressWrite = progressWrite.then(() => jobs.setProgress(job.id, value)).catch(() => {});
      },
    };
    const payload = JSON.parse(job.payload);
    log?.info({ jobId: job.id, type: job.type, attempt: job.attempts, worker: workerId }, 'job started');
    const done = (async () => {
      try {
        await processor.run(payload, context);
        await progressWrite;
        await jobs.complete(job.id);
      } catch (raw) {
        await progressWrite;
        const error = raw instanceof Error ? raw : new Error(String(raw));
        if (controller.signal.aborted && stopped) {
          await jobs.fail(job.id, 'Interrupted by shutdown', new Date()).catch(() => {});
          return;
        }
        const permanent = error instanceof PermanentJobError;
        const final = permanent || job.attempts >= job.max_attempts;
        // The backoff, or longer when the failure carries the service's Retry-After.
        const wait = Math.max(retryBaseMs * 2 ** (job.attempts - 1), retryAfterMsOf(error) ?? 0);
        const retryAt = final ? null : new Date(Date.now() + wait);
        log?.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: error.message, final }, 'job failed');
        await jobs.fail(job.id, error.message, retryAt);
        if (final) await processor.onFinalFailure?.(payload, error).catch((e) => log?.error({ err: e }, 'onFinalFailure failed'));
      }
    })().finally(() => {
      running.delete(job.id);
      if (!stopped) wake();
    });
    running.set(job.id, { controller, done });
  }

  async function poll() {
    do {
      wakeAgain = false;
      while (!stopped && running.size < concurrency) {
        const job = await jobs.claim(workerId, types);
        if (!job) break;
        await execute(job);
      }
    } while (wakeAgain && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (polling) {
      wakeAgain = true;
      return;
    }
    polling = poll()
      .catch((error) => log?.error({ err: error }, 'job poll failed'))
      .finally(() => {
        polling = undefined;
      });
  }

  async function recoverStale() {
    const requeued = await jobs.requeueStale(leaseMs);
    if (requeued.length) log?.info({ jobs: requeued.map((j) => j.id) }, 'requeued jobs whose worker stopped');
  }

  return {
    workerId,

    async start() {
      if (!stopped) return;
      stopped = false;
      await jobs.releaseWorker(workerId);
      await recoverStale();
      pollTimer = setInterval(() => {
        void recoverStale().catch(() => {});
        wake();
      }, pollMs);
      heartbeatTimer = setInterval(() => void jobs.heartbeat([...running.keys()], workerId).catch(() => {}), Math.max(50, leaseMs / 3));
      pollTimer.unref();
      heartbeatTimer.unref();
      wake();
    },

    /** Call after enqueueing so the job starts without waiting for the next poll. */
    wake,

    /**
     * Stops claiming, lets running jobs finish for the grace period (their leases still renewed),
     * then aborts the rest and returns them to the queue.
     */
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      await polling;
      if (running.size > 0 && shutdownGraceMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running.values()].map((r) => r.done)),
          new Promise((resolve) => (timer = setTimeout(resolve, shutdownGraceMs))),
        ]);
        clearTimeout(timer);
      }
      clearInterval(heartbeatTimer);
      for (const { controller } of running.values()) controller.abort();
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },

    /** Stops this worker's timers without touching the database, as a killed process would. For tests. */
    abandon() {
      stopped = true;
      clearInterval(pollTimer);
      clearInterval(heartbeatTimer);
    },

    get runningCount() {
      return running.size;
    },
  };
}
export type JobWorker = ReturnType<typeof createJobWorker>;
