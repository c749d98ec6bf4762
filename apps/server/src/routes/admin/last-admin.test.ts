import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, dialects, registerUser, testEnv, uniqueName, type TestApp, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { flag, openDatabase } from '../../db/index';
import { runAdminCommand } from '../../cli/admin';

/** ADR 032: at least one admin always remains, however the demotions are timed and wherever they come from. */
describe.each(dialects)('the last admin on %s', (dialect) => {
  let t: TestApp;

  const patch = (id: number, payload: object, cookie: string) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie }, payload });
  const admins = async () => (await t.db.kysely.selectFrom('users').select('username').where('is_admin', '=', flag(true)).orderBy('id').execute()).map((u) => u.username);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The installation's first account (an admin); each round below makes its own two admins.
    await registerUser(t.app, { username: uniqueName('founder') });
  });
  afterAll(async () => t?.close());

  it('two admins demoting each other at the same moment leave one admin, round after round', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await registerUser(t.app, { username: uniqueName('a') });
      const b = await registerUser(t.app, { username: uniqueName('b') });
      // Exactly two admins: a and b.
      await t.db.kysely.updateTable('users').set({ is_admin: flag(false) }).execute();
      await t.db.kysely.updateTable('users').set({ is_admin: flag(true) }).where('id', 'in', [a.user.id, b.user.id]).execute();
      expect(await admins()).toEqual([a.username, b.username]);

      // Both requests are in flight together: each passes the route's admin check before either commits.
      const [aDemotesB, bDemotesA] = await Promise.all([patch(b.user.id, { isAdmin: false }, a.cookie), patch(a.user.id, { isAdmin: false }, b.cookie)]);
      const statuses = [aDemotesB.statusCode, bDemotesA.statusCode].sort();
      const left = await admins();
      expect(left, `round ${round}: ${statuses.join(', ')}`).toHaveLength(1);
      // One of them went through; the other found its own admin rights gone (403).
      expect(statuses).toEqual([200, 403]);
      const refused = aDemotesB.statusCode === 403 ? aDemotesB : bDemotesA;
      expect(refused.json()).toMatchObject({ message: 'Only admins can do that.' });
      expect(left).toEqual([aDemotesB.statusCode === 200 ? a.username : b.username]);
    }
  });

  it('an admin demoted by another process is refused at once, though this process still has them cached as an admin', async () => {
    const database = await createTestDatabase(dialect);
    const app = await buildApp(database.db, testEnv());
    // A second process: its own connection to the same database.
    const other = openDatabase(dialect === 'postgres' ? { databaseUrl: database.location, sqliteFile: '' } : { sqliteFile: database.location });
    try {
      const a = await registerUser(app, { username: 'first' });
      const b = await registerUser(app, { username: 'second' });
      const member = await registerUser(app, { username: 'member' });
      await other.kysely.updateTable('users').set({ is_admin: flag(true) }).where('id', '=', b.user.id).execute();
      const asB = (payload: object) => app.inject({ method: 'PATCH', url: `/api/admin/users/${member.user.id}`, headers: { cookie: b.cookie }, payload });
      // b's session is seen, and kept for a second, as an admin's (a read: a change here would clear the cache).
      expect((await app.inject({ url: '/api/admin/users?limit=1', headers: { cookie: b.cookie } })).statusCode).toBe(200);
      // The other process takes b's rights away; b's next change, within that second, is refused.
      await other.kysely.updateTable('users').set({ is_admin: flag(false) }).where('id', '=', b.user.id).execute();
      const late = await asB({ isAdmin: true, isPremium: true });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ message: 'Only admins can do that.' });
      const row = await database.db.kysely.selectFrom('users').select(['is_admin', 'is_premium']).where('id', '=', member.user.id).executeTakeFirstOrThrow();
      expect([Boolean(row.is_admin), Boolean(row.is_premium)]).toEqual([false, false]);
      expect(a.user.isAdmin).toBe(true);
    } finally {
      await other.close();
      await app.close();
      await database.drop();
    }
  });

  it('`npm run admin -- revoke-admin` refuses the only admin and demotes one of two', async () => {
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-last-admin-'));
    let database: TestDatabase | undefined;
    try {
      database = await createTestDatabase(dialect);
      const app = await buildApp(database.db, testEnv());
      const only = await registerUser(app, { username: 'onlyadmin' });
      await registerUser(app, { username: 'second' });
      await app.close();
      // The command reads the same settings as the server: the SQLite file in DATA_DIR, or DATABASE_URL.
      process.env.DATA_DIR = dialect === 'postgres' ? dir : path.dirname(database.location);
      if (dialect === 'postgres') process.env.DATABASE_URL = database.location;
      else delete process.env.DATABASE_URL;
      expect(only.user.isAdmin).toBe(true);

      const out: string[] = [];
      const errors: string[] = [];
      expect(await runAdminCommand(['revoke-admin', 'onlyadmin'], (m) => out.push(m), (m) => errors.push(m))).toBe(1);
      expect(errors).toEqual(['onlyadmin is the only admin. At least one admin must remain: make another account an admin first.']);
      expect(await runAdminCommand(['grant-admin', 'second'], (m) => out.push(m), (m) => errors.push(m))).toBe(0);
      expect(await runAdminCommand(['revoke-admin', 'onlyadmin'], (m) => out.push(m), (m) => errors.push(m))).toBe(0);
      expect(await runAdminCommand(['revoke-admin', 'second'], (m) => out.push(m), (m) => errors.push(m))).toBe(1);
      expect(out).toEqual(['second is now an admin.', 'onlyadmin is no longer an admin.']);
      const rows = await database.db.kysely.selectFrom('users').select(['username', 'is_admin']).orderBy('id').execute();
      expect(rows.map((r) => [r.username, Boolean(r.is_admin)])).toEqual([
        ['onlyadmin', false],
        ['second', true],
      ]);
      // The refused command wrote nothing to the audit log.
      const audit = await database.db.kysely.selectFrom('audit_events').select(['action', 'subject']).orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'grant-admin', subject: 'second' },
        { action: 'revoke-admin', subject: 'onlyadmin' },
      ]);
    } finally {
      Object.assign(process.env, saved);
      if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
