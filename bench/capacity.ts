/**
 * Capacity (issue 31, ADR 060): how many artists one app process on this machine serves with a
 * realistic mix, p95 of interactive requests < 200 ms (`node --import tsx bench/capacity.ts`; part
 * of `npm run bench` through bench/server.ts).
 *
 * Each simulated artist, per minute of their time: a page load (GET /api/user, the conversations
 * list, GET /api/quotas), two more list reads, a chat turn with the built-in guide, four lyric
 * analyses while typing; per hour a beat and a cover. Time is scaled by BENCH_CAPACITY_SCALE
 * (default 60: a simulated artist does in one second what a real one does in a minute), so N
 * simulated artists stand for N x scale real ones. Events are random (Poisson) at those rates.
 * Interactive = everything but the beat and cover requests themselves (which render). The search
 * doubles N until p95 >= 200 ms (or errors), then halves the step between the last good and the
 * first bad N. Each step runs BENCH_CAPACITY_SECONDS (default 20) after a warm-up. SQLite, or
 * PostgreSQL with BENCH_CAPACITY_DB=postgres and TEST_DATABASE_URL. The machine's load is printed
 * beside every figure.
 *
 * BENCH_CAPACITY_PROCESSES=2 (PostgreSQL only) measures the fleet instead: that many app processes
 * with WORKERS=0 and one job worker (`npm run worker`: dist/worker.js, JOB_CONCURRENCY 2), sharing
 * the database, the data folder and the session secret; artist i is served by process i mod n (as
 * a load balancer keeping a client on one process would), and the CPU figure is the fleet's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANY_ARTISTS_ENV, cpuMs } from '../apps/server/test/many-artists';
import { HEAVY_CLICKS_ENV } from '../apps/server/test/heavy-clicks';
import { createPgDatabase, ensureBuilt, isMain, machine, serverLabel, startApp, startWorker, type RunningServer } from './lib/server';

const SCALE = Number(process.env.BENCH_CAPACITY_SCALE ?? 60);
const STEP_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const MAX_SIMULATED = Number(process.env.BENCH_CAPACITY_MAX ?? 256);
const PROCESSES = Number(process.env.BENCH_CAPACITY_PROCESSES ?? 1);
const TARGET_P95_MS = 200;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

interface SimArtist {
  /** The app process serving this artist. */
  origin: string;
  cookie: string;
  chat: number;
  studio: number;
}

/** Per real minute: what one artist does (see above). */
const PER_MINUTE = { pageLoad: 1, list: 2, chat: 1, analyse: 4, beat: 1 / 60, cover: 1 / 60 };

async function call(origin: string, cookie: string, method: string, path: string, body?: object) {
  const res = await fetch(`${origin}${path}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function newArtist(origin: string, i: number): Promise<SimArtist> {
  const name = `cap${i}_${Date.now().toString(36)}`;
  const res = await fetch(`${origin}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'correct horse battery staple' }) });
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (let c = 0; c < 5; c++) await call(origin, cookie, 'POST', '/api/conversations', { category: 'chat', title: `Song idea ${c + 1}` });
  const chat = (await call(origin, cookie, 'POST', '/api/conversations', { category: 'chat', title: 'Guide' })).id as number;
  const studio = (await call(origin, cookie, 'POST', '/api/conversations', { category: 'studio' })).id as number;
  return { origin, cookie, chat, studio };
}

const LINES = ['I stay up all night', 'chasing the neon light', 'the city on my mind', 'I leave it all behind', 'money on the table', 'doing what I am able'];

interface Step {
  simulated: number;
  real: number;
  interactive: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  beats: number;
  covers: number;
  cpuPct: number;
  load: string;
}

/** Runs `artists` at the scaled rates for `seconds`; latencies of interactive requests. */
async function runStep(artists: SimArtist[], seconds: number, pids: number[]): Promise<Omit<Step, 'simulated' | 'real' | 'load'>> {
  const times: number[] = [];
  let errors = 0;
  let beats = 0;
  let covers = 0;
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const inFlight = new Set<Promise<unknown>>();
  const timed = (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    const p = work().then(
      () => void times.push(performance.now() - t0),
      () => void errors++,
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const untimed = (work: () => Promise<unknown>, done: () => void) => {
    const p = work().then(done, () => void errors++);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const events = Object.entries(PER_MINUTE) as [keyof typeof PER_MINUTE, number][];
  const act = (a: SimArtist, kind: keyof typeof PER_MINUTE) => {
    const k = n++;
    const origin = a.origin;
    switch (kind) {
      case 'pageLoad':
        return timed(() => Promise.all([call(origin, a.cookie, 'GET', '/api/user'), call(origin, a.cookie, 'GET', '/api/conversations'), call(origin, a.cookie, 'GET', '/api/quotas')]));
      case 'list':
        return timed(() => call(origin, a.cookie, 'GET', '/api/conversations'));
      case 'chat':
        return timed(() => call(origin, a.cookie, 'POST', `/api/conversations/${a.chat}/messages`, { content: k % 2 ? 'How do royalties work?' : 'What tempo for trap?' }));
      case 'analyse':
        return timed(() => call(origin, a.cookie, 'POST', '/api/lyrics/analyze', { text: `${LINES.slice(0, 2 + (k % 4)).join('\n')} ${k}` }));
      case 'beat':
        return untimed(() => call(origin, a.cookie, 'POST', '/api/studio/generate', { prompt: 'dark trap, 8 seconds', model: 'rap', conversationId: a.studio, seed: k }), () => void beats++);
      case 'cover':
        return untimed(() => call(origin, a.cookie, 'POST', '/api/coverarts', { prompt: 'Night city in gold', title: `Cover ${k}`, seed: k }), () => void covers++);
    }
  };
  const fleetCpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const appCpu0 = fleetCpu();
  const t0 = performance.now();
  // Each artist: each kind of event as a Poisson process at its scaled rate.
  await Promise.all(
    artists.flatMap((a) =>
      events.map(async ([kind, perMinute]) => {
        const perSecond = (perMinute * SCALE) / 60;
        for (;;) {
          const wait = (-Math.log(1 - Math.random()) / perSecond) * 1000;
          if (performance.now() + wait >= end) return;
          await new Promise((r) => setTimeout(r, wait));
          act(a, kind);
        }
      }),
    ),
  );
  await Promise.all(inFlight);
  const cpuPct = ((fleetCpu() - appCpu0) / (performance.now() - t0)) * 100;
  times.sort((x, y) => x - y);
  const q = (p: number) => (times.length ? Number(times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1)) : NaN);
  return { interactive: times.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), errors, beats, covers, cpuPct: Math.round(cpuPct) };
}

export async function runCapacityBench(): Promise<void> {
  ensureBuilt();
  const dialect = process.env.BENCH_CAPACITY_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
  if (PROCESSES > 1 && dialect !== 'postgres') throw new Error('BENCH_CAPACITY_PROCESSES > 1 needs PostgreSQL: BENCH_CAPACITY_DB=postgres and TEST_DATABASE_URL');
  const fleet = PROCESSES > 1 ? `${PROCESSES} app processes and a job worker` : 'one app process';
  console.log(`Capacity: ${fleet}, ${dialect}, time x${SCALE}, ${STEP_SECONDS} s a step, target p95 < ${TARGET_P95_MS} ms of interactive requests; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const database = dialect === 'postgres' ? await createPgDatabase() : null;
  const env = { ...HEAVY_CLICKS_ENV, ...MANY_ARTISTS_ENV, ...(database ? { DATABASE_URL: database.url } : {}) };
  const apps: RunningServer[] = [];
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const shared = PROCESSES > 1 ? { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mo-capacity-')), SESSION_SECRET: crypto.randomBytes(32).toString('hex'), WORKERS: '0' } : null;
  const steps: Step[] = [];
  const artists: SimArtist[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) apps.push(await startApp({ ...env, ...(shared ?? {}) }));
    if (shared) worker = await startWorker({ ...env, ...shared, JOB_CONCURRENCY: '2', LOG_LEVEL: 'warn' });
    const pids = [...apps.map((a) => a.pid), ...(worker ? [worker.pid] : [])];
    const measure = async (simulated: number) => {
      while (artists.length < simulated) artists.push(...(await Promise.all(Array.from({ length: Math.min(8, simulated - artists.length) }, (_, i) => newArtist(apps[(artists.length + i) % apps.length]!.origin, artists.length + i)))));
      await runStep(artists.slice(0, simulated), Math.min(3, STEP_SECONDS), pids); // warm-up
      const s: Step = { simulated, real: simulated * SCALE, ...(await runStep(artists.slice(0, simulated), STEP_SECONDS, pids)), load: load() };
      steps.push(s);
      console.log(JSON.stringify(s));
      return s.p95 < TARGET_P95_MS && s.errors === 0;
    };
    let good = 0;
    let bad = 0;
    for (let n = 1; n <= MAX_SIMULATED; n *= 2) {
      if (await measure(n)) good = n;
      else {
        bad = n;
        break;
      }
    }
    // Between the last good and the first bad N, halving the step (a few more runs).
    while (bad && bad - good > Math.max(1, good / 8)) {
      const mid = Math.round((good + bad) / 2);
      if (await measure(mid)) good = mid;
      else bad = mid;
    }
    console.table(steps);
    console.log(`Capacity N: ${good} simulated artists at x${SCALE} = about ${good * SCALE} artists on ${fleet} (${dialect}; p95 < ${TARGET_P95_MS} ms; load ${load()})${bad ? '' : ' (the search stopped at BENCH_CAPACITY_MAX)'}`);
  } finally {
    await worker?.stop();
    for (const app of apps) await app.stop();
    if (shared) fs.rmSync(shared.DATA_DIR, { recursive: true, force: true });
    await database?.drop();
  }
}

if (isMain(import.meta.url)) {
  runCapacityBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
