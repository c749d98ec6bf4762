import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserDetailSchema } from '@members-only/shared';
import { createTestApp, createTestDatabase, dialects, registerUser, testEnv, uniqueName, type TestApp, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { flag } from '../../db/index';
import { runAdminCommand } from '../../cli/admin';

type Registered = Awaited<ReturnType<typeof registerUser>>;

/** ADR 032: at least one admin always remains, however the demotions are timed and wherever they come from. */
describe.each(dialects)('the last admin on %s', (dialect) => {
  let t: TestApp;
  let founder: Registered;

  const patch = (id: number, payload: object, cookie: string) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie }, payload });
  const admins = async () => (await t.db.kysely.selectFrom('users').select('username').where('is_admin', '=', flag(true)).orderBy('id').execute()).map((u) => u.username);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    founder = await registerUser(t.app, { username: uniqueName('founder') });
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

  it('an admin whose rights were taken away meanwhile is refused, even within the second its session is cached', async () => {
    const a = await registerUser(t.app, { username: uniqueName('a') });
    const b = await registerUser(t.app, { username: uniqueName('b') });
    const member = await registerUser(t.app, { username: uniqueName('m') });
    await t.db.kysely.updateTable('users').set({ is_admin: flag(true) }).where('id', 'in', [a.user.id, b.user.id, founder.user.id]).execute();
    // b's session is seen (and cached) as an admin's.
    expect((await t.app.inject({ url: '/api/admin/users?limit=1', headers: { cookie: b.cookie } })).statusCode).toBe(200);
    expect((await patch(b.user.id, { isAdmin: false }, a.cookie)).statusCode).toBe(200);
    const late = await patch(member.user.id, { isAdmin: true }, b.cookie);
    expect(late.statusCode).toBe(403);
    expect(adminUserDetailSchema.parse((await t.app.inject({ url: `/api/admin/users/${member.user.id}`, headers: { cookie: a.cookie } })).json()).user.isAdmin).toBe(false);
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
