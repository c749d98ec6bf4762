import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_PAGE_CACHE_KIB } from './index';

describe('the SQLite connection', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-sqlite-settings-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a bounded page cache (ADR 068), write-ahead logging and foreign keys', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db.kysely)).rows[0] as object)[0];
    // better-sqlite3's own default is 16 MB, which the web process filled as the database grew.
    expect(await pragma('cache_size')).toBe(-SQLITE_PAGE_CACHE_KIB);
    expect(SQLITE_PAGE_CACHE_KIB).toBeLessThanOrEqual(4096);
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
  });
});
