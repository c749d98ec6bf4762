import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, dialects, registerUser, testEnv, type TestApp } from '../../test/helpers';

/** Spellings of one path that a string comparison would miss but a router may or may not match. */
function variants(url: string): string[] {
  const [, first = '', ...rest] = url.split('/');
  const tail = rest.join('/');
  const encodeChar = (s: string, i: number) => s.slice(0, i) + `%${s.charCodeAt(i).toString(16)}` + s.slice(i + 1);
  const out = new Set<string>([
    url,
    `/${encodeChar(first, 0)}/${tail}`, // /%61pi/admin/users
    `/${first}/${encodeChar(tail, 0)}`, // /api/%61dmin/users
    `/${first}/${encodeChar(tail, Math.min(4, tail.length - 1))}`, // /api/adm%69n/users
    `/${first}/${tail.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`, // every letter encoded
    `/${first}//${tail}`,
    `//${first}/${tail}`,
    `/${first}/${tail}/`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first}/${tail.toUpperCase()}`,
    `/${first}/${tail.replace(/^./, (c) => c.toUpperCase())}`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/${first}/${tail};x=1`,
    `/${first}/${tail}?limit=1`,
    `/${first}/${tail}%2f`,
  ]);
  return [...out];
}

/** Sends the path exactly as written, as an attacker's client would (no normalisation). */
function rawGet(port: number, path: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers: cookie ? { cookie } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(dialects)('authorization after routing on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let member: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await registerUser(t.app, { email: 'boss@example.com', phoneNumber: '+1 212 555 0100' });
    member = await registerUser(t.app, { email: 'member@example.com', phoneNumber: '+1 212 555 0199' });
    expect(admin.user.isAdmin).toBe(true);
  });
  afterAll(async () => t?.close());

  const adminRoutes = () => t.app.routeTable.filter((r) => r.access === 'admin' && (r.method === 'GET' || r.method === 'HEAD'));

  it('has admin routes to check', () => {
    expect(adminRoutes().length).toBeGreaterThan(0);
  });

  it('never answers an encoded, doubled-slash or mixed-case admin path with data to anonymous callers or members', async () => {
    const leaks: string[] = [];
    for (const route of adminRoutes()) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const path of variants(url)) {
        for (const [who, cookie] of [['anonymous', undefined], ['member', member.cookie]] as const) {
          const res = await rawGet(port, path, cookie);
          if (res.status < 400 || /boss@example\.com|555 0100|member@example\.com/.test(res.body)) {
            leaks.push(`${who} GET ${path} -> ${res.status} ${res.body.slice(0, 80)}`);
          }
          if (res.status >= 400) expect(() => JSON.parse(res.body)).not.toThrow();
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('answers the encoded spellings the router does match exactly as the plain path: 401, 403, then 200 for the admin', async () => {
    for (const path of ['/api/%61dmin/users', '/%61pi/admin/users', '/api/adm%69n/users']) {
      expect((await rawGet(port, path)).status).toBe(401);
      expect((await rawGet(port, path, member.cookie)).status).toBe(403);
      expect((await rawGet(port, path, admin.cookie)).status).toBe(200);
    }
  });

  it('marks authenticated JSON no-store and sends HSTS only over HTTPS', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const anonymous = await t.app.inject({ url: '/api/health' });
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
  });
});

describe('routes declare their access', () => {
  it('refuses to start when a route declares none', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(database.db, testEnv());
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    await app.close().catch(() => {});
    await database.drop();
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: true });
    try {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await t.close();
    }
  });
});
