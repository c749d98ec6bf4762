/**
 * Many artists at once (issue 31): the compiled server with 200 artists of 20 conversations each;
 * `GET /api/conversations` and `GET /api/user` driven by autocannon (50 connections), each request
 * from a random artist, while conversations of random artists are renamed 20 times a second; each
 * beside a bare node:http server measured just before (`node --import tsx bench/many-artists.ts`).
 * Targets: conversations >= 0.30x raw and user >= 0.45x, p99 < 25 ms on SQLite (>= 0.25x and
 * >= 0.35x on PostgreSQL, run when TEST_DATABASE_URL is set). BENCH_PROFILE=1 runs the server under
 * `--cpu-prof` (SQLite) and prints where its time goes. Part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { RAW_SERVER } from './http';
import { createPgDatabase, ensureBuilt, freePort, isMain, machine, serverLabel, settings, startApp, waitFor200 } from './lib/server';
import { printProfile } from './lib/profile-summary';

const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 200);
const CONVERSATIONS = 20;
const RENAMES_PER_SECOND = 20;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

interface Artist {
  cookie: string;
  conversations: number[];
}

async function post(origin: string, pathname: string, body: object, cookie?: string): Promise<Response> {
  return fetch(`${origin}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
}

async function seedArtists(origin: string): Promise<Artist[]> {
  const artists: Artist[] = [];
  const one = async (i: number) => {
    const name = `many${i}_${Date.now().toString(36)}`;
    const res = await post(origin, '/api/register', { username: name, email: `${name}@example.com`, password: 'correct horse battery staple' });
    if (res.status !== 201) throw new Error(`register answered ${res.status}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const conversations: number[] = [];
    for (let c = 0; c < CONVERSATIONS; c++) {
      const made = await post(origin, '/api/conversations', { title: `Conversation ${c + 1}: verses, hooks and a release plan`, category: 'chat' }, cookie);
      if (made.status !== 201) throw new Error(`create conversation answered ${made.status}`);
      conversations.push(((await made.json()) as { id: number }).id);
    }
    artists.push({ cookie, conversations });
  };
  for (let i = 0; i < ARTISTS; i += 8) await Promise.all(Array.from({ length: Math.min(8, ARTISTS - i) }, (_, k) => one(i + k)));
  return artists;
}

/** Renames a random artist's random conversation RENAMES_PER_SECOND times a second until stopped. */
function renamer(origin: string, artists: Artist[]) {
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
  }, 1000 / RENAMES_PER_SECOND);
  return {
    stop: () => {
      clearInterval(timer);
      return { renames: n, failures };
    },
  };
}

async function drive(origin: string, pathname: string, artists: Artist[]) {
  const r = await autocannon({
    url: origin,
    connections: settings.connections,
    duration: settings.durationSec,
    requests: [{ method: 'GET', path: pathname, setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: artists[Math.floor(Math.random() * artists.length)]!.cookie } }) }],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

export async function runManyArtistsBench(): Promise<void> {
  ensureBuilt();
  const profile = process.env.BENCH_PROFILE === '1';
  console.log(`Many artists: ${ARTISTS} artists x ${CONVERSATIONS} conversations, random artist per request, ${RENAMES_PER_SECOND} renames/s; ${settings.connections} connections, ${settings.durationSec} s; app: ${serverLabel}`);
  console.log(`Machine: ${machine()}`);
  const rawPort = await freePort();
  const raw = spawn(process.execPath, ['-e', RAW_SERVER, String(rawPort)], { stdio: 'ignore' });
  const rawUrl = `http://127.0.0.1:${rawPort}/`;
  const rows: Record<string, string | number>[] = [];
  try {
    await waitFor200(rawUrl, performance.now(), 10_000, raw);
    const dialects: ('sqlite' | 'postgres')[] = profile || !process.env.TEST_DATABASE_URL ? ['sqlite'] : ['sqlite', 'postgres'];
    for (const dialect of dialects) {
      const database = dialect === 'postgres' ? await createPgDatabase() : null;
      const profDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'mo-prof-')) : null;
      const app = await startApp({ ...(database ? { DATABASE_URL: database.url } : {}), RATE_LIMIT_PER_MINUTE: '0', REGISTER_MAX_PER_IP: '1000000' }, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
      try {
        const artists = await seedArtists(app.origin);
        for (const route of ['/api/conversations', '/api/user']) {
          const rawM = await autocannon({ url: rawUrl, connections: settings.connections, duration: settings.durationSec });
          const writes = renamer(app.origin, artists);
          const m = await drive(app.origin, route, artists);
          const w = writes.stop();
          rows.push({
            database: dialect,
            route: `GET ${route}`,
            'req/s': Math.round(m.rps),
            'p99 ms': m.p99,
            'raw req/s': Math.round(rawM.requests.average),
            'ratio to raw': Number((m.rps / rawM.requests.average).toFixed(3)),
            errors: m.errors,
            renames: `${w.renames} (${w.failures} failed)`,
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
    raw.kill('SIGTERM');
  }
  console.table(rows);
}

if (isMain(import.meta.url)) {
  runManyArtistsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
