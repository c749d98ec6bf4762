import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process';
import { MEMORY_ROUNDS_ENV, memoryRounds, productionStartEnv } from '../memory-rounds';

/**
 * Memory that comes back (issue 31, ADR 059), with loose bounds so that a real leak or a cache
 * without a bound fails CI while a loaded machine does not: the compiled server, started as
 * `npm start` starts it, takes the load suite's mix in rounds (LOAD_DURATION_SECONDS each, 5 s by
 * default; `npm run bench` runs 10 longer rounds against the targets, bench/memory-load.ts).
 * Busy, its RSS stays under BUSY_BOUND_MB, and once idle it falls under IDLE_BOUND_MB (the
 * heavy-work threads end when idle and glibc hands their memory back). Before ADR 059 the process
 * stayed near 380 MB after two rounds. Growth from round to round is the bench's to judge, over 10
 * rounds: the first rounds warm caches and threads up (403, 470, 521 MB after rounds 1-3 in a loaded
 * CI run; level from round 5 in the bench), so three rounds cannot tell warming from a leak.
 */
const ROUND_MS = Number(process.env.LOAD_DURATION_SECONDS ?? 5) * 1000;
const ROUNDS = 3;
/**
 * Busy 450 and idle 250 MB (ADR 068): on a quiet machine the bench reads 163 MB busy and 117 MB idle
 * (10 rounds), this test 185 and 166 MB (3 short rounds); the bounds leave room for a loaded CI
 * machine. Before ADR 068 the idle process held the marketing planner's tagger and the holiday
 * rules (19 MB of heap), word caches of some 35 MB and SQLite's 16 MB page cache; before ADR 067
 * it read 314 MB idle in a loaded CI run, and before ADR 059 it stayed near 380 MB.
 */
const BUSY_BOUND_MB = 450;
const IDLE_BOUND_MB = 250;
/**
 * Idle heavy-work threads end after IDLE_SECONDS here, not the default minute, so the test does not
 * wait the minute out (`npm run bench` keeps the default); the deadline leaves room for a loaded machine.
 */
const IDLE_SECONDS = 5;
const IDLE_DEADLINE_MS = 60_000;

describe('memory under repeated load', () => {
  let app: AppProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-memory-'));
    app = await startAppProcess({ ...productionStartEnv(), ...MEMORY_ROUNDS_ENV, HEAVY_WORK_IDLE_SECONDS: String(IDLE_SECONDS), DATA_DIR: dataDir, SESSION_SECRET: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' });
  }, 120_000);

  afterAll(async () => {
    app?.kill();
    await app?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not grow round after round and gives memory back when idle', async () => {
    const f = await memoryRounds(app.url, app.child.pid!, { rounds: ROUNDS, roundMs: ROUND_MS, connections: 20, idleBoundMb: IDLE_BOUND_MB, idleDeadlineMs: IDLE_DEADLINE_MS });
    const rounds = f.rounds.map((r) => `${r.requests} requests, busy ${r.busyMb.toFixed(0)} MB, after ${r.afterMb.toFixed(0)} MB`).join('; ');
    console.info(`memory: start ${f.startMb.toFixed(0)} MB; ${rounds}; idle ${f.idleMb.toFixed(0)} MB after ${f.idleSeconds.toFixed(0)} s`);
    for (const r of f.rounds) expect(r.requests).toBeGreaterThan(0);
    expect(Math.max(...f.rounds.map((r) => r.busyMb)), rounds).toBeLessThan(BUSY_BOUND_MB);
    expect(f.idleMb, `RSS ${IDLE_DEADLINE_MS / 1000} s after the load`).toBeLessThan(IDLE_BOUND_MB);
  }, 600_000);
});
