import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, registerUser, testEnv } from '../../test/helpers';
import { buildApp } from '../app';
import { backupDatabase } from './backup';

const SERVER = path.resolve(import.meta.dirname, '../..');
const runCli = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts'], { cwd: SERVER, env: { HOME: process.env.HOME ?? '', ...env }, encoding: 'utf8' });

describe('npm run backup', () => {
  it('copies the live SQLite database while it is being written, and the copy opens with every row', async () => {
    const database = await createTestDatabase('sqlite');
    const dataDir = path.dirname(database.location);
    const app = await buildApp(database.db, testEnv({ dataDir }));
    try {
      await app.ready();
      const { cookie } = await registerUser(app);
      for (let i = 0; i < 20; i++) await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category: 'chat', title: `Before ${i}` } });
      // Writes keep coming during the backup; the copy is a consistent snapshot.
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category: 'chat', title: `During ${i}` } });
      })();
      const result = await backupDatabase({ dataDir });
      writing = false;
      await writer;

      expect(result.kind).toBe('sqlite');
      const file = (result as { file: string }).file;
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
      expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      const copy = new Database(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(1);
        const titles = (copy.prepare("select title from conversations where title like 'Before %'").all() as { title: string }[]).map((r) => r.title);
        expect(titles).toHaveLength(20);
      } finally {
        copy.close();
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('runs as a command: a SQLite backup file, or for PostgreSQL the documented pg_dump command when pg_dump is missing', async () => {
    const database = await createTestDatabase('sqlite');
    const dataDir = path.dirname(database.location);
    try {
      const sqlite = runCli({ DATA_DIR: dataDir, PATH: process.env.PATH ?? '' });
      expect(sqlite.status, sqlite.stderr).toBe(0);
      expect(sqlite.stdout).toMatch(/Backup written to .*backups\/.*\.db/);
      expect(fs.readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);

      // No pg_dump on this PATH: the command is printed (without the URL's secret) and the exit is 0.
      const pg = runCli({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://app:s3cret-pw@db.example:5432/app', PATH: '/nonexistent' });
      expect(pg.status, pg.stderr).toBe(0);
      expect(pg.stdout).toContain('pg_dump --format=custom --no-owner --file');
      expect(pg.stdout).toContain('"$DATABASE_URL"');
      expect(pg.stdout).not.toContain('s3cret-pw');
    } finally {
      await database.drop();
    }
  }, 60_000);

  // PostgreSQL runs wherever TEST_DATABASE_URL is set (CI), with its client tools (pg_dump) beside it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('dumps PostgreSQL with pg_dump when it is installed', async () => {
    const database = await createTestDatabase('postgres');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-backup-'));
    try {
      const app = await buildApp(database.db, testEnv({ dataDir }));
      await app.ready();
      await registerUser(app);
      await app.close();
      const result = await backupDatabase({ dataDir, DATABASE_URL: database.location });
      expect(result.kind).toBe('postgres');
      const list = spawnSync('pg_restore', ['--list', (result as { file: string }).file], { encoding: 'utf8' });
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout).toMatch(/TABLE public users/);
      expect(list.stdout).toMatch(/TABLE DATA public users/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 60_000);
});
