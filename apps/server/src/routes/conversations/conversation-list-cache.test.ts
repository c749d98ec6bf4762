import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../db/index';
import { buildApp } from '../../app';
import { createTestDatabase, dialects, registerUser, testEnv, waitFor, type TestDatabase } from '../../../test/helpers';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/conversations` keeps each artist's unfiltered pages until that artist's conversations
 * change (ADR 060, after ADR 027). A page is never served after a change that completed before the
 * request: one made by this process shows at once, one made by another process at once on SQLite
 * (data_version and the change log) and as soon as its notification arrives on PostgreSQL; another
 * artist's kept page stays kept.
 */
describe.each(dialects)('kept conversations lists on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let artist: Awaited<ReturnType<typeof registerUser>>;
  /** A second handle on the same database: another server or worker process, as far as this one can tell. */
  let other: Db;

  const titles = async (cookie = artist.cookie) => {
    const res = await app.inject({ url: '/api/conversations', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((c) => c.title);
  };
  const create = async (title: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: artist.cookie }, payload: { title, category: 'chat' } });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /**
   * Until a list is served without its query. On PostgreSQL this process's own changes also come
   * back as notifications a moment later, and each one lets the next list read the database again.
   */
  const kept = (cookie = artist.cookie) => waitFor(() => listQueries(() => titles(cookie)), (n) => n === 0);
  /** How many times the list query reached the database while `work` ran. */
  const listQueries = async (work: () => Promise<unknown>) => {
    const spy = vi.spyOn(database.db.kysely, 'executeQuery');
    try {
      await work();
      const text = (query: (typeof spy.mock.calls)[number][0]) => ('sql' in query ? query.sql : query.compile().sql);
      return spy.mock.calls.filter(([query]) => /json_group_array|string_agg/.test(text(query))).length;
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(database.db, testEnv());
    await app.ready();
    await registerUser(app); // the first account is the admin
    artist = await registerUser(app);
    other = dialect === 'sqlite' ? openDatabase({ sqliteFile: database.location }) : openDatabase({ databaseUrl: database.location, sqliteFile: '' });
    // PostgreSQL: the change feed connects on first use.
    await waitFor(async () => database.db.conversationChanges.sync(), (v) => v === true);
  });
  afterAll(async () => {
    await other.close();
    await app.close();
    await database.drop();
  });

  it('serves a repeated list without querying the database', async () => {
    await create('First');
    expect(await titles()).toEqual(['First']);
    await kept();
    // Another artist's list is their own page.
    const second = await registerUser(app);
    expect(await titles(second.cookie)).toEqual([]);
    expect(await titles()).toEqual(['First']);
  });

  it('shows every change made through the app at once', async () => {
    const id = await create('Second');
    expect(await titles()).toEqual(['Second', 'First']);
    const rename = await app.inject({ method: 'PATCH', url: `/api/conversations/${id}`, headers: { cookie: artist.cookie }, payload: { title: 'Renamed' } });
    expect(rename.statusCode).toBe(200);
    expect(await titles()).toEqual(['Renamed', 'First']);
    const del = await app.inject({ method: 'DELETE', url: `/api/conversations/${id}`, headers: { cookie: artist.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await titles()).toEqual(['First']);
    // Written as raw SQL, as a repository might.
    await sql`update conversations set title = ${'Raw'} where user_id = ${artist.user.id}`.execute(database.db.kysely);
    expect(await titles()).toEqual(['Raw']);
  });

  it("shows a transaction's change once it commits, and never a rolled-back one", async () => {
    const now = new Date().toISOString();
    const row = { user_id: artist.user.id, title: 'In a transaction', category: 'chat', created_at: now, updated_at: now };
    expect(await titles()).toEqual(['Raw']);
    await expect(
      database.db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('conversations').values(row).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await titles()).toEqual(['Raw']);
    await database.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('conversations').values(row).execute();
    });
    expect(await titles()).toEqual(['In a transaction', 'Raw']);
  });

  it('shows a change another process made', async () => {
    const before = await titles();
    await kept();
    await other.kysely.updateTable('conversations').set({ title: 'Changed elsewhere' }).where('title', '=', 'Raw').execute();
    const expected = before.map((t) => (t === 'Raw' ? 'Changed elsewhere' : t));
    // SQLite sees it on the very next request; PostgreSQL once the trigger's notification arrived.
    if (dialect === 'sqlite') expect(await titles()).toEqual(expected);
    else await waitFor(() => titles(), (t) => JSON.stringify(t) === JSON.stringify(expected));
    await other.kysely.deleteFrom('conversations').where('user_id', '=', artist.user.id).execute();
    if (dialect === 'sqlite') expect(await titles()).toEqual([]);
    else await waitFor(() => titles(), (t) => t.length === 0);
  });

  it("keeps another artist's page while one artist's conversations change, here or in another process", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const make = async (cookie: string, title: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { title, category: 'chat' } });
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const aFirst = await make(a.cookie, 'A one');
    await make(b.cookie, 'B one');
    await kept(a.cookie);
    await kept(b.cookie);
    // A renames, adds and deletes through the app: A's next list shows each; B's stays kept, and right.
    const rename = await app.inject({ method: 'PATCH', url: `/api/conversations/${aFirst}`, headers: { cookie: a.cookie }, payload: { title: 'A renamed' } });
    expect(rename.statusCode).toBe(200);
    expect(await titles(a.cookie)).toEqual(['A renamed']);
    expect(await listQueries(async () => expect(await titles(b.cookie)).toEqual(['B one']))).toBe(0);
    const aSecond = await make(a.cookie, 'A two');
    expect(await titles(a.cookie)).toEqual(['A two', 'A renamed']);
    expect(await listQueries(async () => expect(await titles(b.cookie)).toEqual(['B one']))).toBe(0);
    const del = await app.inject({ method: 'DELETE', url: `/api/conversations/${aSecond}`, headers: { cookie: a.cookie } });
    expect(del.statusCode).toBe(204);
    expect(await titles(a.cookie)).toEqual(['A renamed']);
    expect(await listQueries(async () => expect(await titles(b.cookie)).toEqual(['B one']))).toBe(0);
    // A conversation moved from A to B by hand (raw SQL): both lists change.
    await kept(a.cookie);
    await sql`update conversations set user_id = ${b.user.id} where id = ${aFirst}`.execute(database.db.kysely);
    expect(await titles(a.cookie)).toEqual([]);
    expect(await titles(b.cookie)).toEqual(['A renamed', 'B one']);
    // Another process renames B's conversation: B's list shows it (SQLite: on the very next request), A's stays kept.
    await kept(a.cookie);
    await kept(b.cookie);
    await other.kysely.updateTable('conversations').set({ title: 'B elsewhere' }).where('title', '=', 'B one').execute();
    if (dialect === 'sqlite') expect(await titles(b.cookie)).toEqual(['A renamed', 'B elsewhere']);
    else await waitFor(() => titles(b.cookie), (t) => JSON.stringify(t) === JSON.stringify(['A renamed', 'B elsewhere']));
    expect(await listQueries(async () => expect(await titles(a.cookie)).toEqual([]))).toBe(0);
    // Another process deletes B's account: its conversations go by cascade, and are told as B's change.
    await kept(b.cookie);
    await other.kysely.deleteFrom('conversations').where('user_id', '=', b.user.id).where('title', '=', 'A renamed').execute();
    if (dialect === 'sqlite') expect(await titles(b.cookie)).toEqual(['B elsewhere']);
    else await waitFor(() => titles(b.cookie), (t) => JSON.stringify(t) === JSON.stringify(['B elsewhere']));
  });

  it("tells a deleted account's cascaded conversations as that artist's change", async () => {
    const c = await registerUser(app);
    const made = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: c.cookie }, payload: { title: 'C one', category: 'chat' } });
    expect(made.statusCode).toBe(201);
    const told: unknown[] = [];
    const stop = database.db.conversationChanges.onChange((artists) => told.push(artists));
    try {
      await other.kysely.deleteFrom('users').where('id', '=', c.user.id).execute();
      await waitFor(
        async () => (await database.db.conversationChanges.sync(), told),
        (t) => t.some((artists) => artists === 'all' || (artists as number[]).includes(c.user.id)),
      );
      expect(told.some((artists) => Array.isArray(artists) && artists.includes(c.user.id))).toBe(true);
    } finally {
      stop();
    }
  });

  // PostgreSQL only: SQLite has no feed to lose.
  if (dialect === 'postgres') {
    it('keeps nothing while the change feed is down, and sees what changed meanwhile', async () => {
      await create('Before the outage');
      expect(await titles()).toEqual(['Before the outage']);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(other.kysely);
      await waitFor(async () => database.db.conversationChanges.sync(), (v) => v === false);
      await other.kysely.updateTable('conversations').set({ title: 'During the outage' }).where('user_id', '=', artist.user.id).execute();
      expect(await titles()).toEqual(['During the outage']);
      expect(await listQueries(() => titles())).toBe(1); // not kept while the feed is down
      // The feed comes back within seconds, and lists are kept again.
      await waitFor(async () => database.db.conversationChanges.sync(), (v) => v === true);
      expect(await titles()).toEqual(['During the outage']);
      await kept();
    });
  }
});
