import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, waitFor, type TestDatabase } from '../../test/helpers';
import { createJobRepository, type JobRepository } from '../repositories/job.repository';
import { createJobQueue } from './queue';
import { createJobWorker } from './worker';
import { JOBS, registerProcessors, type JobProcessors } from './registry';

describe.each(dialects)('typed job registry on %s', (dialect) => {
  let database: TestDatabase;
  let jobs: JobRepository;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    jobs = createJobRepository(database.db.kysely);
  });
  afterAll(async () => database?.drop());

  it('refuses to enqueue a payload that does not match the job’s schema', async () => {
    const queue = createJobQueue(jobs);
    // @ts-expect-error: the type system already refuses it; the schema refuses it at run time too.
    await expect(queue.enqueue('track.analyze', { trackId: 'seven' })).rejects.toThrow(/Invalid payload for job track.analyze/);
    const ok = await queue.enqueue('track.analyze', { trackId: 7 });
    expect(JSON.parse(ok.payload)).toEqual({ trackId: 7 });
  });

  it('fails a stored job with a bad payload for good, without running its processor', async () => {
    const ran: unknown[] = [];
    const failed: unknown[] = [];
    const processors: JobProcessors = {
      'track.analyze': { run: async (p) => void ran.push(p), onFinalFailure: async (p) => void failed.push(p) },
      'track.transcribe': { run: async (p) => void ran.push(p) },
      'beat.generate': { run: async (p) => void ran.push(p) },
      'booth.mixdown': { run: async (p) => void ran.push(p) },
    };
    const bad = await jobs.insert('track.transcribe', { trackId: -3 }, { maxAttempts: 5 });
    const good = await jobs.insert('track.analyze', { trackId: 12 });
    const worker = createJobWorker({ jobs, processors: registerProcessors(processors), pollMs: 20 });
    await worker.start();
    const badDone = await waitFor(() => jobs.findById(bad.id).then((j) => j!), (j) => j.status === 'failed');
    await waitFor(() => jobs.findById(good.id).then((j) => j!), (j) => j.status === 'done');
    await worker.stop();
    expect(badDone.attempts).toBe(1);
    expect(badDone.last_error).toMatch(/Invalid payload for job track.transcribe/);
    expect(ran).toContainEqual({ trackId: 12 });
    expect(ran).not.toContainEqual({ trackId: -3 });
  });

  it('names every job the app runs', () => {
    expect(Object.keys(JOBS).sort()).toEqual(['beat.generate', 'booth.mixdown', 'track.analyze', 'track.transcribe']);
  });
});
