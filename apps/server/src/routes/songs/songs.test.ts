import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { makeClickTrack } from '../../audio/fixtures';

type Registered = Awaited<ReturnType<typeof registerUser>>;

const LYRICS = ['Paper plans folded in my pocket every night', 'Neon on the window and the city burning bright', 'I was counting every dollar, now I count on every line'];

describe.each(dialects)('songs API on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let dataDir: string;
  let alice: Registered;
  let bob: Registered;
  let wav: Buffer;

  const inject = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const upload = async (cookie: string, filename: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('audioFile', new Blob([wav]), filename);
    const res = await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const trackFiles = () => {
    const dir = path.join(dataDir, 'uploads', 'tracks');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-songs-'));
    t = await createTestApp(dialect, { dataDir, WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, cover: 50, marketing: 50, review: 50, beat: 5 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    wav = fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: 4, channels: 1 }));
  }, 60_000);
  afterAll(async () => t?.close());

  it('creates songs, lists them newest first, searches and paginates; refuses bad ISRC and UPC with clear messages', async () => {
    const first = await inject(alice.cookie, 'POST', '/api/songs', { title: 'Midnight Ledger', artistName: 'MC Ada', explicit: true, genre: 'Drill', releaseDate: '2027-03-05', isrc: 'us-s1z-99-00001', upc: '036000291452' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Midnight Ledger', artistName: 'MC Ada', explicit: true, genre: 'Drill', releaseDate: '2027-03-05', isrc: 'USS1Z9900001', upc: '036000291452' });
    const second = (await inject(alice.cookie, 'POST', '/api/songs', { title: 'Gold Teeth' })).json();
    expect(second).toMatchObject({ artistName: null, explicit: false, isrc: null, upc: null, releaseDate: null });

    const list = (await inject(alice.cookie, 'GET', '/api/songs')).json();
    expect(list.map((s: any) => s.title).slice(0, 2)).toEqual(['Gold Teeth', 'Midnight Ledger']);
    expect(list[0]).toMatchObject({ coverThumbnail: null, latestVersion: null, versionCount: 0, done: { lyrics: false, review: false, cover: false, plan: false } });
    expect((await inject(alice.cookie, 'GET', '/api/songs?q=LEDGER')).json().map((s: any) => s.title)).toEqual(['Midnight Ledger']);
    expect((await inject(alice.cookie, 'GET', '/api/songs?q=mc%20ada')).json().map((s: any) => s.title)).toEqual(['Midnight Ledger']);
    expect((await inject(alice.cookie, 'GET', '/api/songs?q=100%25')).json()).toEqual([]);
    expect((await inject(alice.cookie, 'GET', '/api/songs?limit=1&offset=1')).json().map((s: any) => s.title)).toEqual(['Midnight Ledger']);
    expect((await inject(bob.cookie, 'GET', '/api/songs')).json()).toEqual([]);

    const badIsrc = await inject(alice.cookie, 'POST', '/api/songs', { title: 'x', isrc: 'US-S1Z-99-0001' });
    expect(badIsrc.statusCode).toBe(400);
    expect(badIsrc.json().message).toMatch(/ISRC has 12 characters/);
    const badUpc = await inject(alice.cookie, 'POST', '/api/songs', { title: 'x', upc: '036000291453' });
    expect(badUpc.statusCode).toBe(400);
    expect(badUpc.json().message).toMatch(/check digit/);
    const shortUpc = await inject(alice.cookie, 'POST', '/api/songs', { title: 'x', upc: '12345' });
    expect(shortUpc.json().message).toMatch(/12 digits/);
    expect((await inject(alice.cookie, 'POST', '/api/songs', { title: '  ' })).statusCode).toBe(400);
    expect((await inject(alice.cookie, 'POST', '/api/songs', { title: 'x', releaseDate: '2027-02-30' })).statusCode).toBe(400);
  });

  it('an upload without a song makes one named from the file; with songId it is the next version, compared with the one before', async () => {
    const first = await upload(alice.cookie, 'demo - Paper Plan.wav');
    expect(first.status).toBe(201);
    expect(first.body.songId).toEqual(expect.any(Number));
    expect(first.body.versionLabel).toBe('v1');
    const songId = first.body.songId;
    const song = (await inject(alice.cookie, 'GET', `/api/songs/${songId}`)).json();
    expect(song.title).toBe('demo - Paper Plan');

    const second = await upload(alice.cookie, 'Paper Plan (mix).wav', { songId: String(songId) });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ songId, versionLabel: 'v2' });
    const named = await upload(alice.cookie, 'pp master.wav', { songId: String(songId), versionLabel: 'Master' });
    expect(named.body).toMatchObject({ songId, versionLabel: 'Master' });

    // The analyses finish; the page shows every version newest first, each compared with the one before.
    const detail = await expect
      .poll(async () => (await inject(alice.cookie, 'GET', `/api/songs/${songId}`)).json(), { timeout: 30_000, interval: 200 })
      .toSatisfy((d: any) => d.versions.every((v: any) => v.track.analysis.status === 'done'))
      .then(async () => (await inject(alice.cookie, 'GET', `/api/songs/${songId}`)).json());
    expect(detail.versions.map((v: any) => v.label)).toEqual(['Master', 'v2', 'v1']);
    expect(detail.versions[0].track.analysis.waveform).toEqual(expect.any(Array));
    expect(detail.versions[0].comparison).toMatchObject({ previousTrackId: second.body.id, previousLabel: 'v2' });
    expect(detail.versions[1].comparison).toMatchObject({ previousTrackId: first.body.id, previousLabel: 'v1' });
    expect(detail.versions[2].comparison).toBeNull();
    const list = (await inject(alice.cookie, 'GET', '/api/songs')).json();
    expect(list[0]).toMatchObject({ id: songId, versionCount: 3, latestVersion: { trackId: named.body.id, label: 'Master' } });

    // Renaming a version.
    const renamed = await inject(alice.cookie, 'PATCH', `/api/songs/${songId}/versions/${second.body.id}`, { label: 'Radio mix' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().versions[1].label).toBe('Radio mix');
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${songId}/versions/999999`, { label: 'x' })).statusCode).toBe(404);

    // Someone else's song: 404 before anything is stored.
    const before = trackFiles().length;
    const foreign = await upload(bob.cookie, 'steal.wav', { songId: String(songId) });
    expect(foreign.status).toBe(404);
    expect(trackFiles().length).toBe(before);
    expect((await upload(alice.cookie, 'x.wav', { songId: 'abc' })).status).toBe(400);
  });

  it('patches fields (ISRC/UPC checked, null clears), links the artist’s own lyrics and beat only, and 404s for others', async () => {
    const song = (await inject(alice.cookie, 'POST', '/api/songs', { title: 'Patch Me' })).json();
    const patched = await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, { title: 'Patched', isrc: 'GBAYE0601498', upc: '012345678905', explicit: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Patched', isrc: 'GBAYE0601498', upc: '012345678905', explicit: true });
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, { isrc: null })).json().isrc).toBeNull();
    const bad = await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, { upc: '012345678900' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors?.upc?.[0] ?? bad.json().message).toMatch(/check digit/);
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, {})).statusCode).toBe(400);

    const bobLyrics = (await inject(bob.cookie, 'POST', '/api/conversations', { title: 'Bob bars', category: 'lyrics' })).json();
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, { lyricsId: bobLyrics.id })).statusCode).toBe(404);
    const chat = (await inject(alice.cookie, 'POST', '/api/conversations', { title: 'Chat', category: 'chat' })).json();
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${song.id}`, { lyricsId: chat.id })).statusCode).toBe(400);

    for (const [method, url, payload] of [
      ['GET', `/api/songs/${song.id}`, undefined],
      ['PATCH', `/api/songs/${song.id}`, { title: 'Mine now' }],
      ['PATCH', `/api/songs/${song.id}/versions/1`, { label: 'x' }],
      ['DELETE', `/api/songs/${song.id}`, undefined],
    ] as const) {
      expect((await inject(bob.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject(alice.cookie, 'GET', `/api/songs/${song.id}`)).json().title).toBe('Patched');
    expect((await inject(alice.cookie, 'GET', '/api/songs/0')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/songs' })).statusCode).toBe(401);
  });

  it('a song’s lyrics (Lyric Assist), cover, review and plan: each tool starts from the song without a new upload', async () => {
    const up = await upload(alice.cookie, 'Paper Plan.wav');
    const songId = up.body.songId;
    await inject(alice.cookie, 'PATCH', `/api/songs/${songId}`, { artistName: 'MC Ada', releaseDate: '2030-06-07' });

    // No lyrics yet: the review says so; the plan does not claim lyrics.
    expect((await inject(alice.cookie, 'POST', '/api/review', { songId })).statusCode).toBe(400);
    const bare = await inject(alice.cookie, 'POST', '/api/marketing', { songId, context: 'Drill fans in London' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().response).not.toMatch(/from your lyrics/);
    expect(bare.json()).toMatchObject({ title: 'Paper Plan', releaseDate: '2030-06-07', songId, trackId: up.body.id });

    // Lyrics written in Lyric Assist, linked to the song.
    const doc = (await inject(alice.cookie, 'POST', '/api/conversations', { title: 'Paper Plan lyrics', category: 'lyrics' })).json();
    for (const [position, line] of LYRICS.entries()) expect((await inject(alice.cookie, 'POST', `/api/conversations/${doc.id}/lyrics`, { content: line, position })).statusCode).toBe(201);
    expect((await inject(alice.cookie, 'PATCH', `/api/songs/${songId}`, { lyricsId: doc.id })).statusCode).toBe(200);

    const review = await inject(alice.cookie, 'POST', '/api/review', { songId });
    expect(review.statusCode).toBe(200);
    expect(review.json().response).toMatch(/Flow: \d+\/10/);
    // The review is saved on the version (as the page does), and the song shows it.
    expect((await inject(alice.cookie, 'POST', `/api/tracks/${up.body.id}/reviews`, { reviewText: review.json().response, rating: review.json().rating })).statusCode).toBe(201);

    const cover = await inject(alice.cookie, 'POST', '/api/coverarts', { prompt: 'folded paper city at night', songId });
    expect(cover.statusCode).toBe(201);
    expect(cover.json()).toMatchObject({ title: 'Paper Plan', artist: 'MC Ada', trackId: up.body.id, songId });

    const plan = await inject(alice.cookie, 'POST', '/api/marketing', { songId, context: 'Drill fans in London' });
    expect(plan.statusCode).toBe(201);
    expect(plan.json().response).toMatch(/from your lyrics/);
    expect(plan.json().quotes.some((q: string) => LYRICS.includes(q))).toBe(true);

    const detail = (await inject(alice.cookie, 'GET', `/api/songs/${songId}`)).json();
    expect(detail).toMatchObject({ lyricsId: doc.id, lyricsSource: 'lyric-assist', done: { lyrics: true, review: true, cover: true, plan: true } });
    expect(detail.lyrics).toContain(LYRICS[0]);
    expect(detail.reviews[0]).toMatchObject({ trackId: up.body.id, versionLabel: 'v1', scores: { flow: expect.any(Number) } });
    expect(detail.covers.map((c: any) => c.id)).toEqual([cover.json().id]);
    expect(detail.plan).toMatchObject({ id: plan.json().id, releaseDate: '2030-06-07' });
    expect(detail.plan.nextDates.length).toBeGreaterThan(0);
    expect(detail.plan.nextDates.map((d: any) => d.date)).toEqual([...detail.plan.nextDates.map((d: any) => d.date)].sort());
    const listed = (await inject(alice.cookie, 'GET', '/api/songs?q=paper%20plan')).json().find((s: any) => s.id === songId);
    expect(listed).toMatchObject({ coverThumbnail: `/api/coverarts/${cover.json().id}/image`, done: { lyrics: true, review: true, cover: true, plan: true } });

    // The spec's `{ prompt }` still answers `{ response }`.
    const spec = await inject(alice.cookie, 'POST', '/api/marketing', { prompt: 'Grow my fan base in Atlanta' });
    expect(spec.statusCode).toBe(201);
    expect(spec.json().response).toEqual(expect.stringContaining('##'));

    // Someone else's song, for every tool: 404.
    expect((await inject(bob.cookie, 'POST', '/api/review', { songId })).statusCode).toBe(404);
    expect((await inject(bob.cookie, 'POST', '/api/coverarts', { prompt: 'x', songId })).statusCode).toBe(404);
    expect((await inject(bob.cookie, 'POST', '/api/marketing', { songId, context: 'x' })).statusCode).toBe(404);
    expect((await inject(bob.cookie, 'POST', '/api/studio/generate', { prompt: 'dark drill', model: 'drill', songId })).statusCode).toBe(404);
  }, 120_000);

  it('a beat made in Studio for a song becomes its beat', async () => {
    const song = (await inject(alice.cookie, 'POST', '/api/songs', { title: 'Beat Me' })).json();
    const beat = await inject(alice.cookie, 'POST', '/api/studio/generate', { prompt: 'dark drill with sliding 808s', model: 'drill', songId: song.id });
    expect(beat.statusCode).toBe(201);
    expect(beat.json().title).toBe('Beat Me (beat)');
    expect((await inject(alice.cookie, 'GET', `/api/songs/${song.id}`)).json().beatId).toBe(beat.json().id);
  }, 60_000);

  it('deleting a song deletes its versions and their files, and the storage they took is free again', async () => {
    const up = await upload(alice.cookie, 'Delete Me.wav');
    const songId = up.body.songId;
    await upload(alice.cookie, 'Delete Me 2.wav', { songId: String(songId) });
    const usedBefore = (await inject(alice.cookie, 'GET', '/api/storage')).json().usedBytes;
    const filesBefore = trackFiles().length;
    const res = await inject(alice.cookie, 'DELETE', `/api/songs/${songId}`);
    expect(res.statusCode).toBe(204);
    expect(trackFiles().length).toBe(filesBefore - 2);
    expect((await inject(alice.cookie, 'GET', '/api/storage')).json().usedBytes).toBe(usedBefore - 2 * wav.length);
    expect((await inject(alice.cookie, 'GET', `/api/songs/${songId}`)).statusCode).toBe(404);
    expect((await inject(alice.cookie, 'GET', `/api/tracks/${up.body.id}`)).statusCode).toBe(404);
  });
});
