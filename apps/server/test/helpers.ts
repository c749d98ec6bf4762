import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppEnv, type BuildOptions } from '../src/app';
import { DEFAULT_QUOTAS } from '../src/env';
import { DEFAULT_MEMBERSHIP_CONTENT } from '@members-only/shared/membership';
import { Migrator } from 'kysely';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type Db, type Dialect } from '../src/db/index';
import { migrationProvider } from '../src/db/migrations';
import type { DbTemplates } from './db-templates';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: Db;
  /** Connection string (PostgreSQL) or file (SQLite) of this fresh database. */
  location: string;
  drop(): Promise<void>;
}

/** The migrated templates the project's global setup made (db-templates.ts); none outside one. */
function templates(): DbTemplates {
  try {
    return inject('dbTemplates') ?? {};
  } catch {
    return {};
  }
}

/**
 * A brand-new, migrated database: a temp SQLite file, or a throw-away PostgreSQL database, copied
 * from the run's migrated template where there is one (db-templates.ts), else migrated here.
 * `upTo` stops after that migration (a database as an earlier release left it).
 */
export async function createTestDatabase(dialect: Dialect, { upTo }: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = async (db: Db) => {
    if (!upTo) return migrateToLatest(db);
    const { error, results } = await new Migrator({ db: db.kysely, provider: migrationProvider(db.dialect) }).migrateTo(upTo);
    if (error || results?.some((r) => r.status === 'Error')) throw new Error(`Migrating to ${upTo} failed: ${String(error)}`);
  };
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-test-'));
    const file = path.join(dir, 'app.db');
    const template = upTo ? undefined : templates().sqliteFile;
    if (template) fs.copyFileSync(template, file);
    const db = openDatabase({ sqliteFile: file });
    if (!template) await migrate(db);
    return {
      db,
      location: file,
      async drop() {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `mo_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const template = upTo ? undefined : templates().postgresName;
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
  if (!template) await migrate(db);
  return {
    db,
    location: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The pool's promise resolves before its connections have closed; forcing the drop while one
      // is still closing makes that client emit "terminating connection" as an uncaught error.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const testEnv = (overrides: Partial<AppEnv> = {}): AppEnv => ({
  sessionSecret: 'test-secret-test-secret-test-secret-0123456789',
  SESSION_TTL_DAYS: 30,
  TRUST_PROXY: false,
  ALLOWED_ORIGINS: [],
  LOGIN_MAX_FAILURES: 5,
  LOGIN_MAX_FAILURES_PER_IP: 30,
  LOGIN_THROTTLE_WINDOW_MINUTES: 15,
  // Every test signs up from 127.0.0.1; the registration throttle has its own test.
  REGISTER_MAX_PER_IP: 100_000,
  REGISTER_WINDOW_MINUTES: 60,
  // Suites send many requests from one address; the limits have their own tests (ADR 022).
  RATE_LIMIT_PER_MINUTE: 1_000_000,
  RATE_LIMIT_AUTH_PER_MINUTE: 1_000_000,
  RATE_LIMIT_GENERATE_PER_MINUTE: 1_000_000,
  REDIS_KEY_PREFIX: 'ops-test:',
  QUOTAS_FREE: DEFAULT_QUOTAS.free,
  QUOTAS_PREMIUM: DEFAULT_QUOTAS.premium,
  LOG_LEVEL: 'silent',
  webDistDir: path.join(os.tmpdir(), 'mo-no-web-dist'),
  AI_TIMEOUT_SECONDS: 5,
  STT_MODEL: 'whisper-1',
  STT_TIMEOUT_SECONDS: 30,
  IMAGE_TIMEOUT_SECONDS: 10,
  MUSIC_API_MODEL: 'meta/musicgen',
  MUSIC_TIMEOUT_SECONDS: 30,
  MUSIC_MAX_MB: 50,
  MUSIC_OUTPUT_HOSTS: ['replicate.delivery', '*.replicate.delivery'],
  MUSIC_OUTPUT_ALLOW_PRIVATE: false,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mo-data-')),
  MAX_UPLOAD_MB: 50,
  UPLOAD_IDLE_TIMEOUT_SECONDS: 30,
  UPLOAD_MIN_BYTES_PER_SECOND: 16 * 1024,
  UPLOAD_RATE_GRACE_SECONDS: 30,
  STORAGE_FREE_MB: 500,
  STORAGE_PREMIUM_MB: 10_000,
  // The test machine's disk is not the point of most suites; the floor has its own test.
  MIN_FREE_DISK_MB: 0,
  // The API suites share the cores with another suite: at nice 10 their renders would only wait
  // longer behind it (ADR 055). The pool's test and the operations suites keep the default 10.
  HEAVY_WORK_NICE: 0,
  WORKERS: 0,
  JOB_CONCURRENCY: 1,
  JOB_LEASE_SECONDS: 60,
  JOB_TIMEOUT_SECONDS: 60,
  membershipContent: DEFAULT_MEMBERSHIP_CONTENT,
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function createTestApp(dialect: Dialect, env: Partial<AppEnv> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const app = await buildApp(database.db, testEnv(env), options);
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      // A test that left a response stream unread must not hold the server open.
      app.server.closeAllConnections();
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
export const uniqueName = (prefix = 'artist') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The `cookie` header that carries the session a response set. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'mo_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `mo_session=${cookie.value}`;
}

export async function registerUser(app: FastifyInstance, overrides: Partial<{ username: string; email: string; password: string; phoneNumber: string }> = {}) {
  const username = overrides.username ?? uniqueName();
  const body = { username, email: `${username}@example.com`, password: 'secret-pass', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { user: response.json(), cookie: sessionCookie(response), password: body.password, username };
}

/** Polls `fn` until `ok` holds for its value, or fails after `timeoutMs` with the last value seen. */
export const waitFor = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> => {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (ok(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
