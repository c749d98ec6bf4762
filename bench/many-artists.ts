/**
 * Many artists at once (issue 31, ADR 060): the compiled server with 200 artists of 20 conversations each;
 * `GET /api/conversations` and `GET /api/user` driven by autocannon (50 connections), each request
 * from a random artist, while conversations of random artists are renamed 20 times a second; each
 * beside a bare node:http server measured just before (`node --import tsx bench/many-artists.ts`).
 * Targets: conversations >= 0.30x raw and user >= 0.45x, p99 < 25 ms on SQLite (>= 0.25x and
 * >= 0.35x on PostgreSQL, run when TEST_DATABASE_URL is set). BENCH_PROFILE=1 runs the server under
 * `--cpu-prof` (SQLite) and prints where its time goes; BENCH_ROUTES=/api/user (comma-separated)
 * measures only those routes. Each route is also measured on the floor server
 * (bench/lib/floor-server.ts: the framework, a log line, the headers and an in-memory session, none
 * of the app's own code), a second baseline that shows how much of the gap to raw the app's own
 * work makes (ADR 070). The scenario itself is apps/server/test/many-artists.ts, which the
 * operations suite runs too (test/ops/many-artists.test.ts). Part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANY_ARTISTS_ENV, cpuMs, drive, manyArtists, seedArtists, startRawServer } from '../apps/server/test/many-artists';
import { startFloorServer, type FloorServer } from './lib/floor-server';
import { createPgDatabase, ensureBuilt, isMain, machine, serverLabel, settings, startApp } from './lib/server';
import { printProfile } from './lib/profile-summary';

const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 200);
const CONVERSATIONS = 20;
const RENAMES_PER_SECOND = 20;
const ROUTES = (process.env.BENCH_ROUTES ?? '/api/conversations,/api/user').split(',');
const TARGETS: Record<string, Record<string, { ratio: number; p99: number }>> = {
  sqlite: { '/api/conversations': { ratio: 0.3, p99: 25 }, '/api/user': { ratio: 0.45, p99: 25 } },
  postgres: { '/api/conversations': { ratio: 0.25, p99: 25 }, '/api/user': { ratio: 0.35, p99: 25 } },
};
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

export async function runManyArtistsBench(): Promise<void> {
  ensureBuilt();
  const profile = process.env.BENCH_PROFILE === '1';
  console.log(`Many artists: ${ARTISTS} artists x ${CONVERSATIONS} conversations, random artist per request, ${RENAMES_PER_SECOND} renames/s; ${settings.connections} connections, ${settings.durationSec} s; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const raw = await startRawServer();
  const rows: Record<string, string | number>[] = [];
  let floor: FloorServer | undefined;
  try {
    const dialects: ('sqlite' | 'postgres')[] = profile || !process.env.TEST_DATABASE_URL ? ['sqlite'] : ['sqlite', 'postgres'];
    for (const dialect of dialects) {
      const database = dialect === 'postgres' ? await createPgDatabase() : null;
      const profDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'mo-prof-')) : null;
      const app = await startApp({ ...(database ? { DATABASE_URL: database.url } : {}), ...MANY_ARTISTS_ENV }, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
      try {
        const artists = await seedArtists(app.origin, ARTISTS, CONVERSATIONS);
        floor ??= await startFloorServer(app.origin, artists[0]!, ARTISTS);
        for (const route of ROUTES) {
          const [m] = await manyArtists(app.origin, raw.url, artists, { routes: [route], connections: settings.connections, durationSec: settings.durationSec, renamesPerSecond: RENAMES_PER_SECOND, appPid: app.pid, rawPid: raw.child.pid });
          // The floor server right after, from as many artists (no writes: it has no database).
          const floorCpu = cpuMs(floor.child.pid);
          const f = await drive(floor.origin, settings.connections, settings.durationSec, floor.artists, route);
          const floorCpuUs = ((cpuMs(floor.child.pid) - floorCpu) * 1000) / Math.max(1, f.rps * settings.durationSec);
          if (f.errors > 0) throw new Error(`the floor server failed ${f.errors} requests on ${route}`);
          const target = TARGETS[dialect]![route];
          rows.push({
            database: dialect,
            route: `GET ${route}`,
            'req/s': Math.round(m!.rps),
            'p99 ms': m!.p99,
            'raw req/s': Math.round(m!.rawRps),
            'ratio to raw': Number(m!.ratio.toFixed(3)),
            target: target ? `>= ${target.ratio}x, p99 < ${target.p99} ms: ${m!.ratio >= target.ratio && m!.p99 < target.p99 ? 'met' : 'NOT met'}` : '',
            'CPU µs/req': Math.round(m!.cpuUs),
            'raw CPU µs/req': Math.round(m!.rawCpuUs),
            'CPU ratio': Number((m!.rawCpuUs / m!.cpuUs).toFixed(3)),
            'floor req/s': Math.round(f.rps),
            'floor ratio to raw': Number((f.rps / m!.rawRps).toFixed(3)),
            'floor CPU µs/req': Math.round(floorCpuUs),
            'app / floor': Number((m!.rps / f.rps).toFixed(3)),
            errors: m!.errors,
            renames: `${m!.renames} (${m!.renameFailures} failed)`,
            load: load(),
          });
          console.log(JSON.stringify(rows.at(-1)));
        }
      } finally {
        await app.stop();
        await database?.drop();
      }
      if (profDir) printProfile(profDir);
    }
  } finally {
    raw.stop();
    floor?.stop();
  }
  console.table(rows);
}

if (isMain(import.meta.url)) {
  runManyArtistsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
