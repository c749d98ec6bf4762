import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import autocannon from 'autocannon';

/**
 * "Many artists at once" (issue 31, ADR 060), against a running server: artists registered with
 * conversations each; `GET /api/conversations` or `GET /api/user` driven by autocannon, each
 * request from a random artist, while conversations of random artists are renamed a number of
 * times a second; beside a bare node:http server measured just before. Shared by `npm run bench`
 * (bench/many-artists.ts, the targets) and the operations suite
 * (test/ops/many-artists.test.ts, loose thresholds).
 */

/** The bare node:http server the ratios are taken against: one small JSON body (bench/http.ts's too). */
export const RAW_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ id: 1, username: 'artist', email: 'artist@example.com', plan: 'free' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

/** The server settings the scenario needs: registrations from one address, no rate limit in the way. */
export const MANY_ARTISTS_ENV: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
  REGISTER_MAX_PER_IP: '1000000',
};

export interface Artist {
  cookie: string;
  conversations: number[];
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Starts the bare server on a free port; resolves once it answers. */
export async function startRawServer(): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', RAW_SERVER, String(port)], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.arrayBuffer().then(() => r.ok), () => false)) break;
    if (Date.now() > deadline) throw new Error('the bare server did not answer within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { url, child, stop: () => void child.kill('SIGTERM') };
}

async function post(origin: string, pathname: string, body: object, cookie?: string): Promise<Response> {
  return fetch(`${origin}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

/** Registers `count` artists, 8 at a time, each with `conversations` conversations. */
export async function seedArtists(origin: string, count: number, conversations: number): Promise<Artist[]> {
  const artists: Artist[] = [];
  const stamp = Date.now().toString(36);
  const one = async (i: number) => {
    const name = `many${i}_${stamp}`;
    const res = await post(origin, '/api/register', { username: name, email: `${name}@example.com`, password: 'correct horse battery staple' });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const ids: number[] = [];
    for (let c = 0; c < conversations; c++) {
      const made = await post(origin, '/api/conversations', { title: `Conversation ${c + 1}: verses, hooks and a release plan`, category: 'chat' }, cookie);
      if (made.status !== 201) throw new Error(`create conversation answered ${made.status}`);
      ids.push(((await made.json()) as { id: number }).id);
    }
    artists.push({ cookie, conversations: ids });
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)));
  return artists;
}

/** Renames a random artist's random conversation `perSecond` times a second until stopped. */
export function renamer(origin: string, artists: Artist[], perSecond: number) {
  let n = 0;
  let failures = 0;
  const timer = setInterval(() => {
    const a = artists[Math.floor(Math.random() * artists.length)]!;
    const id = a.conversations[Math.floor(Math.random() * a.conversations.length)]!;
    n++;
    fetch(`${origin}/api/conversations/${id}`, { method: 'PATCH', headers: { cookie: a.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Renamed ${n}` }) }).then(
      (r) => {
        if (r.status !== 200) failures++;
        return r.arrayBuffer();
      },
      () => failures++,
    );
  }, 1000 / perSecond);
  return {
    stop: () => {
      clearInterval(timer);
      return { renames: n, failures };
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; 0 elsewhere). */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

export interface Drive {
  rps: number;
  p99: number;
  errors: number;
}

/** autocannon on `url` (no cookie) for the bare server, or on `origin + pathname` from random artists. */
export async function drive(url: string, connections: number, durationSec: number, artists?: Artist[], pathname = '/'): Promise<Drive> {
  const r = await autocannon({
    url,
    connections,
    duration: durationSec,
    requests: [
      {
        method: 'GET',
        path: pathname,
        ...(artists ? { setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: artists[Math.floor(Math.random() * artists.length)]!.cookie } }) } : {}),
      },
    ],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

export interface ManyArtistsRow {
  route: string;
  rps: number;
  p99: number;
  rawRps: number;
  ratio: number;
  errors: number;
  renames: number;
  renameFailures: number;
  /**
   * CPU time per request, µs, of the app process (the renames' own CPU, measured alone, taken out)
   * and of the bare server: a figure the machine's load inflates less than req/s.
   */
  cpuUs: number;
  rawCpuUs: number;
}

/** Each route: the bare server for `durationSec`, then the route from random artists while renames go on. */
export async function manyArtists(
  origin: string,
  rawUrl: string,
  artists: Artist[],
  { routes = ['/api/conversations', '/api/user'], connections = 50, durationSec = 10, renamesPerSecond = 20, appPid = undefined as number | undefined, rawPid = undefined as number | undefined } = {},
): Promise<ManyArtistsRow[]> {
  const rows: ManyArtistsRow[] = [];
  // The renames' own CPU (ms per second), measured alone first, is taken out of each route's CPU
  // per request: on a loaded machine few requests get through, and the writes' cost would swamp theirs.
  let writesCpuPerSec = 0;
  if (appPid !== undefined) {
    const before = cpuMs(appPid);
    const writes = renamer(origin, artists, renamesPerSecond);
    await new Promise((r) => setTimeout(r, Math.min(durationSec, 5) * 1000));
    writes.stop();
    writesCpuPerSec = (cpuMs(appPid) - before) / Math.min(durationSec, 5);
  }
  for (const route of routes) {
    const rawCpu = cpuMs(rawPid);
    const raw = await drive(rawUrl, connections, durationSec);
    const rawCpuUs = ((cpuMs(rawPid) - rawCpu) * 1000) / Math.max(1, raw.rps * durationSec);
    const writes = renamer(origin, artists, renamesPerSecond);
    const appCpu = cpuMs(appPid);
    const m = await drive(origin, connections, durationSec, artists, route);
    const cpuUs = (Math.max(0, cpuMs(appPid) - appCpu - writesCpuPerSec * durationSec) * 1000) / Math.max(1, m.rps * durationSec);
    const w = writes.stop();
    rows.push({ route, rps: m.rps, p99: m.p99, rawRps: raw.rps, ratio: m.rps / raw.rps, errors: m.errors, renames: w.renames, renameFailures: w.failures, cpuUs, rawCpuUs });
  }
  return rows;
}
