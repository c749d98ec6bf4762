import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/index';
import type { UserRow } from '../db/types';
import { createSessionCache } from './session-cache';
import { createTestDatabase, dialects, registerUser, testEnv, type TestDatabase } from '../../test/helpers';

const user = { id: 1, username: 'mc' } as UserRow;

describe('session cache', () => {
  it('keeps an entry for its TTL, never past the session, and drops it after', () => {
    let clock = 1_000_000;
    const cache = createSessionCache({ ttlMs: 1000, now: () => clock });
    cache.set('a.sig', cache.begin(), { token: 'a', user: { ...user } }, clock + 60_000);
    expect(cache.get('a.sig')?.token).toBe('a');
    clock += 999;
    expect(cache.get('a.sig')?.user.id).toBe(1);
    clock += 1;
    expect(cache.get('a.sig')).toBeUndefined();
    expect(cache.size).toBe(0);

    // A session ending within the second ends the entry with it.
    cache.set('b.sig', cache.begin(), { token: 'b', user: { ...user } }, clock + 200);
    clock += 200;
    expect(cache.get('b.sig')).toBeUndefined();
  });

  it('counts the second from the start of the lookup, not its end', () => {
    let clock = 0;
    const cache = createSessionCache({ ttlMs: 1000, now: () => clock });
    const lookup = cache.begin();
    clock += 700; // a slow query
    cache.set('a.sig', lookup, { token: 'a', user: { ...user } }, Infinity);
    clock += 300;
    expect(cache.get('a.sig')).toBeUndefined();
  });

  it('keeps nothing from a lookup that was under way when the cache was cleared', () => {
    const cache = createSessionCache();
    const lookup = cache.begin();
    cache.clear();
    cache.set('a.sig', lookup, { token: 'a', user: { ...user } }, Infinity);
    expect(cache.get('a.sig')).toBeUndefined();
    cache.set('a.sig', cache.begin(), { token: 'a', user: { ...user } }, Infinity);
    expect(cache.get('a.sig')).toBeDefined();
    cache.clear();
    expect(cache.get('a.sig')).toBeUndefined();
  });

  it('holds at most maxEntries, the oldest going first, and freezes the shared user', () => {
    const cache = createSessionCache({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, cache.begin(), { token: k, user: { ...user } }, Infinity);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')?.token).toBe('d');
    expect(Object.isFrozen(cache.get('d')!.user)).toBe(true);
  });
});

describe.each(dialects)('session changes on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let changes = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.db;
    db.onSessionChange(() => changes++);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('are announced after updates and deletes on users and sessions, written any way', async () => {
    const before = changes;
    await db.kysely.updateTable('users').set({ username: 'nobody' }).where('id', '=', -1).execute();
    expect(changes).toBe(before + 1);
    await db.kysely.deleteFrom('sessions').where('id', '=', 'none').execute();
    expect(changes).toBe(before + 2);
    await sql`UPDATE users SET username = username WHERE id = -1`.execute(db.kysely);
    expect(changes).toBe(before + 3);
    await sql`delete from "sessions" where id = 'none'`.execute(db.kysely);
    expect(changes).toBe(before + 4);
  });

  it('are not announced for reads, inserts or other tables', async () => {
    const before = changes;
    await db.kysely.selectFrom('users').selectAll().execute();
    await db.kysely.selectFrom('sessions').selectAll().where('id', '=', 'x').execute();
    await db.kysely.updateTable('conversations').set({ title: 'x' }).where('id', '=', -1).execute();
    await db.kysely.deleteFrom('login_failures').where('id', '=', -1).execute();
    await sql`select * from users_created_view_that_does_not_exist where 1 = 0`.execute(db.kysely).catch(() => undefined);
    expect(changes).toBe(before);
  });

  it('inside a transaction are announced at the commit, and not at all when it rolls back', async () => {
    const before = changes;
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ username: 'nobody' }).where('id', '=', -1).execute();
      expect(changes).toBe(before);
    });
    expect(changes).toBe(before + 1);
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('id', '=', 'none').execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(changes).toBe(before + 1);
  });
});

describe.each(dialects)('signed-in requests on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  /** A second handle on the same database: another server process, as far as this one can tell. */
  let other: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(database.db, testEnv());
    await app.ready();
    admin = await registerUser(app); // the first account is the admin
    other = dialect === 'sqlite' ? openDatabase({ sqliteFile: database.location }) : openDatabase({ databaseUrl: database.location, sqliteFile: '' });
  });
  afterAll(async () => {
    await other.close();
    await app.close();
    await database.drop();
  });

  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

  it('stop at once after signing out', async () => {
    const artist = await registerUser(app);
    expect((await me(artist.cookie)).statusCode).toBe(200);
    expect((await me(artist.cookie)).statusCode).toBe(200); // served from the cache
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: artist.cookie } })).statusCode).toBe(204);
    expect((await me(artist.cookie)).statusCode).toBe(401);
  });

  it('see a role or plan change made in this process at once', async () => {
    const artist = await registerUser(app);
    expect((await me(artist.cookie)).json()).toMatchObject({ isAdmin: false, isPremium: false });
    const usersPage = () => app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: artist.cookie } });
    expect((await usersPage()).statusCode).toBe(403);

    const change = (body: object) =>
      app.inject({ method: 'PATCH', url: `/api/admin/users/${artist.user.id}`, headers: { cookie: admin.cookie }, payload: body });
    expect((await change({ isAdmin: true, isPremium: true })).statusCode).toBe(200);
    expect((await me(artist.cookie)).json()).toMatchObject({ isAdmin: true, isPremium: true });
    expect((await usersPage()).statusCode).toBe(200);

    expect((await change({ isAdmin: false })).statusCode).toBe(200);
    expect((await usersPage()).statusCode).toBe(403);
    expect((await me(artist.cookie)).json()).toMatchObject({ isAdmin: false, isPremium: true });
  });

  it('see a sign-out or role change made by another process within a second', async () => {
    const artist = await registerUser(app);
    const sessionsBefore = await other.kysely.selectFrom('sessions').select('id').where('user_id', '=', artist.user.id).execute();
    expect(sessionsBefore).toHaveLength(1);

    // Role change elsewhere: every request that starts a second after it sees it.
    expect((await me(artist.cookie)).json()).toMatchObject({ isPremium: false });
    await other.kysely.updateTable('users').set({ is_premium: 1 }).where('id', '=', artist.user.id).execute();
    await expectWithinASecond(async () => ((await me(artist.cookie)).json() as { isPremium: boolean }).isPremium === true);

    // Sign-out elsewhere.
    expect((await me(artist.cookie)).statusCode).toBe(200);
    await other.kysely.deleteFrom('sessions').where('user_id', '=', artist.user.id).execute();
    await expectWithinASecond(async () => (await me(artist.cookie)).statusCode === 401);
  });
});

/**
 * Expects every call to `check` that starts more than a second after the change (which completed
 * just before this was called) to hold. The second is the bound under test, not a pause: vi.waitFor
 * polls until the change shows, no call that missed it may have started after the bound, and once
 * seen it stays seen.
 */
async function expectWithinASecond(check: () => Promise<boolean>) {
  const changedAt = Date.now();
  const missedAfterMs: number[] = [];
  await vi.waitFor(
    async () => {
      const startedAfterMs = Date.now() - changedAt;
      if (await check()) return;
      missedAfterMs.push(startedAfterMs);
      throw new Error(`not seen ${startedAfterMs} ms after the change`);
    },
    { timeout: 2_000, interval: 25 },
  );
  expect(missedAfterMs.filter((ms) => ms > 1000)).toEqual([]);
  for (let i = 0; i < 5; i++) expect(await check()).toBe(true);
}
