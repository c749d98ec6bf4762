import crypto from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/types';
import { inTransaction } from '../db/index';
import { createJobRepository, type JobRepository } from '../repositories/job.repository';
import type { JobQueue } from './queue';
import { parseJobPayload } from './registry';
import { PermanentJobError } from '../errors';
import { retryAfterMsOf, type JobContext, type JobLog, type JobProcessor } from './worker';

/** The one pg-boss queue; its messages carry the id of the job's row in the app's `jobs` table. */
export const PG_BOSS_QUEUE = 'members-only-jobs';
/** Deliveries beyond a job's attempts, for runs whose worker died before it could say how it went. */
const SPARE_DELIVERIES = 2;
const PROGRESS_WRITE_MS = 250;
/** PostgreSQL's SQLSTATE for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

export interface PgBossJobsSettings {
  /** The longest one run may take (pg-boss's expiry): it is then stopped, and a dead worker's job runs again. */
  timeoutSeconds: number;
  /** First retry delay in seconds; pg-boss doubles it (with jitter) per attempt. 0: at once. */
  retryDelaySeconds?: number;
  /** How often an idle worker asks for work; a worker in the enqueuing process is woken at once. */
  pollSeconds?: number;
  /** How long a stopping worker lets running jobs finish before it interrupts them. */
  shutdownGraceMs?: number;
  log?: JobLog;
}

interface Message {
  jobId: number;
}

// Loaded when a PostgreSQL installation starts its queue: a SQLite install never reads it.
const require = createRequire(import.meta.url);

/**
 * The queue on PostgreSQL (ADR 020): pg-boss delivers each job to one worker (`FOR UPDATE SKIP
 * LOCKED`), retries it with backoff and, when a worker dies mid-run, hands the job to another once
 * its run exceeds the expiry. The `jobs` table stays the app's record of every job (status,
 * progress, attempts, error), written in the same transaction as the pg-boss message.
 */
export function createPgBossJobs(db: Kysely<Database>, settings: PgBossJobsSettings) {
  const { timeoutSeconds, retryDelaySeconds = 2, pollSeconds = 1, shutdownGraceMs = 10_000, log } = settings;
  const jobs = createJobRepository(db);
  const PgBossClass = require('pg-boss') as typeof PgBoss;
  const connection = libraryConnection(jobs.connection());
  const boss = new PgBossClass({
    db: connection,
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: false,
    // Expiry is checked by maintenance; a dead worker's job waits at most about a tenth more.
    maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.ceil(timeoutSeconds / 10))),
    pollingIntervalSeconds: pollSeconds,
  });
  boss.on('error', (error) => log?.warn({ err: error.message }, 'job queue error'));
  const wakers = new Set<() => void>();

  async function send(repository: JobRepository, row: JobRow) {
    const id = await boss.send(PG_BOSS_QUEUE, { jobId: row.id } satisfies Message, {
      db: repository.connection(),
      expireInSeconds: timeoutSeconds,
      retryLimit: row.max_attempts - 1 + SPARE_DELIVERIES,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      startAfter: new Date(row.run_at),
    });
    if (!id) throw new Error('The job queue is not ready (pg-boss was not started).');
  }

  const notify = () => {
    for (const wake of wakers) wake();
  };

  const queue: JobQueue = {
    async enqueue(name, payload, options = {}) {
      const { jobs: unitOfWork, ...rest } = options;
      const checked = parseJobPayload(name, payload);
      const add = async (repository: JobRepository) => {
        const row = await repository.insert(name, checked, rest);
        await send(repository, row);
        return row;
      };
      if (unitOfWork) return add(unitOfWork);
      const row = await inTransaction(db, (trx) => add(createJobRepository(trx)));
      notify();
      return row;
    },
    find: (id) => jobs.findById(id),
    notify,
    async retry(id) {
      const row = await inTransaction(db, async (trx) => {
        const repository = createJobRepository(trx);
        const job = await repository.retryFailed(id);
        if (job) await send(repository, job);
        return job;
      });
      if (row) notify();
      return row;
    },
  };

  function createWorker(options: { processors: Record<string, JobProcessor>; concurrency?: number; workerId?: string; log?: JobLog }) {
    const { processors, concurrency = 1, workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}` } = options;
    const workerLog = options.log ?? log;
    const running = new Map<string, AbortController>();
    const loops: string[] = [];
    let stopping = false;

    async function run(message: PgBoss.JobWithMetadata<Message>) {
      if (stopping) throw new Error('Worker stopping');
      // One token per delivery: a run that outlived its expiry cannot overwrite the next run's state.
      const token = `${workerId}#${message.id.slice(0, 8)}.${message.retryCount}`;
      const row = await jobs.begin(message.data.jobId, token);
      if (!row) return; // finished meanwhile (a second delivery after a crash past the finish line)
      const processor = processors[row.type];
      if (!processor) {
        await jobs.fail(row.id, `No processor for job ${row.type}`, null, token);
        return;
      }
      const controller = new AbortController();
      running.set(message.id, controller);
      const limit = setTimeout(() => controller.abort(new Error('The job took longer than its time limit.')), Math.max(500, Number(message.expireInSeconds) * 1000 - 1000));
      let lastWrite = 0;
      let progressWrite: Promise<void> = Promise.resolve();
      const context: JobContext = {
        jobId: row.id,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        signal: controller.signal,
        progress(fraction) {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          const value = Math.max(0, Math.min(1, fraction));
          progressWrite = progressWrite.then(() => jobs.setProgress(row.id, value)).catch(() => {});
        },
      };
      const payload: unknown = JSON.parse(row.payload);
      workerLog?.info({ jobId: row.id, type: row.type, attempt: row.attempts, worker: workerId }, 'job started');
      try {
        await processor.run(payload, context);
        await progressWrite;
        await jobs.complete(row.id, token);
      } catch (raw) {
        await progressWrite;
        const error = raw instanceof Error ? raw : new Error(String(raw));
        if (stopping && controller.signal.aborted) {
          // Back in the queue; pg-boss hands it to a worker that is still running.
          await jobs.fail(row.id, 'Interrupted by shutdown', new Date(), token).catch(() => {});
          throw error;
        }
        const final = error instanceof PermanentJobError || row.attempts >= row.max_attempts || message.retryCount >= message.retryLimit;
        workerLog?.warn({ jobId: row.id, type: row.type, attempt: row.attempts, err: error.message, final }, 'job failed');
        await jobs.fail(row.id, error.message, final ? null : new Date(), token);
        if (!final) {
          // pg-boss schedules the next attempt on its own backoff; a service's Retry-After longer
          // than that is waited out here first (within the job's time limit, and not past a shutdown).
          const extra = Math.min((retryAfterMsOf(error) ?? 0) - retryDelaySeconds * 1000 * 2 ** Math.max(0, message.retryCount), Number(message.expireInSeconds) * 1000 - 2000);
          if (extra > 0) await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, extra);
            controller.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
          });
          throw error;
        }
        await processor.onFinalFailure?.(payload, error).catch((e: unknown) => workerLog?.error({ err: e }, 'onFinalFailure failed'));
      } finally {
        clearTimeout(limit);
        running.delete(message.id);
      }
    }

    const wake = () => {
      for (const id of loops) boss.notifyWorker(id);
    };

    return {
      workerId,
      async start() {
        stopping = false;
        for (let i = 0; i < concurrency; i++) {
          let id = '';
          id = await boss.work<Message>(PG_BOSS_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: pollSeconds }, async (batch) => {
            try {
              for (const message of batch) await run(message);
            } finally {
              // Straight on to the next job rather than waiting for the next poll.
              if (!stopping) boss.notifyWorker(id);
            }
          });
          loops.push(id);
        }
        wakers.add(wake);
      },
      wake,
      /**
       * Takes no new jobs, lets running ones finish for the grace period, then interrupts the
       * rest, which go back to the queue for another worker.
       */
      async stop() {
        stopping = true;
        wakers.delete(wake);
        await Promise.all(loops.splice(0).map((id) => boss.offWork({ id })));
        const deadline = Date.now() + shutdownGraceMs;
        while (running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        for (const controller of running.values()) controller.abort(new Error('Interrupted by shutdown'));
        while (running.size > 0) await new Promise((r) => setTimeout(r, 20));
      },
      get runningCount() {
        return running.size;
      },
    };
  }

  return {
    queue,
    createWorker,
    /** Installs or upgrades pg-boss's schema (in its own `pgboss` schema) and the queue. */
    async start() {
      await boss.start();
      for (let attempt = 1; ; attempt++) {
        try {
          if (await boss.getQueue(PG_BOSS_QUEUE)) return;
          await boss.createQueue(PG_BOSS_QUEUE, { name: PG_BOSS_QUEUE, policy: 'standard' });
          return;
        } catch (error) {
          // Processes that start together on a fresh database each try to create the queue: the
          // library's create (insert the queue row, then a foreign key to it) can deadlock with
          // another's. PostgreSQL ends one of them, which then finds the queue the other made.
          if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true });
      await connection.drainAndClose();
    },
  };
}

/** How long a stop waits for the library's last queries (see libraryConnection). */
const DRAIN_MS = 5000;

/**
 * The connection pg-boss runs its own queries on, which a stop can close. pg-boss does not await
 * everything it starts: it completes or fails a job without awaiting it, and a worker loop's fetch
 * that was under way when the loop stopped still hands its jobs to the handler, whose refusal is
 * such a fail. After the app's stop those queries met a destroyed database and ended as unhandled
 * rejections. So a stop first waits until none is in flight (a finished query can start the
 * next: a fetch its fail) for at most DRAIN_MS, then answers any later query with no rows instead
 * of running it: the job stays active in pg-boss's table until its expiry hands it out again, and
 * the app's own row (jobs.begin) tells a finished job from one to run.
 */
export function libraryConnection(inner: { executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> }) {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> {
      if (closed) return Promise.resolve({ rows: [] });
      const query = inner.executeSql(text, values);
      inFlight.add(query);
      void query.then(
        () => inFlight.delete(query),
        () => inFlight.delete(query),
      );
      return query;
    },
    async drainAndClose() {
      const deadline = Date.now() + DRAIN_MS;
      // A macrotask after each settled batch, so what their results start is in flight too.
      while (Date.now() < deadline) {
        if (inFlight.size) await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
        await new Promise((r) => setImmediate(r));
        if (inFlight.size === 0) break;
      }
      closed = true;
    },
  };
}
