import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bench, describe } from 'vitest';
import { adminListQuerySchema } from '@members-only/shared';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index';
import { createAdminListRepository } from '../apps/server/src/repositories/admin-list.repository';

/**
 * Target (docs/benchmarks.md): an admin list page stays fast with 100,000 rows — a page of 25
 * users sorted by name deep in the table, a search, and newest first — on SQLite (the default),
 * each under 50 ms. The raw baseline is the same page read with a bare primary-key range query.
 */
const ROWS = 100_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-bench-admin-'));
const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
await migrateToLatest(db);
const start = Date.parse('2025-01-01T00:00:00Z');
await db.kysely.transaction().execute(async (trx) => {
  for (let from = 0; from < ROWS; from += 1000) {
    await trx
      .insertInto('users')
      .values(
        Array.from({ length: 1000 }, (_, k) => {
          const i = from + k;
          const name = `artist${String(i).padStart(6, '0')}`;
          const at = new Date(start + i * 60_000).toISOString();
          return {
            username: name,
            username_key: name,
            email: `${name}@bench.example`,
            email_key: `${name}@bench.example`,
            phone_number: i % 50 === 0 ? `+1 555 ${String(i).padStart(7, '0')}` : null,
            password_hash: 'x',
            is_admin: 0 as never,
            is_premium: 0 as never,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
  }
});
const lists = createAdminListRepository(db.kysely);
const query = (raw: Record<string, string>) => adminListQuerySchema('users').parse(raw);

describe(`admin users list, ${ROWS.toLocaleString('en-US')} rows (SQLite)`, () => {
  bench('baseline: 25 rows by primary key range', async () => {
    await db.kysely.selectFrom('users').selectAll().where('id', '>', 50_000).orderBy('id').limit(25).execute();
  });
  bench('page 2001 sorted by username', async () => {
    await lists.users(query({ sort: 'username', order: 'asc', offset: '50000' }));
  });
  bench('newest first, first page', async () => {
    await lists.users(query({}));
  });
  bench('search "555" (phone numbers), first page and total', async () => {
    await lists.users(query({ q: '555' }));
  });
});
