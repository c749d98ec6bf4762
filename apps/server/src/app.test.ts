import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, type TestApp } from '../test/helpers';

describe.each(dialects)('HTTP basics on %s', (dialect) => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><head><title>Members Only</title><link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><div id="root"></div>',
    );
    fs.writeFileSync(
      path.join(distDir, 'auth.html'),
      '<!doctype html><head><title>Sign in</title><script type="module" fetchpriority="low" crossorigin src="/assets/auth-1.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js"></head><div id="root" inert><form aria-label="Login"></form></div>',
    );
    fs.mkdirSync(path.join(distDir, '.vite'));
    fs.writeFileSync(
      path.join(distDir, '.vite', 'manifest.json'),
      JSON.stringify({
        // The /auth document's own entry (apps/web/auth.html); the build lists its static imports.
        'auth.html': { file: 'assets/auth-1.js', isEntry: true, imports: ['_tabs.js', '_react.js'] },
        '_tabs.js': { file: 'assets/tabs-1.js', imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-1.js' },
      }),
    );
    const js = 'console.log("members only");'.repeat(50);
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
    t = await createTestApp(dialect, { webDistDir: distDir, ALLOWED_ORIGINS: ['https://members.example'] });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers liveness without the database and readiness with its dialect', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect((await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} })).json().message).toBe('Not found');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "abc",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('never leaks a stack trace or HTML in an error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type.', code: 'bad_request' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+|<html/i);
  });

  describe('cross-site request forgery guard', () => {
    const payload = { username: 'nobody', password: 'whatever1' };
    it('refuses a state-changing request from another origin', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { origin: 'https://evil.example', host: 'localhost:5000' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused.');
    });
    it('refuses Sec-Fetch-Site: cross-site even without Origin', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(403);
    });
    it('serves same-origin, configured-origin and header-less requests normally', async () => {
      const same = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { origin: 'http://localhost:5000', host: 'localhost:5000', 'sec-fetch-site': 'same-origin' } });
      expect(same.statusCode).toBe(401);
      const configured = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { origin: 'https://members.example', host: 'internal:5000' } });
      expect(configured.statusCode).toBe(401);
      const script = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(script.statusCode).toBe(401);
    });
    it('does not guard safe methods', async () => {
      const res = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('admin API', () => {
    it('answers 401 to anonymous, 403 to members and 200 to admins; unknown admin paths are plain 404s', async () => {
      // The first account in this fresh database is the admin.
      const admin = await registerUser(t.app);
      const member = await registerUser(t.app);
      expect(admin.user.isAdmin).toBe(true);
      expect((await t.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
      const denied = await t.app.inject({ url: '/api/admin/users', headers: { cookie: member.cookie } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Only admins can do that.');
      expect((await t.app.inject({ url: '/api/admin/whatever', headers: { cookie: member.cookie } })).statusCode).toBe(404);

      const ok = await t.app.inject({ url: '/api/admin/users?limit=10', headers: { cookie: admin.cookie } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().items.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining([admin.username, member.username]));
      expect(ok.body).not.toMatch(/password/i);
      expect(ok.json().total).toBeGreaterThanOrEqual(2);
      expect((await t.app.inject({ url: '/api/admin/whatever', headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    });
  });

  describe('the web app', () => {
    it.each(['/', '/lyrics/12', '/auth?success=true', '/no-such-page'])('serves index.html (or the sign-in page’s own document) for the client route %s', async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends the sign-in page’s own prerendered document, preloading its chunks that the page does not already load', async () => {
      for (const url of ['/auth', '/auth/', '/auth?success=true']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root" inert><form aria-label="Login"></form></div>');
        expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/tabs-1.js">');
        expect(res.body.match(/auth-1\.js/g)).toHaveLength(1);
        expect(res.body.match(/react-1\.js/g)).toHaveLength(1);
      }
      const home = await t.app.inject({ url: '/' });
      expect(home.body).not.toContain('auth-1.js');
      expect(home.body).not.toContain('tabs-1.js');
      expect(home.body).toContain('<div id="root"></div>');
    });

    it('sets security headers including a Content-Security-Policy on pages', async () => {
      const res = await t.app.inject({ url: '/lyrics/12' });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
    });

    it('serves hashed assets pre-compressed with a one-year immutable cache', async () => {
      const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('members only');
    });

    it('answers a missing asset with 404 and an upload path with JSON, not the app', async () => {
      expect((await t.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
      const upload = await t.app.inject({ url: '/uploads/tracks/nope.mp3' });
      expect(upload.statusCode).toBe(401);
      expect(upload.json().message).toEqual(expect.any(String));
      expect((await t.app.inject({ url: '/uploads/other/thing' })).statusCode).toBe(404);
    });
  });

  it('answers an undecodable path and an over-long parameter in the app’s error shape, without echoing them', async () => {
    const bad = await t.app.inject({ url: '/api/conversations/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is not valid.', code: 'bad_url' });
    const long = await t.app.inject({ url: `/api/conversations/${'9'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long.', code: 'url_too_long' });
  });
});

describe('without a built web app', () => {
  it('answers pages with a 503 in plain words, naming no command or setting', async () => {
    // The test app's webDistDir does not exist.
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ url: '/lyrics', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'This page is not available right now. Please try again later.', code: 'unavailable' });
      expect(res.body).not.toMatch(/npm|build|[A-Z]{2,}_[A-Z]/);
    } finally {
      await t.close();
    }
  });
});
