import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Database } from './types';
import { migrationProvider } from './migrations';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file used when there is no databaseUrl. */
  sqliteFile: string;
}

// Each driver is loaded when a database of its kind is opened: an install on SQLite never reads
// the PostgreSQL client's modules at start, nor one on PostgreSQL SQLite's native addon.
const require = createRequire(import.meta.url);

export function openDatabase({ databaseUrl, sqliteFile }: DbOptions): Db {
  if (databaseUrl) {
    const { Pool } = require('pg') as typeof pg;
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = path.resolve(sqliteFile);
  // Password and session hashes live here: owner-only, like the session secret. SQLite gives its
  // -wal and -shm files the database file's permissions.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const Database = require('better-sqlite3') as typeof SQLite;
  const sqlite = new Database(file);
  // WAL lets readers proceed while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** Distinct SQL texts kept prepared; the app has a few hundred, so this bounds only the unusual. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely prepares each query anew:
 * under load that compiling was the largest single cost of a request. Statements are reused by
 * their SQL text (parameters stay separate). Kysely runs one query at a time on the connection,
 * so a cached statement is never busy with another query's rows.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last, so the oldest entry is the first to go.
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect) });
  let { error, results } = await migrator.migrateToLatest();
  // SQLite has no migration lock between processes: a web process and a worker starting together
  // on a new file can race, and the loser finds the tables made. Its second pass sees them recorded.
  if (error && db.dialect === 'sqlite') ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** One trivial query: resolves when the database answers (the admin page's check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

/** The form toISOString gives, in which the app writes SQLite timestamps (nowIso). */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Timestamps arrive as Date (PostgreSQL) or ISO text (SQLite). Text already in toISOString's
 * form is returned as it is: parsing and formatting every timestamp of a list was a tenth of
 * the time of `GET /api/conversations` on SQLite.
 */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

export const nowIso = () => new Date().toISOString();

/** 1/0 for both dialects: SQLite has no boolean, PostgreSQL reads '1'/'0' as booleans. */
export const flag = (value: boolean) => (value ? 1 : 0);

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Which database a Kysely instance (or a transaction on it) talks to. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one, so a repository
 * method that needs atomicity also composes into a larger unit of work.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Serialises writers on `keys` until the transaction ends. PostgreSQL takes transaction-scoped
 * advisory locks, always in the same order so two callers cannot deadlock. SQLite needs none when
 * the check and the write are one statement: SQLite runs each write statement alone.
 */
export async function lockKeys(trx: Kysely<Database>, keys: string[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  for (const key of [...keys].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}
