import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Four projects: 'node' (engines, shared code and the API, with the server's database check as
 * global setup), 'web' (the web app's logic in happy-dom, apps/web/vitest.config.ts), 'ops' (the
 * suites that measure or drive load: apps/server/test/ops) and 'procs' (the crash and fleet suites,
 * which start app and worker processes: multi-process and crash).
 *
 * 'node' and 'web' run side by side, MAX_WORKERS files at once: every API suite has its own
 * databases (a temp SQLite file, a throw-away PostgreSQL database), its own ports and its own
 * Redis key prefix, so files share no state. Vitest's default on a 2-core machine is one file at
 * a time (cores - 1), which left a core idle while a suite waited on PostgreSQL, ffmpeg or a child
 * process (ADR 044).
 * 'ops' runs after the other two have finished, one file at a time, so 100 connections of load do
 * not starve other suites' timeouts on a 2-core machine, nor they the load; its global setup builds
 * the server once and every suite starts its processes from that build (test/ops/global-setup.ts).
 * 'procs' (the crash and fleet suites, which start app and worker processes but measure nothing)
 * shares the first group with 'node' and 'web': Vitest orders a group's projects by name, so its
 * two files run side by side once the 'node' files are done, where they used to run one after the
 * other in 'ops', about 65 s of mostly waiting at the end of the run (ADR 069). Its global setup
 * builds the server into a folder of its own (dist-procs).
 * `npx vitest run apps/web` runs only the web tests; the server's global setup then does not run.
 */
/** Suites that measure or drive load: alone, after the rest (see above). */
const OPS = ['apps/server/test/ops/**/*.test.ts'];
/** Suites that start app and worker processes but measure nothing: side by side, after the 'node' files (see above). */
const PROCS = ['apps/server/test/multi-process.test.ts', 'apps/server/test/crash.test.ts'];

/** What 'procs' and 'ops' share: one build of the server per project (test/ops/global-setup.ts), generous guards. */
const PROCESS_SUITES = {
  environment: 'node',
  globalSetup: ['./apps/server/test/ops/global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // Benchmarks belong to the 'node' project; without this they would run twice.
  benchmark: { include: [] as string[] },
};

/** At least two files at once, even on 2 cores (see above); VITEST_MAX_WORKERS overrides. */
const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, os.availableParallelism() - 1));

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        test: {
          name: 'node',
          include: ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OPS, ...PROCS],
          environment: 'node',
          globalSetup: ['./apps/server/test/global-setup.ts'],
          // Fails a test whose requests to the local fakes stray from the published API descriptions.
          setupFiles: ['./apps/server/test/contracts/setup.ts'],
          // Tripled and doubled in CI, as the journeys' are doubled (playwright.config.ts): machines of
          // one kind differ two- to threefold in speed, and a 5 s beat-and-MP3 test took over 20 s on a
          // slow, loaded one. The guards only bound a failing test; a hook that names no time of its
          // own gets this one.
          testTimeout: process.env.CI ? 60_000 : 20_000,
          hookTimeout: process.env.CI ? 120_000 : 60_000,
          pool: 'forks',
          isolate: false,
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      './apps/web/vitest.config.ts',
      { test: { ...PROCESS_SUITES, name: 'procs', include: PROCS } },
      {
        test: {
          ...PROCESS_SUITES,
          name: 'ops',
          include: OPS,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
