import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, waitFor, type TestDatabase } from './helpers';
import { startFakeReplicate } from './fake-replicate';
import { pidOfLock, startProcess, type ServerProcess } from './processes';
import { fleetEnv, generate, pool, register, type Fake } from './fleet';

/**
 * Two app processes (WORKERS=0) and two worker processes (`npm run worker`) on one database and
 * one DATA_DIR: any request may go to either app, any job to either worker.
 */
describe.each(dialects)('two apps and two workers on %s', (dialect) => {
  let database: TestDatabase;
  let fake: Fake;
  let apps: ServerProcess[] = [];
  let workers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Sync mode (Prefer: wait) as Replicate answers it: a job's time is the app's and the workers',
    // not a 1 s poll interval per beat (200 beats on 6 slots took 38 s of waiting).
    fake = await startFakeReplicate({ wait: true });
    env = fleetEnv(database, fake);
    const started = await Promise.all([
      startProcess('app', { ...env, WORKERS: '0', LOG_LEVEL: 'warn' }),
      startProcess('app', { ...env, WORKERS: '0', LOG_LEVEL: 'warn' }),
      startProcess('worker', { ...env, LOG_LEVEL: 'info' }),
      startProcess('worker', { ...env, LOG_LEVEL: 'info' }),
    ]);
    apps = started.slice(0, 2);
    workers = started.slice(2);
  }, 150_000);

  /** The running job of the beat with this seed. */
  async function jobOfSeed(seed: number) {
    const job = await database.db.kysely
      .selectFrom('beats')
      .innerJoin('jobs', 'jobs.id', 'beats.job_id')
      .select(['jobs.id', 'jobs.locked_by', 'jobs.status'])
      .where('beats.seed', '=', seed)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('running');
    return job;
  }

  afterAll(async () => {
    await Promise.all([...apps, ...workers].map((p) => p.stop()));
    await fake?.close();
    await database?.drop();
  });

  it('accepts a session made on one app on the other, and a sign-out on one ends it on both', async () => {
    const [a, b] = apps as [ServerProcess, ServerProcess];
    const { cookie, user } = await register(a.url);
    const me = await fetch(`${b.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id });
    expect((await fetch(`${b.url}/api/logout`, { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);
    // Any per-process cache may keep it for at most a second (ADR 023).
    const status = await waitFor(() => fetch(`${a.url}/api/user`, { headers: { cookie } }).then((r) => r.status), (s) => s === 401, 1500);
    expect(status).toBe(401);
  });

  it('counts failed sign-ins across both apps', async () => {
    const [a, b] = apps as [ServerProcess, ServerProcess];
    const { username } = await register(a.url);
    const login = (base: string, password: string) =>
      fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }).then((r) => r.status);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await login(i % 2 ? b.url : a.url, 'wrong-password'));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth try is refused on either app, even with the right password.
    expect(await login(a.url, 'secret-pass')).toBe(429);
    expect(await login(b.url, 'secret-pass')).toBe(429);
  });

  it('runs each of 200 queued jobs exactly once across the two workers', async () => {
    const [a, b] = apps as [ServerProcess, ServerProcess];
    const { cookie } = await register(a.url);
    const seeds = Array.from({ length: 200 }, (_, i) => 10_000 + i);
    const statuses = await pool(seeds, 40, async (seed, i) => {
      const res = await generate(i % 2 ? b.url : a.url, cookie, seed);
      const beat = (await res.json()) as { status?: string; audioUrl?: string };
      return `${res.status} ${beat.status}`;
    });
    expect(statuses.filter((s) => s !== '201 done')).toEqual([]);
    // The music service saw each beat once: no job ran twice, none was skipped.
    expect(seeds.filter((s) => fake.seeds.get(s) !== 1)).toEqual([]);
    const started = workers.map((w) => w.logs('job started').map((l) => l.jobId as number));
    const all = started.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(200);
    // Both workers took a share.
    expect(started.every((ids) => ids.length > 0)).toBe(true);
    const rows = () =>
      database.db.kysely
        .selectFrom('beats')
        .innerJoin('jobs', 'jobs.id', 'beats.job_id')
        .select(['beats.seed', 'beats.status', 'jobs.status as job_status', 'jobs.attempts'])
        .where('beats.seed', '>=', 10_000)
        .where('beats.seed', '<', 10_200)
        .execute();
    // A beat is marked done before its job row: the last answers can come a moment before their rows.
    const beats = await waitFor(rows, (all) => all.every((x) => x.job_status !== 'running'), 10_000);
    expect(beats).toHaveLength(200);
    expect(beats.filter((x) => x.status !== 'done' || x.job_status !== 'done' || x.attempts !== 1)).toEqual([]);
  }, 120_000);

  it('a worker stopped with SIGTERM finishes its running job before it exits', async () => {
    const [a] = apps as [ServerProcess];
    const { cookie } = await register(a.url);
    const seed = 66_666;
    fake.hold(seed);
    const response = generate(a.url, cookie, seed);
    await waitFor(async () => fake.holding(seed), Boolean, 20_000);
    const job = await jobOfSeed(seed);
    const index = workers.findIndex((w) => w.pid === pidOfLock(job.locked_by));
    const worker = workers[index]!;
    const exit = worker.stop();
    await waitFor(async () => worker.logs('job worker stopping').length, (n) => n === 1, 10_000);
    expect(worker.child.exitCode).toBeNull(); // still finishing the job
    fake.answerHeld();
    expect(await exit).toBe(0);
    expect((await response).status).toBe(201);
    expect(fake.seeds.get(seed)).toBe(1);
    expect(await database.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ status: 'done', attempts: 1 });
    // Back to two workers for what follows.
    workers[index] = await startProcess('worker', { ...env, LOG_LEVEL: 'info' });
  }, 150_000);

  it('loses no job when a worker is killed (kill -9) in the middle of it', async () => {
    const [a] = apps as [ServerProcess];
    const { cookie } = await register(a.url);
    const seed = 77_777;
    fake.hold(seed);
    const response = generate(a.url, cookie, seed);
    await waitFor(async () => fake.holding(seed), Boolean, 20_000);
    const job = await jobOfSeed(seed);
    const victim = workers.find((w) => w.pid === pidOfLock(job.locked_by));
    expect(victim, `job locked by ${job.locked_by}`).toBeDefined();
    await victim!.kill9();
    fake.release();

    const res = await response;
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'done' });
    expect(fake.seeds.get(seed)).toBe(2);
    const survivor = workers.find((w) => w !== victim)!;
    expect(survivor.logs('job started').some((l) => l.jobId === job.id)).toBe(true);
    // The beat is marked done before its job row, so the answer can come a moment before the row.
    const row = () => database.db.kysely.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(await waitFor(row, (r) => r.status !== 'running', 10_000)).toEqual({ status: 'done', attempts: 2 });
  }, 60_000);
});
