/**
 * HTTP throughput of the API next to a bare node:http server, in the same run on the same machine
 * (`node --import tsx bench/http.ts`; part of `npm run bench`).
 *
 * Builds the app (`npm run build`) and starts it as production runs it (NODE_ENV=production,
 * `node apps/server/dist/main.js`; BENCH_SOURCE=tsx starts the TypeScript sources instead), signs
 * up one artist with 20 conversations, and drives with autocannon (50 connections, 10 s, 3 rounds):
 * `GET /api/conversations` and `GET /api/user`, each right after the raw server. Prints req/s, p99
 * and the ratio to the raw server measured just before. SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set (a throw-away database on that server). Quicker: BENCH_DURATION=3 BENCH_ROUNDS=1.
 * Targets (issue "Fast and lean"): conversations >= 0.25x raw and p99 < 25 ms, user >= 0.40x on
 * SQLite; >= 0.15x / 0.30x on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import {
  cpuMicros,
  createPgDatabase,
  ensureBuilt,
  freePort,
  isMain,
  machine,
  median,
  serverLabel,
  settings,
  seedConversations,
  signUp,
  startApp,
  waitFor200,
} from './lib/server';
// The bare node:http server every ratio is taken against, the same as the many-artists runs'.
import { RAW_SERVER } from '../apps/server/test/many-artists';

interface Measure {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time the serving process used per answered request, in microseconds (less noisy than req/s on a shared machine). */
  cpuUs: number;
}

async function drive(url: string, headers: Record<string, string> = {}, durationSec = settings.durationSec, pid?: number): Promise<Measure> {
  const cpu0 = pid ? cpuMicros(pid) : 0;
  const r = await autocannon({ url, connections: settings.connections, duration: durationSec, headers });
  const cpuUs = pid && r.requests.total > 0 ? (cpuMicros(pid) - cpu0) / r.requests.total : NaN;
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, cpuUs };
}

export interface HttpFigures {
  dialect: string;
  route: string;
  rps: number;
  p99: number;
  rawRps: number;
  ratio: number;
  cpuUs: number;
  rawCpuUs: number;
}

async function benchDialect(dialect: 'sqlite' | 'postgres', rawUrl: string, rawPid: number): Promise<HttpFigures[]> {
  const database = dialect === 'postgres' ? await createPgDatabase() : null;
  if (dialect === 'postgres' && !database) return [];
  const app = await startApp(database ? { DATABASE_URL: database.url } : {});
  try {
    const cookie = await signUp(app.origin);
    await seedConversations(app.origin, cookie);
    const list = (await (await fetch(`${app.origin}/api/conversations`, { headers: { cookie } })).json()) as unknown[];
    if (list.length !== 20) throw new Error(`expected 20 conversations, got ${list.length}`);

    const routes = [
      { route: 'GET /api/conversations', url: `${app.origin}/api/conversations` },
      { route: 'GET /api/user', url: `${app.origin}/api/user` },
    ];
    const warmup = Math.min(2, settings.durationSec);
    await drive(rawUrl, {}, warmup);
    for (const r of routes) await drive(r.url, { cookie }, warmup);

    const rows: { route: string; m: Measure; raw: Measure }[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      for (const r of routes) {
        // The bare server right before each route: on a shared machine the load changes within a
        // round, and a ratio is only as good as the two measures being taken under the same load.
        const raw = await drive(rawUrl, {}, settings.durationSec, rawPid);
        console.log(`  [${dialect} round ${round}] raw node:http ${raw.rps.toFixed(0)} req/s, p99 ${raw.p99} ms, ${raw.cpuUs.toFixed(1)} µs CPU/request`);
        const m = await drive(r.url, { cookie }, settings.durationSec, app.pid);
        if (m.errors) throw new Error(`${r.route}: ${m.errors} errors or non-2xx answers`);
        rows.push({ route: r.route, m, raw });
        console.log(`  [${dialect} round ${round}] ${r.route} ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${(m.rps / raw.rps).toFixed(3)}x raw, ${m.cpuUs.toFixed(1)} µs CPU/request`);
      }
    }
    return routes.map(({ route }) => {
      const mine = rows.filter((r) => r.route === route);
      return {
        dialect,
        route,
        rps: median(mine.map((r) => r.m.rps)),
        p99: median(mine.map((r) => r.m.p99)),
        rawRps: median(mine.map((r) => r.raw.rps)),
        ratio: median(mine.map((r) => r.m.rps / r.raw.rps)),
        cpuUs: median(mine.map((r) => r.m.cpuUs)),
        rawCpuUs: median(mine.map((r) => r.raw.cpuUs)),
      };
    });
  } finally {
    await app.stop();
    await database?.drop();
  }
}

export async function runHttpBench(): Promise<HttpFigures[]> {
  ensureBuilt();
  console.log(`HTTP benchmark: ${settings.connections} connections, ${settings.durationSec} s, ${settings.rounds} rounds; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const rawPort = await freePort();
  const raw = spawn(process.execPath, ['-e', RAW_SERVER, String(rawPort)], { stdio: 'ignore' });
  const rawUrl = `http://127.0.0.1:${rawPort}/`;
  const figures: HttpFigures[] = [];
  try {
    await waitFor200(rawUrl, performance.now(), 10_000, raw);
    figures.push(...(await benchDialect('sqlite', rawUrl, raw.pid!)));
    if (process.env.TEST_DATABASE_URL) figures.push(...(await benchDialect('postgres', rawUrl, raw.pid!)));
    else console.log('  (PostgreSQL skipped: TEST_DATABASE_URL is not set)');
  } finally {
    raw.kill('SIGTERM');
  }
  console.log('\nMedians over the rounds:');
  console.table(
    figures.map((f) => ({
      database: f.dialect,
      route: f.route,
      'req/s': Math.round(f.rps),
      'p99 ms': f.p99,
      'raw req/s': Math.round(f.rawRps),
      'ratio to raw': Number(f.ratio.toFixed(3)),
      'µs CPU/req': Number(f.cpuUs.toFixed(1)),
      'raw µs CPU/req': Number(f.rawCpuUs.toFixed(1)),
    })),
  );
  return figures;
}

if (isMain(import.meta.url)) {
  runHttpBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
