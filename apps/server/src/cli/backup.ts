import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { EnvError, loadEnv } from '../env';

export interface BackupSettings {
  dataDir: string;
  DATABASE_URL?: string;
}

export type BackupResult =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; file: string }
  /** pg_dump is not installed here: the command to run where it is. */
  | { kind: 'postgres-command'; command: string };

/** `2026-11-24T06-30-00-123Z`: sortable, and valid in a file name everywhere. */
const stamp = (now: Date) => now.toISOString().replace(/:/g, '-').replace('.', '-');

function backupsDir(dataDir: string) {
  const dir = path.join(dataDir, 'backups');
  // Backups hold everything the database holds: owner-only, like the database file.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The documented command for a PostgreSQL dump (docs/operations.md), with the URL left to the shell. */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --no-owner --file "members-only-$(date -u +%Y%m%dT%H%M%SZ).dump" "$DATABASE_URL"';

/**
 * One backup of the database (docs/operations.md):
 * - SQLite: SQLite's online backup (better-sqlite3's `.backup()`) into DATA_DIR/backups/<time>.db,
 *   consistent while the server keeps running and writing;
 * - PostgreSQL: `pg_dump` in its custom format into DATA_DIR/backups/<time>.dump when pg_dump is
 *   installed; otherwise the command to run where it is.
 * Key files (session secret, payment data key) are not copied: keep them apart from the data.
 */
export async function backupDatabase(settings: BackupSettings, now = new Date()): Promise<BackupResult> {
  if (!settings.DATABASE_URL) {
    const source = path.join(settings.dataDir, 'app.db');
    const file = path.join(backupsDir(settings.dataDir), `${stamp(now)}.db`);
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(file);
    } finally {
      db.close();
    }
    fs.chmodSync(file, 0o600);
    return { kind: 'sqlite', file };
  }
  const available = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (available.error || available.status !== 0) return { kind: 'postgres-command', command: PG_DUMP_COMMAND };
  const file = path.join(backupsDir(settings.dataDir), `${stamp(now)}.dump`);
  // The password goes to pg_dump in its environment, never on its command line (visible in `ps`).
  const url = new URL(settings.DATABASE_URL);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url.toString()], {
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (dump.status !== 0) {
    fs.rmSync(file, { force: true });
    throw new Error(`pg_dump failed: ${(dump.stderr || dump.error?.message || '').trim()}`);
  }
  fs.chmodSync(file, 0o600);
  return { kind: 'postgres', file };
}

/** `npm run backup`: returns the exit code. */
export async function runBackup(log = console.log, error = console.error): Promise<number> {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    error(e instanceof EnvError ? e.message : String(e));
    return 1;
  }
  try {
    const result = await backupDatabase(env);
    if (result.kind === 'postgres-command') {
      log('pg_dump is not installed on this machine. Back up PostgreSQL where it is (the client version at least the server\'s):');
      log(`  ${result.command}`);
      log('Restore with: pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" <file>.dump');
    } else {
      log(`Backup written to ${result.file}`);
    }
    log(`Keep the keys apart from it: ${env.PAYMENT_DATA_KEY ? 'PAYMENT_DATA_KEY' : path.join(env.dataDir, 'payment-data-key')} (payout numbers cannot be read without it).`);
    return 0;
  } catch (e) {
    error(`Backup failed: ${(e as Error).message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void runBackup().then((code) => process.exit(code));
}
