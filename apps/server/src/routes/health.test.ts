import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, testEnv } from '../../test/helpers';
import { buildApp } from '../app';
import { openDatabase } from '../db/index';

describe.each(dialects)('health checks (%s)', (dialect) => {
  it('answers liveness without the database, and readiness 503 with a message when storage or the database is gone', async () => {
    const database = await createTestDatabase(dialect);
    // The app gets its own connection to the test database, closed below to make it unreachable.
    const own = dialect === 'sqlite' ? openDatabase({ sqliteFile: database.location }) : openDatabase({ databaseUrl: database.location, sqliteFile: '' });
    const env = testEnv();
    const app = await buildApp(own, env);
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);

      fs.rmSync(path.join(env.dataDir, 'uploads'), { recursive: true, force: true });
      const noStorage = await app.inject({ url: '/api/ready' });
      expect(noStorage.statusCode).toBe(503);
      expect(noStorage.json()).toMatchObject({ message: 'File storage is not reachable.' });

      await own.close();
      const noDatabase = await app.inject({ url: '/api/ready' });
      expect(noDatabase.statusCode).toBe(503);
      expect(noDatabase.json()).toMatchObject({ message: 'The database is not reachable.' });
      // Liveness only says the process answers: a restart would not bring the database back.
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
