import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { PDFDocument } from 'pdf-lib';
import { parse } from 'csv-parse/sync';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from '../../../test/helpers';
import { makeClickTrack } from '../../audio/fixtures';
import { sharp } from '../../providers/image/native';

type Registered = Awaited<ReturnType<typeof registerUser>>;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const XSS = '<script>alert(1)</script>"\'&';
const future = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('release pages on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let alice: Registered;
  let bob: Registered;
  let songId: number;
  let coverId: number;

  const inject = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), 'user-agent': PHONE, ...headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const put = (body: Record<string, unknown>, id = songId, cookie = alice.cookie) => inject(cookie, 'PUT', `/api/songs/${id}/release`, { published: true, links: [], previewStart: 0, ...body });

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-release-'));
    t = await createTestApp(dialect, { dataDir, WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, cover: 10 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const wav = fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: 4, channels: 1 }));
    const form = new FormData();
    form.append('audioFile', new Blob([wav]), `Paper ${XSS}.wav`);
    const up = (await (await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie: alice.cookie }, body: form })).json()) as { id: number; songId: number };
    songId = up.songId;
    // The version's length (which bounds the preview) comes with its analysis: on a busy machine it may still be queued.
    await waitFor(
      async () => (await inject(alice.cookie, 'GET', `/api/tracks/${up.id}`)).json() as { analysis: { status: string } },
      (track) => track.analysis.status === 'done',
      60_000,
    );
    expect((await inject(alice.cookie, 'PATCH' as 'PUT', `/api/songs/${songId}`, { title: `Paper ${XSS}`, artistName: `MC ${XSS}` })).statusCode).toBe(200);
    await inject(alice.cookie, 'POST', `/api/conversations`, { title: 'secret lyrics', category: 'lyrics' });
    const cover = await inject(alice.cookie, 'POST', '/api/coverarts', { prompt: 'folded paper city at night', songId });
    expect(cover.statusCode).toBe(201);
    coverId = cover.json().id;
  }, 90_000);
  afterAll(async () => t?.close());

  it('suggests a slug from the title, validates links per service (400 with fieldErrors) and slugs, 409 on a taken slug', async () => {
    const fresh = await inject(alice.cookie, 'GET', `/api/songs/${songId}/release`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ saved: false, published: false, slug: 'paper-script-alert-1-script-and', links: [] });

    const wrongHost = await put({ links: [{ service: 'spotify', url: 'https://evil.example/track/1' }] });
    expect(wrongHost.statusCode).toBe(400);
    expect(wrongHost.json().fieldErrors['links.0.url']).toEqual(['This is not a Spotify link']);
    const lookalike = await put({ links: [{ service: 'bandcamp', url: 'https://bandcamp.com.evil.example/x' }] });
    expect(lookalike.json().fieldErrors['links.0.url'][0]).toMatch(/Bandcamp/);
    const http = await put({ links: [{ service: 'youtube', url: 'http://youtube.com/watch?v=x' }] });
    expect(http.statusCode).toBe(400);
    const unknown = await put({ links: [{ service: 'myspace', url: 'https://myspace.com/x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors['links.0.service'][0]).toMatch(/Spotify, Apple Music/);
    const twice = await put({ links: [{ service: 'tidal', url: 'https://tidal.com/track/1' }, { service: 'tidal', url: 'https://tidal.com/track/2' }] });
    expect(twice.json().fieldErrors['links.1.service']).toEqual(['Each store once']);
    for (const slug of ['ab', 'Has Space', '-x-', 'a--b', 'x'.repeat(61)]) expect((await put({ slug })).statusCode, slug).toBe(400);
    expect((await put({ previewStart: 1.5 })).statusCode).toBe(400);
    expect((await put({ previewSeconds: 31 })).statusCode).toBe(400);
    expect((await put({ previewStart: 60 })).json().fieldErrors.previewStart[0]).toMatch(/past the end/);

    const saved = await put({
      slug: 'Paper-Plan',
      releaseDate: future(),
      coverArtId: coverId,
      links: [
        { service: 'bandcamp', url: 'https://mcada.bandcamp.com/track/paper' },
        { service: 'spotify', url: 'https://open.spotify.com/track/abc' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, slug: 'paper-plan', published: true, coverArtId: coverId, releaseDate: future(), previewSeconds: 30, url: expect.stringMatching(/\/r\/paper-plan$/) });
    expect(saved.json().links.map((l: any) => l.service)).toEqual(['spotify', 'bandcamp']);

    const bobSong = (await inject(bob.cookie, 'POST', '/api/songs', { title: 'Paper Plan' })).json();
    const taken = await put({ slug: 'paper-plan' }, bobSong.id, bob.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.slug[0]).toMatch(/taken/);
    // Bob cannot use Alice's cover, read or change her page.
    expect((await put({ slug: 'bob-plan', coverArtId: coverId }, bobSong.id, bob.cookie)).statusCode).toBe(400);
    for (const [method, url] of [['GET', `/api/songs/${songId}/release`], ['PUT', `/api/songs/${songId}/release`], ['GET', `/api/songs/${songId}/release/stats`], ['GET', `/api/songs/${songId}/release/signups.csv`]] as const)
      expect((await inject(bob.cookie, method, url, method === 'PUT' ? { published: false, links: [], previewStart: 0 } : undefined)).statusCode, url).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/release` })).statusCode).toBe(401);
  });

  it('serves the page signed out: escaped, small, with cards, links, preview and countdown; nothing private', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': PHONE } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    const html = page.body;
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Paper &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain('MC &lt;script&gt;');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/r\/paper-plan\/og\.png">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('href="/r/paper-plan/go/spotify"');
    expect(html).toContain('href="/r/paper-plan/remind.ics"');
    expect(html).toContain('id="countdown"');
    expect(html).toContain('src="/r/paper-plan/preview.mp3"');
    expect(html).not.toContain('open.spotify.com');
    expect(html).not.toMatch(/secret lyrics|user_?id|tracks\/|\.wav|uploads/i);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(Buffer.byteLength(script)).toBeLessThan(3_000);
    // Compressed for a browser that takes it (brotli first, else gzip), the same page; not counted as a second view by a bot.
    const br = await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': 'curl/8', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('id="countdown"');
    const gz = await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': 'curl/8', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('href="/r/paper-plan/go/spotify"');
    expect(page.headers['content-encoding']).toBeUndefined();

    const og = await t.app.inject({ method: 'GET', url: '/r/paper-plan/og.png' });
    expect(og.headers['content-type']).toBe('image/png');
    expect(await sharp(og.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
    const cover = await t.app.inject({ method: 'GET', url: '/r/paper-plan/cover.webp' });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 600, height: 600, format: 'webp' });
    const qr = await t.app.inject({ method: 'GET', url: '/r/paper-plan/qr.svg' });
    expect(qr.body).toMatch(/^<svg[^>]+viewBox/);
    expect((await sharp(Buffer.from(qr.body)).metadata()).format).toBe('svg');

    const ics = await t.app.inject({ method: 'GET', url: '/r/paper-plan/remind.ics' });
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toString()).toBe(future());
    expect(event.startDate.isDate).toBe(true);
    expect(event.summary).toContain('is out');

    const pdf = await t.app.inject({ method: 'GET', url: '/r/paper-plan/flyer.pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
    expect(doc.getTitle()).toContain('Paper <script>');

    const clip = await t.app.inject({ method: 'GET', url: '/r/paper-plan/preview.mp3' });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('audio/mpeg');
    // A 4 s version plays whole: about 4 s at 128 kbit/s, with no ID3 tags carried over.
    expect(clip.rawPayload.length).toBeGreaterThan(40_000);
    expect(clip.rawPayload.length).toBeLessThan(120_000);
    expect(clip.rawPayload.subarray(0, 3).toString('latin1')).not.toBe('ID3');
  }, 60_000);

  it('counts views and clicks per day and per link, not bots; redirects to the store; sign-ups need consent and export as CSV', async () => {
    const before = (await inject(alice.cookie, 'GET', `/api/songs/${songId}/release/stats`)).json();
    await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': PHONE } });
    await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    await t.app.inject({ method: 'GET', url: '/r/paper-plan', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0' } });
    const go = await t.app.inject({ method: 'GET', url: '/r/paper-plan/go/spotify', headers: { 'user-agent': PHONE } });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://open.spotify.com/track/abc');
    expect(go.headers['set-cookie']).toBeUndefined();
    await t.app.inject({ method: 'GET', url: '/r/paper-plan/go/spotify', headers: { 'user-agent': PHONE } });
    await t.app.inject({ method: 'GET', url: '/r/paper-plan/go/bandcamp', headers: { 'user-agent': 'curl/8.0' } });
    expect((await t.app.inject({ method: 'GET', url: '/r/paper-plan/go/tidal', headers: { 'user-agent': PHONE } })).statusCode).toBe(404);
    const stats = (await inject(alice.cookie, 'GET', `/api/songs/${songId}/release/stats`)).json();
    expect(stats.days).toHaveLength(30);
    const day = new Date().toISOString().slice(0, 10);
    expect(stats.days.at(-1)).toMatchObject({ date: day });
    expect(stats.totals.views - before.totals.views).toBe(1);
    expect(stats.days.at(-1).views - before.days.at(-1).views).toBe(1);
    expect(stats.totals.clicks - before.totals.clicks).toBe(2);
    expect(stats.byLink).toEqual([
      { service: 'spotify', label: 'Spotify', clicks: 2 },
      { service: 'bandcamp', label: 'Bandcamp', clicks: 0 },
    ]);

    const noConsent = await t.app.inject({ method: 'POST', url: '/r/paper-plan/signup', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PHONE }, payload: 'email=fan%40example.com' });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain('Tick the box');
    expect(noConsent.body).toContain('value="fan@example.com"');
    const badEmail = await t.app.inject({ method: 'POST', url: '/r/paper-plan/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=${encodeURIComponent(XSS)}&consent=yes` });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).not.toContain('<script>alert');
    for (const email of ['fan@example.com', 'FAN@example.com', 'second@example.com']) {
      const ok = await t.app.inject({ method: 'POST', url: '/r/paper-plan/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=${encodeURIComponent(email)}&consent=yes` });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/r/paper-plan?signed=1#email');
    }
    expect((await t.app.inject({ method: 'GET', url: '/r/paper-plan?signed=1' })).body).toContain('on the list');
    const csv = await inject(alice.cookie, 'GET', `/api/songs/${songId}/release/signups.csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.email)).toEqual(['fan@example.com', 'second@example.com']);
    expect(rows[0]!.consent).toMatch(/I agree that the artist may e-mail me/);
    expect(Number.isNaN(Date.parse(rows[0]!.signed_up_at!))).toBe(false);
    expect((await inject(alice.cookie, 'GET', `/api/songs/${songId}/release`)).json().signups).toBe(2);
  });

  it('unpublishing answers 404 at once on every public address', async () => {
    expect((await put({ published: false, slug: 'paper-plan', links: [{ service: 'spotify', url: 'https://open.spotify.com/track/abc' }] })).statusCode).toBe(200);
    for (const suffix of ['', '/og.png', '/cover.webp', '/preview.mp3', '/qr.svg', '/remind.ics', '/flyer.pdf', '/go/spotify']) {
      const res = await t.app.inject({ method: 'GET', url: `/r/paper-plan${suffix}` });
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json().message).toBe('Release page not found');
    }
    expect((await t.app.inject({ method: 'POST', url: '/r/paper-plan/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.co&consent=yes' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/r/nothing-here' })).statusCode).toBe(404);
    expect((await put({ published: true, slug: 'paper-plan', links: [{ service: 'spotify', url: 'https://open.spotify.com/track/abc' }] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/r/paper-plan' })).statusCode).toBe(200);
  });
});
