import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniqueName, type TestDatabase } from './helpers';
import type { startFakeReplicate } from './fake-replicate';

export type Fake = Awaited<ReturnType<typeof startFakeReplicate>>;

/**
 * The settings every process of one installation shares (ADR 020 and 022: no sticky routing): the
 * database, one DATA_DIR (the SQLite file's folder; a temp folder on PostgreSQL, for uploads),
 * the secrets, Redis for the rate limits, and the fake music service.
 */
export function fleetEnv(database: TestDatabase, fake: Fake): Record<string, string> {
  const postgres = database.db.dialect === 'postgres';
  return {
    ...(postgres ? { DATABASE_URL: database.location, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mo-fleet-')) } : { DATA_DIR: path.dirname(database.location) }),
    SESSION_SECRET: 'fleet-session-secret-0123456789-abcdefghij',
    PAYMENT_DATA_KEY: 'ab'.repeat(32),
    WEB_DIST_DIR: '/nonexistent/mo-no-web-dist',
    MUSIC_API_BASE_URL: fake.baseUrl,
    MUSIC_API_KEY: 'r8_test',
    MUSIC_TIMEOUT_SECONDS: '30',
    // The fake serves its output over http from loopback (tests only).
    MUSIC_OUTPUT_ALLOW_PRIVATE: 'true',
    QUOTAS_FREE: 'beat=9999999',
    REGISTER_MAX_PER_IP: '1000',
    LOGIN_MAX_FAILURES: '5',
    JOB_CONCURRENCY: '3',
    // SQLite: a dead worker's job runs again 2 s after its last heartbeat; PostgreSQL: 10 s after
    // it started. That is also the longest a run may take: at 4 s, one beat of 200 on a busy
    // 2-core machine was stopped as too slow and answered 504.
    JOB_LEASE_SECONDS: '2',
    JOB_TIMEOUT_SECONDS: '10',
    // Shared rate-limit counters, as a fleet runs (CI starts Redis; TEST_REDIS_URL moves it).
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5',
    REDIS_KEY_PREFIX: `${uniqueName('fleet')}:`,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_GENERATE_PER_MINUTE: '100000',
  };
}

export async function register(base: string, username = uniqueName('fleet')) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret-pass' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = /mo_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  return { username, cookie, user: (await res.json()) as { id: number } };
}

export function generate(base: string, cookie: string, seed: number) {
  return fetch(`${base}/api/studio/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ prompt: `dark trap beat ${seed}`, model: 'trap', seed }),
  });
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}

