import type { Db } from '../db/index';
import type { JobRepository } from '../repositories/job.repository';
import { createJobQueue, type JobQueue } from './queue';
import { createJobWorker, type JobLog, type JobProcessor } from './worker';
import { createPgBossJobs } from './pg-boss';

/** A stopping worker's running jobs get this long to finish before they go back to the queue. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface JobBackendSettings {
  /** SQLite queue: lease renewed by heartbeats. */
  leaseSeconds: number;
  /** PostgreSQL queue: the longest one run may take. */
  timeoutSeconds: number;
  /** PostgreSQL queue: first retry delay (seconds, doubled per attempt) and the stop grace period. */
  retryDelaySeconds?: number;
  shutdownGraceMs?: number;
  log?: JobLog;
}

export interface JobRunner {
  workerId: string;
  start(): Promise<void>;
  /** Takes no new jobs; running ones finish or go back to the queue. */
  stop(): Promise<void>;
  wake(): void;
  readonly runningCount: number;
}

export interface JobBackend {
  queue: JobQueue;
  createWorker(options: { processors: Record<string, JobProcessor>; concurrency: number; log?: JobLog }): JobRunner;
  /** Ready to take jobs (PostgreSQL: installs the job library's schema and queue). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The queue for this database: pg-boss on PostgreSQL, the embedded table queue on SQLite (the
 * single-machine default). Both keep the `jobs` table as the record services read.
 */
export function createJobBackend(db: Db, jobs: JobRepository, settings: JobBackendSettings): JobBackend {
  if (db.dialect === 'postgres') {
    const pg = createPgBossJobs(db.kysely, { ...settings, shutdownGraceMs: settings.shutdownGraceMs ?? SHUTDOWN_GRACE_MS });
    return { queue: pg.queue, createWorker: (options) => pg.createWorker(options), start: pg.start, stop: pg.stop };
  }
  const wakers = new Set<() => void>();
  const queue = createJobQueue(jobs, () => {
    for (const wake of wakers) wake();
  });
  return {
    queue,
    createWorker({ processors, concurrency, log }) {
      const worker = createJobWorker({
        jobs,
        processors,
        concurrency,
        leaseMs: settings.leaseSeconds * 1000,
        shutdownGraceMs: settings.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
        log: log ?? settings.log,
      });
      return {
        workerId: worker.workerId,
        async start() {
          wakers.add(worker.wake);
          await worker.start();
        },
        async stop() {
          wakers.delete(worker.wake);
          await worker.stop();
        },
        wake: worker.wake,
        get runningCount() {
          return worker.runningCount;
        },
      };
    },
    start: async () => {},
    stop: async () => {},
  };
}
