/**
 * Heavy work never stalls a click (issue 31, ADR 055): the compiled server, one artist clicking
 * GET /api/user and GET /api/conversations (two clients, 10 ms between an answer and the next
 * request), timed idle and then while 4 beats (15 s each) and 4 covers render and 2 one-minute
 * uploads are analysed (`node --import tsx bench/heavy-clicks.ts`; part of `npm run bench`).
 * Target: p99 under heavy work < 50 ms; the idle p99 of the same run is its baseline.
 * BENCH_HEAVY_INLINE=1 also runs the scenario with the work on the request thread
 * (HEAVY_WORK_THREADS=0), to show what the pool saves.
 */
import os from 'node:os';
import { HEAVY_CLICKS_ENV, heavyClicks, type HeavyClicksFigures } from '../apps/server/test/heavy-clicks';
import { ensureBuilt, isMain, machine, serverLabel, startApp } from './lib/server';

const TARGET_P99_MS = 50;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

async function once(threads?: string): Promise<HeavyClicksFigures & { load: string }> {
  const app = await startApp({ ...HEAVY_CLICKS_ENV, ...(threads === undefined ? {} : { HEAVY_WORK_THREADS: threads }) });
  try {
    const figures = await heavyClicks(app.origin);
    return { ...figures, load: load() };
  } finally {
    await app.stop();
  }
}

export async function runHeavyClicksBench(): Promise<void> {
  ensureBuilt();
  console.log(`Heavy work and clicks: 4 beats, 4 covers, 2 analyses; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const rows: Record<string, string | number>[] = [];
  const runs: [string, string | undefined][] = [['pool (one process per core, nice 10)', undefined]];
  if (process.env.BENCH_HEAVY_INLINE === '1') runs.push(['inline (HEAVY_WORK_THREADS=0)', '0']);
  for (const [label, threads] of runs) {
    const f = await once(threads);
    rows.push({
      work: label,
      'idle p99 ms': Number(f.idle.p99.toFixed(1)),
      'busy p50 ms': Number(f.busy.p50.toFixed(1)),
      'busy p99 ms': Number(f.busy.p99.toFixed(1)),
      'busy max ms': Number(f.busy.max.toFixed(0)),
      'busy requests': f.busy.requests,
      'heavy work s': Number((f.heavyMs / 1000).toFixed(1)),
      target: f.busy.p99 < TARGET_P99_MS ? `met (< ${TARGET_P99_MS} ms)` : `missed (>= ${TARGET_P99_MS} ms)`,
      load: f.load,
    });
  }
  console.table(rows);
}

if (isMain(import.meta.url)) {
  runHeavyClicksBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
