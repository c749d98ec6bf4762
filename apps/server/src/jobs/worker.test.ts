import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, dialects, waitFor, type TestDatabase } from '../../test/helpers';
import { createJobRepository, type JobRepository } from '../repositories/job.repository';
import { PermanentJobError } from '../errors';
import { createJobWorker, type JobProcessor } from './worker';

describe.each(dialects)('durable job queue on %s', (dialect) => {
  let database: TestDatabase;
  let jobs: JobRepository;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    jobs = createJobRepository(database.db.kysely);
  });
  afterAll(async () => database?.drop());

  const status = (id: number) => jobs.findById(id).then((j) => j!);

  it('runs a job, reports progress and marks it done', async () => {
    const seen: number[] = [];
    const processors: Record<string, JobProcessor> = {
      'test.progress': {
        async run(payload: { n: number }, ctx) {
          // The first report is written at once (later ones at most a few times a second): it shows
          // on the job's row while the job is still running.
          ctx.progress(1 / payload.n);
          const shown = await vi.waitFor(async () => {
            const { progress } = await status(ctx.jobId);
            expect(progress).toBeGreaterThan(0);
            return progress;
          });
          seen.push(shown);
          for (let i = 2; i <= payload.n; i++) ctx.progress(i / payload.n);
        },
      },
    };
    const worker = createJobWorker({ jobs, processors, pollMs: 50 });
    const job = await jobs.insert('test.progress', { n: 4 });
    await worker.start();
    const done = await waitFor(() => status(job.id), (j) => j.status === 'done');
    await worker.stop();
    expect(done).toMatchObject({ status: 'done', progress: 1, attempts: 1, last_error: null });
    expect(seen).toEqual([0.25]);
  });

  it('retries a failing job a bounded number of times, then fails it with the error', async () => {
    let calls = 0;
    const failures: string[] = [];
    const worker = createJobWorker({
      jobs,
      pollMs: 20,
      retryBaseMs: 10,
      processors: {
        'test.flaky': {
          async run() {
            calls++;
            throw new Error(`boom ${calls}`);
          },
          async onFinalFailure(_payload, error) {
            failures.push(error.message);
          },
        },
      },
    });
    const job = await jobs.insert('test.flaky', {}, { maxAttempts: 3 });
    await worker.start();
    const failed = await waitFor(() => status(job.id), (j) => j.status === 'failed');
    await worker.stop();
    expect(calls).toBe(3);
    expect(failed).toMatchObject({ attempts: 3, last_error: 'boom 3' });
    expect(failures).toEqual(['boom 3']);
  });

  it("waits a failure's Retry-After (longer than the backoff) before the next attempt", async () => {
    const at: number[] = [];
    const worker = createJobWorker({
      jobs,
      pollMs: 20,
      retryBaseMs: 10,
      processors: {
        'test.rate-limited': {
          async run() {
            at.push(Date.now());
            if (at.length === 1) throw Object.assign(new Error('rate limited'), { retryAfterMs: 1200 });
          },
        },
      },
    });
    const job = await jobs.insert('test.rate-limited', {}, { maxAttempts: 3 });
    await worker.start();
    await waitFor(() => status(job.id), (j) => j.status === 'done');
    await worker.stop();
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1150);
  });

  it('fails at once on a permanent error', async () => {
    let calls = 0;
    const worker = createJobWorker({
      jobs, pollMs: 20, retryBaseMs: 10,
      processors: { 'test.permanent': { async run() { calls++; throw new PermanentJobError('not audio'); } } },
    });
    const job = await jobs.insert('test.permanent', {}, { maxAttempts: 5 });
    await worker.start();
    await waitFor(() => status(job.id), (j) => j.status === 'failed');
    await worker.stop();
    expect(calls).toBe(1);
  });

  it('runs a job again after its worker died mid-way (lease expired)', async () => {
    let firstStarted = false;
    const crashed = createJobWorker({
      jobs, pollMs: 20, leaseMs: 300,
      processors: { 'test.crash': { async run() { firstStarted = true; await new Promise(() => {}); } } },
    });
    const job = await jobs.insert('test.crash', { value: 42 });
    await crashed.start();
    await waitFor(async () => firstStarted, Boolean);
    crashed.abandon(); // the process is gone: no heartbeat, no release
    expect((await status(job.id)).status).toBe('running');

    const payloads: unknown[] = [];
    const restarted = createJobWorker({
      jobs, pollMs: 50, leaseMs: 300,
      processors: { 'test.crash': { async run(payload) { payloads.push(payload); } } },
    });
    await restarted.start();
    const done = await waitFor(() => status(job.id), (j) => j.status === 'done');
    await restarted.stop();
    expect(payloads).toEqual([{ value: 42 }]);
    expect(done.attempts).toBe(2);
  });

  it('keeps a long job leased while its worker is alive', async () => {
    let runs = 0;
    // The job runs until the test releases it: long enough for its lease to be renewed well past
    // three lease periods, which the test sees on the row (no timer decides how long "long" is).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const leaseMs = 150;
    const worker = createJobWorker({
      jobs, pollMs: 20, leaseMs,
      processors: { 'test.long': { async run() { runs++; await released; } } },
    });
    const job = await jobs.insert('test.long', {});
    await worker.start();
    const lockedAt = (j: { locked_at: string | Date | null }) => new Date(j.locked_at!).getTime();
    const claimed = await waitFor(() => status(job.id), (j) => j.status === 'running' && j.locked_at !== null);
    await vi.waitFor(
      async () => {
        const now = await status(job.id);
        expect(now).toMatchObject({ status: 'running', attempts: 1 });
        expect(lockedAt(now) - lockedAt(claimed)).toBeGreaterThan(3 * leaseMs);
      },
      { timeout: 10_000, interval: 20 },
    );
    release();
    await waitFor(() => status(job.id), (j) => j.status === 'done');
    await worker.stop();
    expect(runs).toBe(1);
  });
});
