import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { coverArtSchema } from '@members-only/shared/cover';
import { studioMusicItemSchema } from '@members-only/shared/studio';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from './helpers';
import { startS3Server, type TestS3Server } from './s3-server';
import { makeClickTrack } from '../src/audio/fixtures';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * A slice of the API suite with STORAGE=s3 against a local S3-compatible server: uploads stream
 * to the bucket, files come back only through the app's access-checked routes (with Range), and
 * background jobs read them back from the bucket.
 */
describe.each(dialects)('the API with files in an S3-compatible bucket, on %s', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;
  let base: string;
  let admin: User;
  let alice: User;
  let bob: User;
  let wav: Buffer;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { ...s3.settings(), WORKERS: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    wav = fs.readFileSync(await makeClickTrack({ bpm: 120, seconds: 6, channels: 2 }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (cookie: string, bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.append('audioFile', new Blob([new Uint8Array(bytes)]), filename);
    return fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie }, body: form });
  };

  it('uploads a track into the bucket, analyses it from there, and streams it with Range only to its owner', async () => {
    const res = await upload(alice.cookie, wav, 'Bucket Song.wav');
    expect(res.status).toBe(201);
    const track = (await res.json()) as { id: number; filename: string; audioUrl: string };
    // The object is under its final key; nothing waits under partial/.
    expect(s3.objects()).toContain(`tracks/${track.filename}`);
    expect(s3.objects().filter((k) => k.startsWith('partial/'))).toEqual([]);
    expect(s3.read(`tracks/${track.filename}`).equals(wav)).toBe(true);

    // The analysis job reads the file back from the bucket (withLocalPath).
    const analysed = await waitFor(
      async () => (await t.app.inject({ url: `/api/tracks/${track.id}`, headers: { cookie: alice.cookie } })).json(),
      (tr) => tr.analysis.status === 'done' || tr.analysis.status === 'failed',
      30_000,
    );
    expect(analysed.analysis).toMatchObject({ status: 'done', bpm: expect.any(Number) });

    const whole = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: alice.cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(wav.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);

    const first = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=0-11' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-11/${wav.length}`);
    expect(Buffer.from(await first.arrayBuffer()).toString('latin1', 0, 4)).toBe('RIFF');

    const middle = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=1000-1999' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(wav.subarray(1000, 2000))).toBe(true);

    const suffix = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=-100' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${wav.length - 100}-${wav.length - 1}/${wav.length}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(wav.subarray(wav.length - 100))).toBe(true);

    // Someone else: as if it did not exist. An admin may listen. Nobody signed in: 401.
    const theirs = await fetch(`${base}${track.audioUrl}`, { headers: { cookie: bob.cookie, range: 'bytes=0-11' } });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: 'File not found', code: 'not_found' });
    expect((await fetch(`${base}${track.audioUrl}`, { headers: { cookie: admin.cookie } }).then(async (r) => (await r.arrayBuffer(), r))).status).toBe(200);
    expect((await fetch(`${base}${track.audioUrl}`)).status).toBe(401);

    // Deleting the track deletes the object.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tracks/${track.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(204);
    expect(s3.objects()).not.toContain(`tracks/${track.filename}`);
  }, 60_000);

  it('refuses a file that is not audio and leaves nothing in the bucket', async () => {
    const before = s3.objects();
    const res = await upload(alice.cookie, Buffer.from('just some text, not audio at all'.repeat(200)), 'notes.mp3');
    expect(res.status).toBe(415);
    expect(s3.objects()).toEqual(before);
  });

  it('keeps a cover image in the bucket and shows it only to its owner', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload: { prompt: 'Neon rain over the city', title: 'Bucket Cover' } });
    expect(res.statusCode, res.body).toBe(201);
    const cover = coverArtSchema.parse(res.json());
    expect(s3.objects().filter((k) => k.startsWith('covers/'))).toHaveLength(1);
    const image = await t.app.inject({ url: cover.imageUrl, headers: { cookie: alice.cookie } });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 3000, height: 3000, format: 'png' });
    const theirs = await t.app.inject({ url: cover.imageUrl, headers: { cookie: bob.cookie } });
    expect(theirs.statusCode).toBe(404);
  }, 60_000);

  it("keeps a beat's audio in the bucket and plays it (with Range) only to its owner", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'lofi 80 bpm, 8 seconds', model: 'lofi', seed: 7 } });
    expect(res.statusCode, res.body).toBe(201);
    const beat = studioMusicItemSchema.parse(res.json());
    const key = `beats/${beat.audioUrl!.split('/').pop()}`;
    expect(s3.objects()).toContain(key);
    const range = await t.app.inject({ url: beat.audioUrl!, headers: { cookie: alice.cookie, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(s3.read(key).subarray(0, 100))).toBe(true);
    expect((await t.app.inject({ url: beat.audioUrl!, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
  }, 60_000);

  it('reports the bucket on the admin Services tab, without its keys', async () => {
    const res = await t.app.inject({ url: '/api/admin/services', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const storage = (res.json() as { services: Array<{ id: string; engine: string; reachable: boolean | null }> }).services.find((s) => s.id === 'storage');
    expect(storage).toMatchObject({ engine: expect.stringContaining('bucket members-only'), reachable: true });
    expect(res.body).not.toContain('S3RVER');
  });
});
