import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/index';
import { DEFAULT_QUOTAS } from '../src/env';
import { createTestDatabase, dialects, registerUser, testEnv } from './helpers';
import { startFakeReplicate } from './fake-replicate';

/**
 * Issue 24: "A 429 from any service reaches the client as 429 with the service's Retry-After",
 * also when the beat's job runs in another process than the request waiting on it (ADR 033).
 */
describe.each(dialects)("a beat's Retry-After across processes on %s", (dialect) => {
  it('answers 429 with the music service’s Retry-After in a server that did not run the job', async () => {
    const music = await startFakeReplicate();
    const database = await createTestDatabase(dialect);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-retry-after-'));
    const settings = {
      dataDir,
      MUSIC_API_BASE_URL: music.baseUrl,
      MUSIC_API_KEY: 'r8_test',
      MUSIC_TIMEOUT_SECONDS: 5,
      MUSIC_OUTPUT_ALLOW_PRIVATE: true,
      QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 10 },
    };
    // The web process runs no jobs; the worker process, with its own connection to the database, runs them.
    const web = await buildApp(database.db, testEnv({ ...settings, WORKERS: 0 }));
    const workerDb = openDatabase(dialect === 'postgres' ? { databaseUrl: database.location, sqliteFile: '' } : { sqliteFile: database.location });
    const worker = await buildApp(workerDb, testEnv({ ...settings, WORKERS: 1 }));
    try {
      await web.ready();
      await worker.ready();
      const alice = await registerUser(web);
      music.setMode({ status: 429, retryAfter: '17' });
      const res = await web.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'dark trap, 140 bpm', model: 'trap' } });
      expect([res.statusCode, res.headers['retry-after'], res.json().message]).toEqual([429, '17', STUDIO_MESSAGES.rateLimited]);
      // Kept with the beat: asked again later, and by the process that ran the job, the answer is the same.
      const row = await database.db.kysely.selectFrom('beats').select(['id', 'status', 'error_status', 'error_retry_after']).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', error_status: 429, error_retry_after: '17' });

      // A failure that is not a rate limit carries no Retry-After.
      music.setMode({ status: 500 });
      const other = await web.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'lofi', model: 'lofi' } });
      expect(other.statusCode).toBe(503);
      expect(other.headers['retry-after']).toBeUndefined();
    } finally {
      await worker.close();
      await workerDb.close();
      await web.close();
      await database.drop();
      await music.close();
    }
  }, 60_000);
});
