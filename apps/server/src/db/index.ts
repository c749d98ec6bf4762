import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Compilable,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './types';
import { CONVERSATIONS_CHANNEL, migrationProvider } from './migrations';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Calls `listener` once a statement that may change who is signed in or what they may do (an
   * update or delete on users or sessions, whoever wrote it) has taken effect: right after it
   * ran, or when its transaction committed. The session cache listens (docs/decisions/023-session-and-statement-caches.md). Returns an
   * unsubscribe function.
   */
  onSessionChange(listener: () => void): () => void;
  /** Whose conversations changed, by any process (ADR 060): what the kept conversations lists listen to. */
  conversationChanges: ConversationChanges;
}

/** Whose conversations changed: a list of artists' (users') ids, or every artist. */
export type ChangedArtists = readonly number[] | 'all';

/**
 * Tells listeners whose conversations changed, whoever changed them (ADR 060, after ADR 027).
 * Changes reach the listeners in `sync`, which a cache calls before it serves anything.
 */
export interface ConversationChanges {
  /**
   * Tells the listeners of every change that took effect before the call: one made through this
   * handle (once its statement ran, or its transaction committed), or by another process (on
   * SQLite, committed; on PostgreSQL, once its notification arrived). True when done; false when
   * that cannot be known now (SQLite inside an open transaction, PostgreSQL while the change feed
   * is down): a cache must then neither serve nor keep. Synchronous unless PostgreSQL must first
   * hear back this process's own changes.
   */
  sync(): boolean | Promise<boolean>;
  onChange(listener: (artists: ChangedArtists) => void): () => void;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file used when there is no databaseUrl. */
  sqliteFile: string;
}

// Each driver is loaded when a database of its kind is opened: an install on SQLite never reads
// the PostgreSQL client's modules at start, nor one on PostgreSQL SQLite's native addon.
const require = createRequire(import.meta.url);

/**
 * SQLite's own page cache, in KiB (ADR 068). better-sqlite3 builds SQLite with 16 MB, which the
 * web process filled as the database grew under load: most of what its RSS gained round after
 * round. Pages beyond it are read again from the operating system's file cache, a copy away.
 */
export const SQLITE_PAGE_CACHE_KIB = 4096;

export function openDatabase({ databaseUrl, sqliteFile }: DbOptions): Db {
  const listeners = new Set<() => void>();
  // Changes to conversations made through this handle, counted once they took effect.
  let conversationWrites = 0;
  const notify = (changes: number) => {
    if (changes & CONVERSATIONS) conversationWrites++;
    if (changes & SESSIONS) for (const listener of listeners) listener();
  };
  const onSessionChange = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (databaseUrl) {
    const { Pool } = require('pg') as typeof pg;
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: watchChanges(new PostgresDialect({ pool: withNamedStatements(pool) }), notify) });
    // Every change, this process's own included, arrives as a notification naming the artists.
    const changes = new Listeners();
    const feed = changeFeed(databaseUrl, CONVERSATIONS_CHANNEL, changes, kysely);
    const conversationChanges: ConversationChanges = {
      sync: () => feed.sync(conversationWrites),
      onChange: (listener) => changes.add(listener),
    };
    changesOf_.set(kysely, conversationChanges);
    const close = async () => {
      await feed.close();
      await kysely.destroy();
    };
    return { kysely, dialect: 'postgres', close, onSessionChange, conversationChanges };
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
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  const kysely = new Kysely<Database>({ dialect: watchChanges(new SqliteDialect({ database: withStatementCache(sqlite) }), notify) });
  const conversationChanges = changeLog(sqlite, () => conversationWrites);
  changesOf_.set(kysely, conversationChanges);
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy(), onSessionChange, conversationChanges };
}

/** Each open database's `conversationChanges`, found from its Kysely instance (not from a transaction's). */
const changesOf_ = new WeakMap<Kysely<Database>, ConversationChanges>();

/** `Db.conversationChanges` of the database `db` belongs to; undefined for a transaction or a Kysely made elsewhere. */
export function conversationChangesOf(db: Kysely<Database>): ConversationChanges | undefined {
  return changesOf_.get(db);
}

class Listeners {
  private readonly set = new Set<(artists: ChangedArtists) => void>();
  add(listener: (artists: ChangedArtists) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(artists: ChangedArtists) {
    if (artists !== 'all' && artists.length === 0) return;
    for (const listener of this.set) listener(artists);
  }
}

/**
 * SQLite: migration 028's triggers add the artist of every changed conversation to
 * `conversation_changes`, numbered in commit order. `sync` reads the rows after the last number
 * it saw, but only when something may have changed: this handle's own writes (`localWrites`,
 * counted once they took effect) or `data_version` (another connection committed) moved; when
 * neither did, it costs one `pragma data_version`, about a microsecond. Inside an open
 * transaction it cannot tell (the log would show that transaction's uncommitted rows) and answers
 * false. A gap in the numbers (pruned rows this process never saw) counts as every artist.
 */
function changeLog(sqlite: SQLite.Database, localWrites: () => number): ConversationChanges {
  const changes = new Listeners();
  // data_version changes when another connection (another process, the CLI) commits to the file;
  // this connection's own changes are counted by the watched driver.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let since: SQLite.Statement<[number], [number, number]> | undefined;
  let seen = 0;
  let synced: string | undefined;
  return {
    onChange: (listener) => changes.add(listener),
    sync() {
      if (!sqlite.open || sqlite.inTransaction) return false;
      // Read before the log: whatever moved it is in the log by then.
      const token = `${localWrites()}:${dataVersion.get() as number}`;
      if (token === synced) return true;
      try {
        if (!since) {
          // First use (the table exists once migrations ran): start from the newest row.
          seen = (sqlite.prepare('select coalesce(max(seq), 0) from conversation_changes').pluck().get() as number) ?? 0;
          since = sqlite.prepare<[number], [number, number]>('select seq, user_id from conversation_changes where seq > ? order by seq').raw();
          changes.emit('all');
        } else {
          const rows = since.all(seen);
          if (rows.length > 0) {
            const gap = rows[0]![0] !== seen + 1;
            seen = rows.at(-1)![0];
            changes.emit(gap ? 'all' : [...new Set(rows.map((r) => r[1]))]);
          }
        }
      } catch {
        return false;
      }
      synced = token;
      return true;
    },
  };
}

/** How long `sync` waits for this process's own marker to come back before it gives up (answers false). */
const BARRIER_TIMEOUT_MS = 5000;

/**
 * PostgreSQL: a connection that LISTENs on `channel`, where migration 028's triggers name the
 * artists whose conversations each committed statement changed ('' or '*': every artist).
 * Connected on first use; while it is not connected (starting, lost, reconnecting every second)
 * `sync` answers false, and every (re)connection tells every artist, since notifications may have
 * been missed.
 *
 * This process's own changes come back the same way, a moment after they took effect. So that
 * one shows on the very next request, `sync` after a local write sends a marker of its own
 * through the channel and waits for it: notifications arrive in commit order, so once the marker
 * is back every change committed before it was sent has been told.
 */
function changeFeed(connectionString: string, channel: string, changes: Listeners, kysely: Kysely<Database>) {
  const { Client } = require('pg') as typeof pg;
  const me = `marker:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Local writes told so far (their notifications have arrived). */
  let told = 0;
  let markers = 0;
  /** Markers in flight: payload -> the local write count it covers and its waiter. */
  const waiting = new Map<string, { covers: number; done: (ok: boolean) => void }>();
  let latest: { covers: number; promise: Promise<boolean> } | undefined;

  const giveUp = () => {
    for (const w of waiting.values()) w.done(false);
    waiting.clear();
    latest = undefined;
  };
  const connected = (): boolean => {
    if (!client && !retry && !closed) connect();
    return listening;
  };
  function marker(covers: number): Promise<boolean> {
    const payload = `${me}${++markers}`;
    const promise = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), BARRIER_TIMEOUT_MS);
      timer.unref();
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        if (waiting.delete(payload) && ok) told = Math.max(told, covers);
        if (latest?.promise === promise) latest = undefined;
        resolve(ok);
      };
      waiting.set(payload, { covers, done: finish });
      sql`select pg_notify(${channel}, ${payload})`.execute(kysely).catch(() => finish(false));
    });
    latest = { covers, promise };
    return promise;
  }
  const feed = {
    sync(localWrites: number): boolean | Promise<boolean> {
      if (!connected()) return false;
      if (localWrites <= told) return true;
      if (latest && latest.covers >= localWrites) return latest.promise;
      return marker(localWrites);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      listening = false;
      giveUp();
      await c?.end().catch(() => undefined);
    },
  };
  function connect() {
    retry = undefined;
    const c = new Client({ connectionString });
    client = c;
    const drop = () => {
      if (client !== c) return;
      client = undefined;
      listening = false;
      giveUp();
      changes.emit('all');
      void c.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(connect, 1000);
        retry.unref();
      }
    };
    c.on('notification', ({ payload = '' }) => {
      if (client !== c) return;
      if (payload.startsWith('marker:')) {
        waiting.get(payload)?.done(true);
        return;
      }
      if (payload === '' || payload === '*') return changes.emit('all');
      changes.emit(payload.split(',').map(Number));
    });
    c.on('error', drop);
    c.on('end', drop);
    c.connect()
      .then(() => c.query(`listen ${channel}`))
      .then(() => {
        if (client !== c) return;
        changes.emit('all');
        listening = true;
      })
      .catch(drop);
  }
  return feed;
}

/**
 * Statements that can end a session or change its user: updates and deletes on users or sessions
 * (an insert only adds a session or a user nobody is signed in as yet). Read from the SQL text, so
 * raw `sql` statements count too.
 */
const SESSION_WRITE = /\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?\w+"?\.)?"?(?:users|sessions)"?(?!\w)/i;
/** Statements that can change what a conversations list shows: any write to conversations, or to users (a deleted user's conversations go too). */
const CONVERSATION_WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?\w+"?\.)?"?(?:conversations|users)"?(?!\w)/i;

const SESSIONS = 1;
const CONVERSATIONS = 2;

/** What `query` may change, as SESSIONS and CONVERSATIONS bits (the app has no selects with writing CTEs). */
const changesOf = (query: CompiledQuery) =>
  query.query.kind === 'SelectQueryNode' ? 0 : (SESSION_WRITE.test(query.sql) ? SESSIONS : 0) | (CONVERSATION_WRITE.test(query.sql) ? CONVERSATIONS : 0);

/**
 * The dialect with its driver watched: `notify` gets what a statement may have changed (the
 * SESSIONS and CONVERSATIONS bits) once it ran, or, inside a transaction, once the transaction
 * committed (a rolled-back change changed nothing). Everything else passes through to the
 * dialect's own driver and connections.
 */
function watchChanges(dialect: KyselyDialect, notify: (changes: number) => void): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), notify),
  };
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** What the open transaction's statements may have changed, told at commit. */
  changed = 0;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly notify: (changes: number) => void,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.inner.executeQuery<R>(query);
    const changes = changesOf(query);
    if (changes === 0) return result;
    return result.finally(() => {
      if (this.inTransaction) this.changed |= changes;
      else this.notify(changes);
    });
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly notify: (changes: number) => void,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.notify);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as WatchedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.changed = 0;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      // A failed commit may still have committed (the answer was lost): tell the listeners anyway.
      c.inTransaction = false;
      if (c.changed) this.notify(c.changed);
      c.changed = 0;
    }
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as WatchedConnection;
    c.inTransaction = false;
    c.changed = 0;
    await this.inner.rollbackTransaction(c.inner);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    await this.inner.savepoint!((connection as WatchedConnection).inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    await this.inner.rollbackToSavepoint!((connection as WatchedConnection).inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    await this.inner.releaseSavepoint!((connection as WatchedConnection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
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

/** Distinct SQL texts sent as named (server-side prepared) statements; the rest go unnamed. */
const NAMED_STATEMENTS = 500;
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and plans an unnamed statement on every execution. Queries are sent as named
 * prepared statements instead (a name per distinct SQL text, the first NAMED_STATEMENTS texts),
 * which each connection prepares once and then only binds and executes. Migrations and other
 * statements that are not queries stay unnamed.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS && PREPARABLE.test(text)) {
      name = `mo_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let w = wrapped.get(client);
    if (!w) {
      w = {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== 'string') return client.query(text as pg.Submittable);
          const name = nameOf(text);
          return name ? client.query({ name, text, values }) : client.query(text, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrapped.set(client, w);
    }
    return w;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Recorded migrations that share a timestamp are ordered by name in code-unit order, as Kysely
  // orders the ones it is given. Its default, localeCompare, loads Intl's collation (some 10 ms at
  // every start, issue 31) to compare names that differ in their leading number anyway.
  const nameComparator = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect), nameComparator });
  let { error, results } = await migrator.migrateToLatest();
  // SQLite has no migration lock between processes: a web process and a worker starting together
  // on a new file can race, and the loser finds the tables made. Its second pass sees them recorded.
  if (error && db.dialect === 'sqlite') ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/**
 * A hot query built and compiled by Kysely once, then run with each call's parameters: building
 * and compiling a query costs more than running it does on SQLite. `build` is called once, with a
 * placeholder standing for each parameter; each placeholder must reach the query as a bound value
 * (a `where`, `limit` or `offset` value, not an identifier or raw SQL), which is checked then.
 * The compiled query depends only on the dialect, so it is kept per Kysely instance.
 */
export function compileOnce<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, params: P) => Compilable<R>, names: readonly (keyof P)[]) {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<R>; slots: ({ name: keyof P } | { value: unknown })[] }>();
  const prepare = (db: Kysely<Database>) => {
    const placeholders = new Map<unknown, keyof P>(names.map((name) => [{ placeholder: name }, name]));
    const params = Object.fromEntries([...placeholders].map(([placeholder, name]) => [name, placeholder])) as P;
    const query = build(db, params).compile();
    const slots = query.parameters.map((value) => (placeholders.has(value) ? { name: placeholders.get(value)! } : { value }));
    const missing = names.filter((name) => !slots.some((slot) => 'name' in slot && slot.name === name));
    if (missing.length > 0) throw new Error(`compileOnce: ${missing.join(', ')} did not become bound parameters`);
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };
  return async (db: Kysely<Database>, params: P): Promise<R[]> => {
    const { query, slots } = compiled.get(db) ?? prepare(db);
    const parameters = slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
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
