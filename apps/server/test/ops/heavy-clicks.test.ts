import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process';
import { HEAVY_CLICKS_ENV, heavyClicks } from '../heavy-clicks';

/**
 * Heavy work never stalls a click (issue 31, ADR 055), on the compiled server: while 4 beats and
 * 4 covers render and 2 tracks are analysed, p99 of GET /api/user and GET /api/conversations
 * stays within a loose multiple of the idle p99 and under 250 ms. With the renders on the request
 * thread (HEAVY_WORK_THREADS=0) a single cover holds every request for about a second, so a
 * regression fails here; `npm run bench` holds the issue's own target (p99 < 50 ms).
 */
const running: AppProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const p of running.splice(0)) p.kill();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** p99 under heavy work may be this many times the idle p99, plus this many ms (a shared CI machine's noise). */
const RATIO = 5;
const SLACK_MS = 50;
const ABSOLUTE_MS = 250;

describe('heavy work and clicks on the compiled server', () => {
  it('answers the artist at once while beats and covers render and tracks are analysed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-clicks-'));
    dirs.push(dataDir);
    const app = await startAppProcess({ ...HEAVY_CLICKS_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(process.env.HEAVY_CLICKS_THREADS ? { HEAVY_WORK_THREADS: process.env.HEAVY_CLICKS_THREADS } : {}) });
    running.push(app);
    // Short beats and tracks: the point is renders in flight beside the clicks, not their length.
    const figures = await heavyClicks(app.url, { beatSeconds: 8, trackSeconds: 30 });
    console.log(`heavy clicks (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}): ${JSON.stringify(figures)}`);
    expect(figures.busy.requests).toBeGreaterThan(50);
    expect(figures.busy.p99, JSON.stringify(figures)).toBeLessThan(Math.min(ABSOLUTE_MS, RATIO * figures.idle.p99 + SLACK_MS));
  }, 300_000);
});
