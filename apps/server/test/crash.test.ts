import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, waitFor, type TestDatabase } from './helpers';
import { startFakeReplicate } from './fake-replicate';
import { startProcess, type ServerProcess } from './processes';
import { fleetEnv, generate, register, type Fake } from './fleet';

/**
 * Crash suite: `kill -9` the web process and the worker together while artists write and start
 * jobs, start them again, and find every acknowledged write and every accepted job there and
 * finished. SQLite: the file passes `PRAGMA integrity_check`; PostgreSQL: the row counts add up.
 */
describe.each(dialects)('a crash of the app and the worker on %s', (dialect) => {
  let database: TestDatabase;
  let fake: Fake;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];

  const start = async () => {
    const [app, worker] = await Promise.all([
      startProcess('app', { ...env, WORKERS: '0', LOG_LEVEL: 'warn' }),
      startProcess('worker', { ...env, LOG_LEVEL: 'info' }),
    ]);
    processes.push(app, worker);
    return { app, worker };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Each prediction takes a moment, so some jobs are always in the middle of their run.
    fake = await startFakeReplicate({ delayMs: 40 });
    env = fleetEnv(database, fake);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake?.close();
    await database?.drop();
  });

  it('keeps every acknowledged write and finishes every accepted job after kill -9 and a restart', async () => {
    const first = await start();
    const { cookie } = await register(first.app.url);
    const acknowledged: number[] = [];
    const beatsAnswered: number[] = [];
    let crashed = false;
    let seed = 50_000;

    // Artists keep writing (new conversations) and starting beats until the crash cuts them off.
    const writer = async () => {
      while (!crashed) {
        const res = await fetch(`${first.app.url}/api/conversations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ title: `session ${acknowledged.length}`, category: 'chat' }),
        }).catch(() => undefined);
        if (!res) return;
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
      }
    };
    const starter = async () => {
      while (!crashed) {
        const res = await generate(first.app.url, cookie, seed++).catch(() => undefined);
        if (!res) return;
        if (res.status === 201) beatsAnswered.push(((await res.json()) as { id: number }).id);
      }
    };
    const load = Promise.all([writer(), writer(), writer(), starter(), starter(), starter(), starter()]);

    // Crash once there is real work behind and a job is running in the worker right now.
    const countBeats = () => database.db.kysely.selectFrom('beats').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
    await waitFor(async () => acknowledged.length >= 20 && beatsAnswered.length >= 5 && (await countBeats()) >= 15, Boolean, 30_000);
    await waitFor(
      () => database.db.kysely.selectFrom('jobs').select('id').where('status', '=', 'running').execute(),
      (rows) => rows.length > 0,
      10_000,
    );
    crashed = true;
    await Promise.all([first.app.kill9(), first.worker.kill9()]);
    await load;

    const accepted = await database.db.kysely.selectFrom('beats').select(['id', 'job_id']).execute();
    expect(accepted.length).toBeGreaterThanOrEqual(15);
    const unfinished = await database.db.kysely.selectFrom('jobs').select('id').where('status', '!=', 'done').execute();
    // The crash left work behind: that is what the restart must finish.
    expect(unfinished.length).toBeGreaterThan(0);

    const second = await start();
    // Every job accepted before the crash finishes: the killed worker's ones once their lease or expiry runs out.
    await waitFor(
      () => database.db.kysely.selectFrom('jobs').select(['id', 'status']).where('status', '!=', 'done').execute(),
      (rows) => rows.length === 0,
      40_000,
    );
    const beats = await database.db.kysely.selectFrom('beats').select(['id', 'status', 'job_id']).execute();
    expect(beats.filter((b) => b.status !== 'done')).toEqual([]);
    expect(beats.map((b) => b.id)).toEqual(expect.arrayContaining([...beatsAnswered, ...accepted.map((b) => b.id)]));

    // Every write the app acknowledged is there, through the restarted app too.
    const kept = await database.db.kysely.selectFrom('conversations').select('id').where('id', 'in', acknowledged).execute();
    expect(kept).toHaveLength(acknowledged.length);
    const listed = await fetch(`${second.app.url}/api/conversations?limit=100`, { headers: { cookie } }).then((r) => r.status);
    expect(listed).toBe(200);

    if (dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db.kysely);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    } else {
      const counts = await sql<{ beats: number; done: number; jobs: number; jobs_done: number }>`
        select (select count(*)::int from beats) as beats,
               (select count(*)::int from beats where status = 'done') as done,
               (select count(*)::int from jobs) as jobs,
               (select count(*)::int from jobs where status = 'done') as jobs_done`.execute(database.db.kysely);
      expect(counts.rows[0]).toEqual({ beats: beats.length, done: beats.length, jobs: beats.length, jobs_done: beats.length });
      // pg-boss holds nothing unfinished for the app's queue either.
      const pending = () => sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'members-only-jobs' and state < 'completed'`.execute(database.db.kysely).then((r) => r.rows[0]!.n);
      expect(await waitFor(pending, (n) => n === 0, 5000)).toBe(0);
    }
  }, 240_000);
});
