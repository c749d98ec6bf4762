import crypto from 'node:crypto';
import fs from 'node:fs';
import { QUOTA_KINDS } from '@members-only/shared';
import { makeClickTrack } from '../src/audio/fixtures';

/**
 * "Heavy work never stalls a click" (issue 31, ADR 055), against a running server: one artist's
 * GET /api/user and GET /api/conversations timed while nothing else runs, then again while 4
 * beats and 4 covers render and 2 uploaded tracks are analysed. Shared by the operations suite
 * (test/ops/heavy-clicks.test.ts, loose thresholds) and `npm run bench` (bench/heavy-clicks.ts,
 * the target).
 */

/** The settings the server needs for the scenario: jobs run at once in the web process, no limit or quota in the way. */
export const HEAVY_CLICKS_ENV: Record<string, string> = {
  WORKERS: '10',
  QUOTAS_FREE: QUOTA_KINDS.map((k) => `${k}=1000000`).join(','),
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  RATE_LIMIT_GENERATE_PER_MINUTE: '1000000',
};

export interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

export interface HeavyClicksFigures {
  idle: Latency;
  busy: Latency;
  /** From the first heavy request to the last heavy result. */
  heavyMs: number;
}

export interface HeavyClicksOptions {
  beats?: number;
  covers?: number;
  analyses?: number;
  /** Each beat's length (the description asks for it). */
  beatSeconds?: number;
  /** Each analysed upload's length. */
  trackSeconds?: number;
  /** Requests timed while idle, per route. */
  idleRequests?: number;
  /** Each client's pause between an answer and its next request: an artist clicking, not a load generator taking the CPU the renders need. */
  gapMs?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
function summary(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
}

/** A signed-in request to the running server; JSON back, or a thrown error naming the request. */
export async function call(origin: string, cookie: string, method: string, path: string, body?: object | Buffer, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Two clients, one per route, each asking again `gapMs` after an answer, until `done()`; every answer must be 200. */
/** Registers a new artist named `username` on the server at `origin`; resolves with their session cookie. */
export async function signUp(origin: string, username: string): Promise<string> {
  const reg = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret-pass' }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  return reg.headers.getSetCookie().find((c) => c.startsWith('mo_session='))!.split(';')[0]!;
}

/** Uploads `wav` as a track (multipart, as the upload form sends it) under `filename`; resolves with the track. */
export function uploadWav(origin: string, cookie: string, wav: Buffer, filename: string): Promise<any> {
  const boundary = `----upload${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n`),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(origin, cookie, 'POST', '/api/tracks/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

async function clicks(origin: string, cookie: string, gapMs: number, done: (count: number) => boolean): Promise<number[]> {
  const times: number[] = [];
  const client = async (path: string) => {
    while (!done(times.length)) {
      const started = performance.now();
      const res = await fetch(`${origin}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status} under heavy work`);
      if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
    }
  };
  await Promise.all([client('/api/user'), client('/api/conversations')]);
  return times;
}

/** Signs up an artist with 20 conversations and runs the scenario on the server at `origin`. */
export async function heavyClicks(origin: string, options: HeavyClicksOptions = {}): Promise<HeavyClicksFigures> {
  const { beats = 4, covers = 4, analyses = 2, beatSeconds = 15, trackSeconds = 60, idleRequests = 300, gapMs = 10 } = options;
  const cookie = await signUp(origin, `clicks${Date.now().toString(36)}`);
  for (let i = 0; i < 20; i++) await call(origin, cookie, 'POST', '/api/conversations', { category: 'chat', title: `Conversation ${i}` });
  const studio = (await call(origin, cookie, 'POST', '/api/conversations', { category: 'studio' })).id as number;
  const wav = fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: trackSeconds, channels: 2 }));
  const upload = (n: number) => uploadWav(origin, cookie, wav, `clicks-${n}.wav`);

  // Warm: the first requests of a fresh process compile their code paths.
  await clicks(origin, cookie, 0, (n) => n >= 100);
  const idle = summary(await clicks(origin, cookie, gapMs, (n) => n >= 2 * idleRequests));

  const started = performance.now();
  const analysed = async (n: number) => {
    const track = (await upload(n)).id as number;
    for (;;) {
      const t = await call(origin, cookie, 'GET', `/api/tracks/${track}`);
      if (t.analysis.status === 'done') return;
      if (t.analysis.status === 'failed') throw new Error(`analysis failed: ${JSON.stringify(t.analysis)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const heavy = [
    ...Array.from({ length: beats }, (_, i) =>
      call(origin, cookie, 'POST', '/api/studio/generate', { prompt: `dark trap, ${beatSeconds} seconds`, model: 'rap', conversationId: studio, seed: 100 + i }).then((b) => {
        if (b.status !== 'done') throw new Error(`beat ${b.id} ended ${b.status}`);
      }),
    ),
    ...Array.from({ length: covers }, (_, i) => call(origin, cookie, 'POST', '/api/coverarts', { prompt: 'Night city in gold', title: `Clicks ${i}`, seed: 7 + i })),
    ...Array.from({ length: analyses }, (_, i) => analysed(i)),
  ];
  let finished = false;
  let failure: unknown;
  const all = Promise.all(heavy).then(
    () => (finished = true),
    (error: unknown) => {
      failure = error;
      finished = true;
    },
  );
  const busyTimes = await clicks(origin, cookie, gapMs, () => finished);
  await all;
  if (failure) throw failure;
  const heavyMs = performance.now() - started;
  return { idle, busy: summary(busyTimes), heavyMs };
}
