import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { createTestDatabase, dialects, testEnv, type TestDatabase } from '../../test/helpers';
import { buildApp } from '../app';
import { migrationProvider } from './migrations';
import { usernameSkeleton } from '../repositories/user-keys';

/**
 * Migration 020 (ADR 032) on a database that has accounts already: the database is taken back to
 * the state before it (the column and its index gone, the migration unrecorded), accounts are
 * written as the older code wrote them, and the migration runs again.
 */
describe.each(dialects)('migration 020 (username skeletons) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('fills the skeleton of every existing account; of accounts that already collide, the oldest keeps it and all still sign in', async () => {
    database = await createTestDatabase(dialect);
    const db = database.db.kysely;
    await sql`drop index users_username_skeleton_idx`.execute(db);
    await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '020_username_skeletons' as never).execute();

    // Made before the rule: admin1, then a Cyrillic аdmin1 and an adminl that read the same, and an unrelated name.
    const app = await buildApp(database.db, testEnv());
    const names = ['admin1', '\u0430dmin1', 'adminl', 'mc_flow'];
    const now = new Date().toISOString();
    const hash = await import('@node-rs/argon2').then((m) => m.hash('secret-pass'));
    for (const username of names) {
      await sql`insert into users (username, username_key, email, email_key, password_hash, created_at, updated_at)
        values (${username}, ${username.toLowerCase()}, ${`${username}@example.com`}, ${`${username}@example.com`}, ${hash}, ${now}, ${now})`.execute(db);
    }

    // Migration 020 alone, as the release that brought it ran it: later migrations stay applied, so
    // the migrator is told that one missing from the middle is expected here.
    const migrator = new Migrator({ db, provider: migrationProvider(dialect), allowUnorderedMigrations: true });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['020_username_skeletons', 'Success']]);

    const rows = await db.selectFrom('users').select(['username', 'username_skeleton']).orderBy('id').execute();
    expect(rows).toEqual([
      { username: 'admin1', username_skeleton: usernameSkeleton('admin1') },
      { username: '\u0430dmin1', username_skeleton: null },
      { username: 'adminl', username_skeleton: null },
      { username: 'mc_flow', username_skeleton: usernameSkeleton('mc_flow') },
    ]);
    // The unique index is there: a second row with admin1's skeleton is refused by the database.
    await expect(db.updateTable('users').set({ username_skeleton: usernameSkeleton('admin1') }).where('username', '=', 'mc_flow').execute()).rejects.toThrow();
    // Nobody is locked out; nobody new takes a look-alike.
    for (const username of names) {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'secret-pass' } });
      expect(login.statusCode, username).toBe(200);
    }
    const lookAlike = await app.inject({ method: 'POST', url: '/api/register', payload: { username: 'ADMIN1', email: 'new@example.com', password: 'secret-pass' } });
    expect(lookAlike.statusCode).toBe(409);
    await app.close();
  });
});
