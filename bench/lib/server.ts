/**
 * Helpers for the server benchmarks (bench/http.ts, bench/memory.ts): build the app as production
 * runs it, start it on a loopback port, read a process's memory from /proc, make throw-away
 * PostgreSQL databases. Only 127.0.0.1 is ever contacted (apart from TEST_DATABASE_URL's server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Seconds, rounds and connections from the environment (BENCH_DURATION, BENCH_ROUNDS), with the issue's defaults. */
export const settings = {
  durationSec: Number(process.env.BENCH_DURATION ?? 10),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};

/**
 * Node's flags as `npm start` passes them (the root package.json's start script: a 4 MB young
 * generation, ADR 028), read from there so the benchmarks run the server as production does.
 */
const START_SCRIPT = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
export const PRODUCTION_NODE_FLAGS = START_SCRIPT.filter((word) => word.startsWith('--'));
/** The environment `npm start` sets before `exec node` (glibc's allocator settings, ADR 059). */
export const PRODUCTION_ENV: Record<string, string> = Object.fromEntries(
  START_SCRIPT.slice(0, START_SCRIPT.indexOf('exec'))
    .filter((word) => /^[A-Z_]+=/.test(word))
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);

/**
 * How the server is started: the compiled build (`node apps/server/dist/main.js`, what `npm start`
 * runs), or with BENCH_SOURCE=tsx the TypeScript sources through tsx, as the server ran before.
 */
export const fromSource = process.env.BENCH_SOURCE === 'tsx';
export const serverArgs = fromSource ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [...PRODUCTION_NODE_FLAGS, 'apps/server/dist/main.js'];
/** The checkout whose server is measured (default: this one); e.g. a worktree of an older commit, for before/after runs. */
export const APP_ROOT = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : ROOT;
export const serverLabel = `${fromSource ? 'TypeScript sources through tsx' : 'compiled build (apps/server/dist)'}${APP_ROOT === ROOT ? '' : ` in ${APP_ROOT}`}`;

let built = false;
/** `npm run build` once per process (web app and server), unless BENCH_NO_BUILD=1. */
export function ensureBuilt(): void {
  if (built || process.env.BENCH_NO_BUILD === '1') return;
  console.log('Building (npm run build)...');
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`npm run build failed (exit ${res.status})`);
  built = true;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; returns the milliseconds from `since`. Bounded by `timeoutMs`. */
export async function waitFor200(url: string, since: number, timeoutMs = 60_000, child?: ChildProcess): Promise<number> {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startMs: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the app (NODE_ENV=production, SQLite in a fresh folder unless DATABASE_URL is given);
 * `nodeArgs` go to node before the script (e.g. --cpu-prof); `root` is the checkout to run.
 */
export async function startApp(env: Record<string, string> = {}, nodeArgs: string[] = [], root = APP_ROOT): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-bench-'));
  let stderr = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      ...(fromSource ? {} : PRODUCTION_ENV),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Benchmarks measure throughput from one address, not the rate limits (ADR 022).
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_GENERATE_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (s: string) => {
    stderr = (stderr + s).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  let startMs: number;
  try {
    startMs = await waitFor200(`${origin}/api/health`, t0, 60_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, pid: child.pid!, port, origin, startMs, dataDir, stop };
}

/** SIGTERM (a graceful stop: in-flight requests and jobs finish), SIGKILL after 15 s; resolves once it has exited. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

/**
 * Starts the compiled job worker (`npm run worker`: apps/server/dist/worker.js, as production runs
 * it) with `env` (its DATABASE_URL, DATA_DIR and SESSION_SECRET shared with the apps), once it has
 * logged that it started. It must share a PostgreSQL database with the apps (ADR 022).
 */
export async function startWorker(env: Record<string, string>, root = APP_ROOT): Promise<{ pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'apps/server/dist/worker.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', ...PRODUCTION_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
      if (output.includes('job worker started')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`job worker exited with code ${code}:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { pid: child.pid!, stop: () => stopChild(child) };
}

/** Registers a fresh artist and returns the session cookie ("name=value"). */
export async function signUp(origin: string): Promise<string> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_${suffix}`, email: `bench_${suffix}@example.com`, password: 'correct horse battery staple' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error('register set no cookie');
  return cookie;
}

/** Gives the signed-in artist `count` conversations: the list the HTTP benchmarks read. */
export async function seedConversations(origin: string, cookie: string, count = 20): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${origin}/api/conversations`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Conversation ${i + 1}: verses, hooks and a release plan`, category: 'chat' }),
    });
    if (res.status !== 201) throw new Error(`create conversation answered ${res.status}`);
  }
}

/** VmRSS and VmHWM (peak RSS since start or the last resetPeak) of a process, in MiB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux: /proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / CLOCK_TICKS;
}
/** USER_HZ: 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs). Returns false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A throw-away PostgreSQL database on TEST_DATABASE_URL's server, or null when it is not set. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `mo_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The machine, for the record. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** True when this module is the script node was started with. */
export const isMain = (metaUrl: string) => process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
