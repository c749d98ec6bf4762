/**
 * Where a request's time goes (`node --import tsx bench/profile.ts [route]`): starts the app as
 * bench/http.ts does, under `node --cpu-prof`, signs up one artist with 20 conversations, drives
 * one route with autocannon (50 connections, BENCH_DURATION s, default 10) and prints the functions
 * with the most self time, grouped by package. Route: `conversations` (default) or `user`.
 * SQLite, or PostgreSQL when BENCH_DIALECT=postgres and TEST_DATABASE_URL is set. The .cpuprofile
 * is kept (its path is printed) for Chrome DevTools or speedscope. Not part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPgDatabase, ensureBuilt, seedConversations, settings, signUp, startApp } from './lib/server';
import { printProfile } from './lib/profile-summary';

const route = process.argv[2] ?? 'conversations';
const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-prof-'));

ensureBuilt();
const database = dialect === 'postgres' ? await createPgDatabase() : null;
if (dialect === 'postgres' && !database) throw new Error('BENCH_DIALECT=postgres needs TEST_DATABASE_URL');
const app = await startApp({ ...(database ? { DATABASE_URL: database.url } : {}) }, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
let result: Awaited<ReturnType<typeof autocannon>>;
try {
  const cookie = await signUp(app.origin);
  await seedConversations(app.origin, cookie);
  const url = `${app.origin}/api/${route === 'user' ? 'user' : 'conversations'}`;
  result = await autocannon({ url, connections: settings.connections, duration: settings.durationSec, headers: { cookie } });
} finally {
  await app.stop();
  await database?.drop();
}
console.log(`${dialect} GET /api/${route}: ${result.requests.average.toFixed(0)} req/s (under the profiler), p99 ${result.latency.p99} ms`);

printProfile(profDir);
