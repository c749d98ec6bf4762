import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin';
import { buildApp } from '../app';
import { migrateToLatest, openDatabase, type Db } from '../db/index';
import { registerUser, testEnv } from '../../test/helpers';
import { createUserRepository } from '../repositories/user.repository';

describe('npm run admin', () => {
  let dir: string;
  let db: Db;
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-cli-'));
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
    db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
    await migrateToLatest(db);
    const app = await buildApp(db, testEnv());
    await registerUser(app, { username: 'firstadmin' });
    await registerUser(app, { username: 'MC_Flow' });
    await app.close();
  });
  afterAll(async () => {
    await db.close();
    Object.assign(process.env, saved);
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const roles = async () => {
    const user = await createUserRepository(db.kysely).findByUsername('mc_flow');
    return { admin: Boolean(user!.is_admin), premium: Boolean(user!.is_premium) };
  };

  it('grants and revokes admin and premium by username (any case)', async () => {
    const out: string[] = [];
    expect(await runAdminCommand(['grant-admin', 'mc_flow'], (m) => out.push(m))).toBe(0);
    expect(await roles()).toEqual({ admin: true, premium: false });
    expect(await runAdminCommand(['grant-premium', 'MC_FLOW'], (m) => out.push(m))).toBe(0);
    expect(await roles()).toEqual({ admin: true, premium: true });
    expect(await runAdminCommand(['revoke-admin', 'MC_Flow'], (m) => out.push(m))).toBe(0);
    expect(await runAdminCommand(['revoke-premium', 'MC_Flow'], (m) => out.push(m))).toBe(0);
    expect(await roles()).toEqual({ admin: false, premium: false });
    expect(out).toEqual(['MC_Flow is now an admin.', 'MC_Flow now has Premium.', 'MC_Flow is no longer an admin.', 'MC_Flow no longer has Premium.']);
    // Each change is in the admin dashboard's audit log, by the command line; a no-op is not.
    expect(await runAdminCommand(['revoke-premium', 'MC_Flow'], (m) => out.push(m))).toBe(0);
    const audit = await db.kysely.selectFrom('audit_events').select(['actor', 'action', 'subject']).orderBy('id').execute();
    expect(audit).toEqual(
      ['grant-admin', 'grant-premium', 'revoke-admin', 'revoke-premium'].map((action) => ({ actor: 'command line', action, subject: 'MC_Flow' })),
    );
  });

  it('fails clearly for an unknown user or command', async () => {
    const errors: string[] = [];
    expect(await runAdminCommand(['grant-admin', 'ghost'], () => {}, (m) => errors.push(m))).toBe(1);
    expect(errors[0]).toBe('No user named "ghost".');
    expect(await runAdminCommand(['make-king', 'MC_Flow'], () => {}, (m) => errors.push(m))).toBe(2);
    expect(errors[1]).toContain('Usage: npm run admin');
  });
});
