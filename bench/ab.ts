/**
 * Before/after on a busy machine (`node --import tsx bench/ab.ts <before-checkout> [after-checkout]`):
 * starts both builds side by side (compiled, NODE_ENV=production, as bench/http.ts does), signs up
 * one artist with 20 conversations on each, and drives them in turn, in short bursts (BENCH_DURATION
 * s, default 3; BENCH_ROUNDS pairs, default 8), so both see the same load. For each route it prints
 * the median CPU time per request of each server (user + system, from /proc) and of req/s, and the
 * after/before ratio. SQLite, or PostgreSQL with BENCH_DIALECT=postgres and TEST_DATABASE_URL set.
 * Not part of `npm run bench`.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, createPgDatabase, median, ROOT, seedConversations, settings, signUp, startApp, type RunningServer } from './lib/server';

const before = path.resolve(process.argv[2] ?? '');
const after = path.resolve(process.argv[3] ?? ROOT);
if (!process.argv[2]) throw new Error('usage: bench/ab.ts <before-checkout> [after-checkout]');
const dialect = process.env.BENCH_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const durationSec = Number(process.env.BENCH_DURATION ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const routes = (process.env.BENCH_ROUTES ?? 'conversations,user').split(',');

interface Side {
  label: string;
  app: RunningServer;
  cookie: string;
  drop?: () => Promise<void>;
}

async function start(label: string, root: string): Promise<Side> {
  const database = dialect === 'postgres' ? await createPgDatabase() : null;
  if (dialect === 'postgres' && !database) throw new Error('BENCH_DIALECT=postgres needs TEST_DATABASE_URL');
  const app = await startApp(database ? { DATABASE_URL: database.url } : {}, [], root);
  const cookie = await signUp(app.origin);
  await seedConversations(app.origin, cookie);
  return { label, app, cookie, drop: database ? () => database.drop() : undefined };
}

async function burst(side: Side, route: string, seconds: number) {
  const cpu0 = cpuMicros(side.app.pid);
  const r = await autocannon({ url: `${side.app.origin}/api/${route}`, connections: settings.connections, duration: seconds, headers: { cookie: side.cookie } });
  if (r.errors + r.timeouts + r.non2xx > 0) throw new Error(`${side.label} ${route}: errors or non-2xx answers`);
  return { cpuUs: (cpuMicros(side.app.pid) - cpu0) / r.requests.total, rps: r.requests.average };
}

const sides = [await start('before', before), await start('after', after)];
try {
  console.log(`A/B on ${dialect}: before ${before}, after ${after}; ${rounds} pairs of ${durationSec} s bursts, ${settings.connections} connections`);
  for (const route of routes) {
    // Warm both up (JIT, statement caches) before measuring.
    for (const side of sides) await burst(side, route, 2);
    const cpu: Record<string, number[]> = { before: [], after: [] };
    const rps: Record<string, number[]> = { before: [], after: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always follows the other.
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const m = await burst(side, route, durationSec);
        cpu[side.label].push(m.cpuUs);
        rps[side.label].push(m.rps);
      }
    }
    const [b, a] = [median(cpu.before), median(cpu.after)];
    console.log(
      `GET /api/${route}: CPU/request before ${b.toFixed(1)} µs, after ${a.toFixed(1)} µs (${(a / b).toFixed(3)}×); ` +
        `req/s before ${median(rps.before).toFixed(0)}, after ${median(rps.after).toFixed(0)} (${(median(rps.after) / median(rps.before)).toFixed(3)}×)`,
    );
  }
} finally {
  for (const side of sides) {
    await side.app.stop();
    await side.drop?.();
  }
}
