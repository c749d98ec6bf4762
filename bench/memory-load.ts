/**
 * Memory that comes back (issue 31, ADR 059; `node --import tsx bench/memory-load.ts`, part of
 * `npm run bench`): the compiled server, started as `npm start` starts it (bench/lib/server.ts),
 * takes the load suite's mix (apps/server/test/memory-rounds.ts: every tool's main endpoint, a
 * cover and a beat at a time, 50 connections) in BENCH_MEMORY_ROUNDS rounds (10) of
 * BENCH_MEMORY_ROUND_SECONDS (10) each. Printed per round: requests, RSS at its highest while busy
 * and BENCH_MEMORY_SETTLE_SECONDS (12) after the round is over, once its idle collection has run; then RSS while idle, polled each second until under 150 MB or two
 * minutes have passed. The baseline is the same process's RSS before the first round. Beside the
 * web process, the summed RSS of its child processes (heavy work, ffmpeg): memory moved out of the
 * web process into children has not gone.
 * Targets: busy < 250 MB, idle < 150 MB within 2 minutes, growth over the 10 rounds < 10 MB.
 */
import os from 'node:os';
import { MEMORY_ROUNDS_ENV, memoryRounds } from '../apps/server/test/memory-rounds';
import { ensureBuilt, isMain, machine, serverLabel, startApp } from './lib/server';

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10);
const ROUND_SECONDS = Number(process.env.BENCH_MEMORY_ROUND_SECONDS ?? 10);
// Each round's "after" is read once the process has been idle long enough for its idle collection
// (two 5 s checks, ADR 067): what a round leaves behind, not the garbage it has not yet collected.
const SETTLE_SECONDS = Number(process.env.BENCH_MEMORY_SETTLE_SECONDS ?? 12);
const TARGET = { busyMb: 250, idleMb: 150, idleSeconds: 120, growthMb: 10 };
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

export async function runMemoryLoadBench(): Promise<void> {
  ensureBuilt();
  console.log(`Memory under repeated load: ${ROUNDS} rounds of ${ROUND_SECONDS} s, each read ${SETTLE_SECONDS} s after it ends; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const app = await startApp({ ...MEMORY_ROUNDS_ENV, LOG_LEVEL: 'warn' });
  try {
    const f = await memoryRounds(app.origin, app.pid, {
      rounds: ROUNDS,
      roundMs: ROUND_SECONDS * 1000,
      connections: 50,
      settleMs: SETTLE_SECONDS * 1000,
      idleBoundMb: TARGET.idleMb,
      idleDeadlineMs: TARGET.idleSeconds * 1000,
      onRound: (r, i) =>
        console.log(
          `  round ${i + 1}: ${r.requests} requests, RSS busy ${r.busyMb.toFixed(0)} MB (children ${r.childrenBusyMb.toFixed(0)}, together ${r.totalBusyMb.toFixed(0)}), after ${r.afterMb.toFixed(0)} MB (children ${r.childrenAfterMb.toFixed(0)}); load ${load()}`,
        ),
    });
    const busy = Math.max(...f.rounds.map((r) => r.busyMb));
    const childrenBusy = Math.max(...f.rounds.map((r) => r.childrenBusyMb));
    const totalBusy = Math.max(...f.rounds.map((r) => r.totalBusyMb));
    const growth = f.rounds.at(-1)!.afterMb - f.rounds[0]!.afterMb;
    // Least-squares slope of after-round RSS: a leak climbs every round, warming up (threads
    // starting, the SoundFont loading in a second thread) only in the first ones.
    const xs = f.rounds.map((_, i) => i);
    const ys = f.rounds.map((r) => r.afterMb);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / (xs.reduce((a, x) => a + (x - mx) ** 2, 0) || 1);
    const ok = (pass: boolean) => (pass ? 'met' : 'NOT met');
    console.table([
      {
        'RSS before load (MB, baseline)': Math.round(f.startMb),
        'RSS busy, highest (MB)': Math.round(busy),
        [`busy < ${TARGET.busyMb} MB`]: ok(busy < TARGET.busyMb),
        'children busy, highest (MB)': Math.round(childrenBusy),
        'with children busy, highest (MB)': Math.round(totalBusy),
        'RSS idle (MB)': Math.round(f.idleMb),
        'idle after (s)': Math.round(f.idleSeconds),
        [`idle < ${TARGET.idleMb} MB in ${TARGET.idleSeconds} s`]: ok(f.idleMb < TARGET.idleMb),
        'children then (MB)': Math.round(f.childrenIdleMb),
        'with children idle (MB)': Math.round(f.totalIdleMb),
        'with children idle after (s)': Math.round(f.totalIdleSeconds),
        'growth round 1 -> last (MB)': Math.round(growth),
        [`growth < ${TARGET.growthMb} MB`]: ok(growth < TARGET.growthMb),
        'trend (MB/round)': slope.toFixed(1),
        load: load(),
      },
    ]);
  } finally {
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  runMemoryLoadBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
