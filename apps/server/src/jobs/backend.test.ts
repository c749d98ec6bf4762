import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, waitFor, type TestDatabase } from '../../test/helpers';
import { inTransaction, openDatabase, type Db } from '../db/index';
import { createJobRepository, type JobRepository } from '../repositories/job.repository';
import { createJobBackend, type JobBackend, type JobRunner } from './backend';
import { PermanentJobError } from '../errors';
import type { JobProcessor } from './worker';

/**
 * The queue each database gets (pg-boss on PostgreSQL, the table queue on SQLite), through the
 * interface the app uses. Two backends on one database stand for two processes.
 */
describe.each(dialects)('job queue backend on %s', (dialect) => {
  let database: TestDatabase;
  let jobs: JobRepository;
  const backends: JobBackend[] = [];
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    jobs = createJobRepository(database.db.kysely);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await Promise.all(backends.splice(0).map((b) => b.stop()));
    await database?.drop();
  });

  async function backend(settings: { shutdownGraceMs?: number } = {}) {
    const b = createJobBackend(database.db, jobs, { leaseSeconds: 1, timeoutSeconds: 30, retryDelaySeconds: 0, ...settings });
    await b.start();
    backends.push(b);
    return b;
  }
  async function worker(b: JobBackend, processor: JobProcessor, concurrency = 1) {
    const runner = b.createWorker({ processors: { 'track.analyze': processor }, concurrency });
    await runner.start();
    runners.push(runner);
    return runner;
  }
  const row = (id: number) => jobs.findById(id).then((j) => j!);

  it('writes a job with its unit of work: a rolled-back transaction leaves nothing to run', async () => {
    const b = await backend();
    const ran: number[] = [];
    await expect(
      inTransaction(database.db.kysely, async (trx) => {
        await b.queue.enqueue('track.analyze', { trackId: 1 }, { jobs: createJobRepository(trx) });
        throw new Error('the rest of the write failed');
      }),
    ).rejects.toThrow('the rest of the write failed');
    const kept = await inTransaction(database.db.kysely, (trx) => b.queue.enqueue('track.analyze', { trackId: 2 }, { jobs: createJobRepository(trx) }));
    b.queue.notify();
    await worker(b, { run: async ({ trackId }) => void ran.push(trackId) });
    await waitFor(() => row(kept.id), (j) => j.status === 'done', 10_000);
    expect(ran).toEqual([2]);
  });

  it('runs each of 60 jobs exactly once with two workers of three slots each', async () => {
    const [a, b] = [await backend(), await backend()];
    const runs = new Map<number, number>();
    const processor: JobProcessor<{ trackId: number }> = {
      async run({ trackId }, ctx) {
        runs.set(trackId, (runs.get(trackId) ?? 0) + 1);
        ctx.progress(0.5);
        // A job that takes a moment, as real ones do, so both workers hold jobs at the same time (nothing to await).
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    await worker(a, processor, 3);
    await worker(b, processor, 3);
    const enqueued = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).queue.enqueue('track.analyze', { trackId: 1000 + i })));
    for (const job of enqueued) await waitFor(() => row(job.id), (j) => j.status === 'done', 20_000);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    for (const job of enqueued) expect(await row(job.id)).toMatchObject({ attempts: 1, progress: 1, last_error: null });
  });

  it('retries a failing job up to its attempts, fails it for good, and runs it again on the admin’s retry', async () => {
    const b = await backend();
    let calls = 0;
    let healed = false;
    const finalFailures: string[] = [];
    await worker(b, {
      async run() {
        calls++;
        if (!healed) throw new Error(`boom ${calls}`);
      },
      async onFinalFailure(_payload, error) {
        finalFailures.push(error.message);
      },
    });
    const job = await b.queue.enqueue('track.analyze', { trackId: 7 }, { maxAttempts: 3 });
    const failed = await waitFor(() => row(job.id), (j) => j.status === 'failed', 15_000);
    expect(failed).toMatchObject({ attempts: 3, last_error: 'boom 3' });
    expect(finalFailures).toEqual(['boom 3']);

    healed = true;
    expect(await b.queue.retry(job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await b.queue.retry(job.id)).toBeUndefined(); // no longer failed
    await waitFor(() => row(job.id), (j) => j.status === 'done', 15_000);
    expect(calls).toBe(4);
  });

  it('fails at once on a permanent error', async () => {
    const b = await backend();
    let calls = 0;
    await worker(b, {
      async run() {
        calls++;
        throw new PermanentJobError('not audio');
      },
    });
    const job = await b.queue.enqueue('track.analyze', { trackId: 8 }, { maxAttempts: 5 });
    expect(await waitFor(() => row(job.id), (j) => j.status === 'failed', 15_000)).toMatchObject({ attempts: 1, last_error: 'not audio' });
    expect(calls).toBe(1);
  });

  it('a stopping worker lets its running job finish first', async () => {
    const b = await backend({ shutdownGraceMs: 10_000 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const runner = await worker(b, {
      async run() {
        started = true;
        await gate;
      },
    });
    const job = await b.queue.enqueue('track.analyze', { trackId: 10 });
    await waitFor(async () => started, Boolean, 10_000);
    const stopping = runner.stop();
    expect((await row(job.id)).status).toBe('running');
    release();
    await stopping;
    expect(await row(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it.each([1, 2, 3])('starts from eight processes at once on a fresh database, and a job still runs once (round %i)', async () => {
    // Each backend here has its own connection pool, like a separate app or worker process; the
    // race (two creating the queue at once) does not happen every time, hence three rounds.
    const fresh = await createTestDatabase(dialect);
    const started: JobBackend[] = [];
    const pools: Db[] = [];
    let runner: JobRunner | undefined;
    try {
      const starting = Array.from({ length: 8 }, () => {
        const db = dialect === 'postgres' ? openDatabase({ databaseUrl: fresh.location, sqliteFile: '' }) : fresh.db;
        if (db !== fresh.db) pools.push(db);
        const b = createJobBackend(db, createJobRepository(db.kysely), { leaseSeconds: 1, timeoutSeconds: 30, retryDelaySeconds: 0 });
        return b.start().then(() => void started.push(b));
      });
      await Promise.all(starting);
      expect(started).toHaveLength(8);
      const freshJobs = createJobRepository(fresh.db.kysely);
      let runs = 0;
      runner = started[0]!.createWorker({ processors: { 'track.analyze': { run: async () => void runs++ } }, concurrency: 1 });
      await runner.start();
      const job = await started[1]!.queue.enqueue('track.analyze', { trackId: 11 });
      await waitFor(() => freshJobs.findById(job.id), (j) => j?.status === 'done', 15_000);
      expect(runs).toBe(1);
    } finally {
      await runner?.stop();
      await Promise.all(started.map((b) => b.stop()));
      await Promise.all(pools.map((db) => db.close()));
      await fresh.drop();
    }
  });

  it('a stopping worker hands its interrupted job back, and another worker finishes it', async () => {
    const [a, b] = [await backend({ shutdownGraceMs: 100 }), await backend()];
    const seen: string[] = [];
    const first = await worker(a, {
      async run(_payload, ctx) {
        seen.push('first');
        await new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error)));
      },
    });
    const job = await a.queue.enqueue('track.analyze', { trackId: 9 });
    await waitFor(async () => seen.length, (n) => n === 1, 10_000);
    await first.stop();
    expect((await row(job.id)).status).toBe('queued');
    await worker(b, { run: async () => void seen.push('second') });
    await waitFor(() => row(job.id), (j) => j.status === 'done', 15_000);
    expect(seen).toEqual(['first', 'second']);
  });
});
