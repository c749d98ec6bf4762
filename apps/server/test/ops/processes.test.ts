import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Redis } from '../../src/providers/redis/index';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portOpen, startAppProcess, type AppProcess } from './app-process';
import { waitFor } from '../helpers';

/**
 * Operations across real processes (ADR 022): two app processes share one rate-limit budget
 * through Redis and keep their own without it; the login throttle counts across processes (it is
 * in the shared database); logs are JSON lines with request ids and no cookies; SIGTERM lets an
 * in-flight request finish with 200.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

const running: AppProcess[] = [];
const dirs: string[] = [];
function sharedSettings(extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-ops-'));
  dirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    // Both processes sign and encrypt with the same keys, as a fleet must (docs/operations.md).
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    PAYMENT_DATA_KEY: crypto.randomBytes(32).toString('hex'),
    ...extra,
  };
}
/** The first process migrates the database; the second starts on the migrated one. */
async function startPair(env: Record<string, string>): Promise<[AppProcess, AppProcess]> {
  const a = await startAppProcess(env);
  running.push(a);
  const b = await startAppProcess(env);
  running.push(b);
  return [a, b];
}

afterEach(() => {
  for (const p of running.splice(0)) p.kill();
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const json = (body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function register(url: string, username: string) {
  const res = await fetch(`${url}/api/register`, json({ username, email: `${username}@example.com`, password: 'secret-pass' }));
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mo_session='));
  return cookie!.split(';')[0]!;
}

describe('rate limits and the login throttle across two app processes', () => {
  const prefix = `ops-test:${crypto.randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('share one budget through Redis, count failed sign-ins together, and log JSON lines with request ids', async () => {
    const [a, b] = await startPair(sharedSettings({ REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '10', LOGIN_MAX_FAILURES: '3' }));
    const cookie = await register(a.url, `ops${Date.now().toString(36)}`);

    // Ten requests of one user, alternating between the processes: all served.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${(i % 2 ? b : a).url}/api/user`, { headers: { cookie } });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    // The eleventh is refused by either process: the budget is shared.
    for (const p of [a, b]) {
      const res = await fetch(`${p.url}/api/user`, { headers: { cookie } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.message).toMatch(/^Too many requests\. Please slow down and try again in \d+ seconds?\.$/);
      expect(body.code).toBe('rate_limited');
    }
    // One counter per group and user (or address), named plainly.
    const rateKeys = await redis.keys(`${prefix}rate:*`);
    expect(rateKeys.length).toBeGreaterThan(0);
    for (const key of rateKeys) expect(key).toMatch(new RegExp(`^${prefix}rate:(?:api|auth|generate):(?:u\\d+|ip[\\d.:a-f]+)$`));

    // Failed sign-ins are counted in the shared database: the fourth, on either process, is refused.
    const victim = `victim${Date.now().toString(36)}`;
    await register(b.url, victim);
    for (const p of [a, b, a]) {
      const res = await fetch(`${p.url}/api/login`, json({ username: victim, password: 'wrong-pass' }));
      expect(res.status).toBe(401);
    }
    const blocked = await fetch(`${b.url}/api/login`, json({ username: victim, password: 'wrong-pass' }));
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts/);

    // Request ids: a usable X-Request-Id is kept and echoed; a bad one is replaced by a fresh id.
    const traced = await fetch(`${a.url}/api/health`, { headers: { 'x-request-id': 'ops-trace-42', cookie } });
    expect(traced.headers.get('x-request-id')).toBe('ops-trace-42');
    const replaced = await fetch(`${a.url}/api/health`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // The log line reaches this process through a pipe, and is written once the answer has gone: wait for it.
    const traceLinesNow = () =>
      a
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.requestId === 'ops-trace-42');
    const traceLines = await waitFor(async () => traceLinesNow(), (found) => found.length >= 1);
    // One line per request, on completion (ADR 023), with the request and its answer.
    expect(traceLines.map((l) => l.msg)).toEqual(['request completed']);
    expect(traceLines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    // No cookie, session token or password reaches the logs.
    const token = decodeURIComponent(cookie.slice('mo_session='.length)).split('.')[0]!;
    for (const out of [a.output(), b.output()]) {
      expect(out).not.toContain(token);
      expect(out).not.toContain('mo_session');
      expect(out).not.toContain('secret-pass');
      expect(out).not.toContain('wrong-pass');
    }
  }, 120_000);

  it('keep a budget per process in memory without Redis', async () => {
    const [a, b] = await startPair(sharedSettings({ RATE_LIMIT_PER_MINUTE: '5' }));
    const cookie = await register(a.url, `mem${Date.now().toString(36)}`);
    for (const p of [a, b]) {
      for (let i = 0; i < 5; i++) expect((await fetch(`${p.url}/api/user`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${p.url}/api/user`, { headers: { cookie } })).status).toBe(429);
    }
  }, 120_000);
});

describe('graceful shutdown', () => {
  /** An OpenAI-compatible model that holds each completion until the test releases it. */
  let model: http.Server;
  let modelUrl: string;
  const held: http.ServerResponse[] = [];
  let onHeld: (() => void) | undefined;
  beforeAll(async () => {
    model = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
        held.push(res);
        onHeld?.();
      });
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    model.closeAllConnections();
    await new Promise((r) => model.close(r));
  });

  it('finishes an in-flight request with 200 after SIGTERM, refuses new connections, then exits 0', async () => {
    const app = await startAppProcess(sharedSettings({ AI_BASE_URL: modelUrl, AI_MODEL: 'held-model', AI_TIMEOUT_SECONDS: '60' }));
    running.push(app);
    const cookie = await register(app.url, `shut${Date.now().toString(36)}`);
    const reachedModel = new Promise<void>((r) => (onHeld = r));
    const inFlight = fetch(`${app.url}/api/ai/text`, {
      ...json({ prompt: 'How do I write a hook?', type: 'chat' }),
      headers: { 'content-type': 'application/json', cookie },
    });
    await reachedModel;

    app.child.kill('SIGTERM');
    // The listening socket closes while the request is still running.
    for (let i = 0; i < 200 && (await portOpen(app.port)); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await portOpen(app.port)).toBe(false);
    expect(app.child.exitCode).toBeNull();

    const completion = { id: 'chatcmpl-held', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: 'held-model' };
    const choices = [{ index: 0, message: { role: 'assistant', content: 'Start from the title, then repeat it.', refusal: null }, finish_reason: 'stop' }];
    held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...completion, choices }));

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Start from the title, then repeat it.');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('shutting down');
  }, 120_000);
});
