import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, dialects, registerUser, testEnv, uniqueName, waitFor, type TestApp } from '../../test/helpers';
import { buildApp } from '../app';

/** The request rate limits (ADR 022), in memory; the Redis-shared budget is tested across processes (test/ops). */
describe.each(dialects)('rate limits (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses sign-in attempts past the per-address limit with 429, a Retry-After and the app wording', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_AUTH_PER_MINUTE: 3 });
    const { username } = await registerUser(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'secret-pass' } });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'secret-pass' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many sign-in attempts from this network\. Try again in \d+ seconds\.$/), code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Registration shares the address's sign-in budget.
    const registering = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: uniqueName(), email: `${uniqueName()}@example.com`, password: 'secret-pass' } });
    expect(registering.statusCode).toBe(429);
  });

  it('limits a public page that asks for it (release pages) per address, and leaves other public routes alone', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: 3 });
    const page = (remoteAddress: string) => t!.app.inject({ url: '/r/no-such-page', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await page('10.0.0.1')).statusCode).toBe(404);
    const refused = await page('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests from this network\. Try again in \d+ seconds\.$/);
    expect((await page('10.0.0.2')).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('limits generations per user, not per address, and leaves other requests alone', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_GENERATE_PER_MINUTE: 2 });
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const generate = (cookie: string) =>
      t!.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie }, payload: { prompt: 'Name my album', type: 'chat' } });
    expect((await generate(a.cookie)).statusCode).toBe(200);
    expect((await generate(a.cookie)).statusCode).toBe(200);
    const refused = await generate(a.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You are starting generations too quickly\. Try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user from the same address has their own budget; reading is not a generation.
    expect((await generate(b.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/conversations', headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });

  it('counts a beat variation and extension against the same per-minute generation budget as generate', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_GENERATE_PER_MINUTE: 2 });
    const a = await registerUser(t.app);
    const post = (url: string) => t!.app.inject({ method: 'POST', url, headers: { cookie: a.cookie }, payload: url.endsWith('generate') ? { prompt: '   ', model: 'rap' } : undefined });
    // Refused for their own reasons (a blank description, no such beat), but each one counts.
    expect((await post('/api/studio/music/999999/variation')).statusCode).toBe(404);
    expect((await post('/api/studio/music/999999/extend')).statusCode).toBe(404);
    const refused = await post('/api/studio/generate');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You are starting generations too quickly/);
    expect((await post('/api/studio/music/999999/variation')).statusCode).toBe(429);
    expect((await post('/api/studio/music/999999/extend')).statusCode).toBe(429);
  });

  it('counts every API request per user, never limits health checks, and 0 turns a limit off', async () => {
    t = await createTestApp(dialect, { RATE_LIMIT_PER_MINUTE: 3, RATE_LIMIT_AUTH_PER_MINUTE: 0 });
    const a = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/api/user', headers: { cookie: a.cookie } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ url: '/api/user', headers: { cookie: a.cookie } });
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    }
  });
});

describe('rate limits when Redis is down', () => {
  it('serve requests without a limit (fail open) and log a warning', async () => {
    // A port nothing listens on: connections are refused at once.
    const closed = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const database = await createTestDatabase('sqlite');
    const lines: string[] = [];
    const app = await buildApp(database.db, testEnv({ REDIS_URL: `redis://:hunter2@127.0.0.1:${closed}/7`, RATE_LIMIT_PER_MINUTE: 2, LOG_LEVEL: 'warn' }), {
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await app.ready();
      const { cookie } = await registerUser(app);
      for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
      const warning = await waitFor(
        async () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => /Redis is not reachable/.test(l.msg)),
        (found) => found !== undefined,
      );
      expect(warning?.level).toBe(40);
      expect(lines.join('\n')).not.toContain('hunter2');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
