import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from '../../../test/helpers';
import { encodeWav16 } from '../../audio/fixtures';
import { createLocalDiskStorage } from '../../providers/storage/local-disk';
import type { FileStorage } from '../../providers/storage/types';

type User = Awaited<ReturnType<typeof registerUser>>;

/** A real mono WAV of `seconds` of a tone: 88.2 KB a second. */
function toneWav(seconds: number): Buffer {
  const samples = new Float32Array(Math.round(44_100 * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.4 * Math.sin((2 * Math.PI * 440 * i) / 44_100);
  return encodeWav16([samples], 44_100);
}

const BOUNDARY = '----mo-storage-boundary';
const partHead = (filename: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="audioFile"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n`;
const partTail = `\r\n--${BOUNDARY}--\r\n`;

interface Answer {
  status: number;
  body: { message?: string; code?: string } & Record<string, unknown>;
}

/**
 * A raw upload on its own connection. `declare`: send Content-Length (else chunked, size unknown).
 * `feed` sends the body; it may stop early (the server may answer before the body is all sent).
 */
function rawUpload(port: number, cookie: string, options: { declare?: number; feed: (req: http.ClientRequest) => Promise<void> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    if (options.declare !== undefined) headers['content-length'] = String(options.declare);
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/tracks/upload', agent: false, headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      });
    });
    // The server may answer and close while the body is still going (EPIPE, a reset): the answer counts.
    req.on('error', (error) => setTimeout(() => reject(Object.assign(error, { message: `${error.message} (declared: ${options.declare})` })), 2000).unref());
    req.flushHeaders();
    void options.feed(req).catch(() => {});
  });
}

const allFiles = (dir: string): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);

describe.each(dialects)('storage that holds on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(env: Parameters<typeof createTestApp>[1] = {}, options: Parameters<typeof createTestApp>[2] = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-storage-'));
    t = await createTestApp(dialect, { dataDir, WORKERS: 0, ...env }, options);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    await registerUser(t.app); // the admin
    return { dataDir, port };
  }
  const form = (wav: Buffer, name = 'take.wav') => Buffer.concat([Buffer.from(partHead(name)), wav, Buffer.from(partTail)]);
  const uploadWhole = (port: number, user: User, wav: Buffer, name?: string) => {
    const bytes = form(wav, name);
    return rawUpload(port, user.cookie, { declare: bytes.length, feed: async (req) => void req.end(bytes) });
  };
  const usage = async (user: User) => (await t!.app.inject({ url: '/api/storage', headers: { cookie: user.cookie } })).json() as { usedBytes: number; limitBytes: number };
  const trackCount = async (user: User) => ((await t!.app.inject({ url: '/api/tracks', headers: { cookie: user.cookie } })).json() as unknown[]).length;

  it('counts uploads against the plan’s allowance: a declared size that cannot fit is refused before the body is read, an undeclared one while it streams', async () => {
    const { dataDir, port } = await start({ STORAGE_FREE_MB: 1, STORAGE_PREMIUM_MB: 3 });
    const alice = await registerUser(t!.app);
    const wav = toneWav(5); // 441 KB
    expect(await usage(alice)).toEqual({ usedBytes: 0, limitBytes: 1024 * 1024 });
    for (let i = 0; i < 2; i++) expect((await uploadWhole(port, alice, wav)).status).toBe(201);
    expect(await usage(alice)).toEqual({ usedBytes: 2 * wav.length, limitBytes: 1024 * 1024 });
    const filesBefore = allFiles(path.join(dataDir, 'uploads'));

    // Declared: the answer comes without a byte of the body sent.
    const declared = await rawUpload(port, alice.cookie, { declare: form(wav).length, feed: async () => {} });
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe('storage_full');
    const usedKb = Math.ceil((2 * wav.length) / 1024);
    expect(declared.body.message).toBe(`This upload does not fit in your storage: ${usedKb} KB of 1 MB used. Delete tracks you no longer need from your tracks list to free space.`);

    // Not declared (chunked): stopped once it would go over, its partial file removed, no row.
    const streamed = await rawUpload(port, alice.cookie, {
      feed: async (req) => {
        req.write(partHead('big.wav'));
        for (let offset = 0; offset < wav.length && !req.destroyed; offset += 16 * 1024) {
          req.write(wav.subarray(offset, offset + 16 * 1024));
          await new Promise((r) => setImmediate(r));
        }
        req.end(partTail);
      },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toMatch(/of 1 MB used\. Delete tracks you no longer need/);
    expect(allFiles(path.join(dataDir, 'uploads'))).toEqual(filesBefore);
    expect(await trackCount(alice)).toBe(2);

    // Deleting a track frees its room.
    const [first] = (await t!.app.inject({ url: '/api/tracks', headers: { cookie: alice.cookie } })).json() as { id: number }[];
    expect((await t!.app.inject({ method: 'DELETE', url: `/api/tracks/${first!.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(204);
    expect((await uploadWhole(port, alice, wav)).status).toBe(201);

    // Premium has its own, larger allowance.
    await t!.db.kysely.updateTable('users').set({ is_premium: 1 }).where('id', '=', alice.user.id).execute();
    expect((await usage(alice)).limitBytes).toBe(3 * 1024 * 1024);
    expect((await uploadWhole(port, alice, wav)).status).toBe(201);
  }, 60_000);

  it('lets parallel uploads add up to the allowance and no further', async () => {
    const { port } = await start({ STORAGE_FREE_MB: 1 });
    const bob = await registerUser(t!.app);
    const wav = toneWav(4); // 353 KB: two fit in 1 MB, three do not
    const answers = await Promise.all(Array.from({ length: 4 }, () => uploadWhole(port, bob, wav)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 413, 413]);
    expect(await trackCount(bob)).toBe(2);
  }, 60_000);

  it('cuts a slow drip with 408 once its average rate falls under the floor after the grace period, and removes its partial file', async () => {
    const { dataDir, port } = await start({ UPLOAD_MIN_BYTES_PER_SECOND: 20_000, UPLOAD_RATE_GRACE_SECONDS: 1 });
    const carol = await registerUser(t!.app);
    const wav = toneWav(5);
    let sent = 0;
    const began = Date.now();
    const answer = await rawUpload(port, carol.cookie, {
      declare: form(wav).length,
      feed: async (req) => {
        req.write(partHead('drip.wav'));
        // 2 KB every 200 ms: 10 KB/s, never silent long enough for the idle timer.
        while (!req.destroyed && sent < wav.length) {
          req.write(wav.subarray(sent, sent + 2048));
          sent += 2048;
          await new Promise((r) => setTimeout(r, 200));
        }
      },
    });
    expect(answer.status).toBe(408);
    expect(answer.body.message).toMatch(/^The upload was too slow to finish \(.* on average\)\. Please try again on a faster connection\.$/);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(sent).toBeLessThan(wav.length);
    await waitFor(async () => allFiles(path.join(dataDir, 'uploads')), (files) => files.length === 0);
    expect(await trackCount(carol)).toBe(0);
  }, 30_000);

  it('answers 507 on uploads and generations when the disk is full, and keeps sign-in, sign-out and reads working', async () => {
    // The store's disk is full: every write ends in the operating system's ENOSPC.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-full-'));
    const real = createLocalDiskStorage(root);
    const full: FileStorage = {
      ...real,
      async write(_key, source) {
        await pipeline(source, fs.createWriteStream('/dev/full'));
        throw new Error('unreachable: /dev/full takes nothing');
      },
    };
    const { port } = await start({}, { storage: full });
    const dave = await registerUser(t!.app);
    const upload = await uploadWhole(port, dave, toneWav(2));
    expect(upload.status).toBe(507);
    expect(upload.body).toEqual({ message: 'The server has run out of storage space, so nothing new can be saved right now. Please try again later.', code: 'insufficient_storage' });
    const cover = await t!.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: dave.cookie }, payload: { prompt: 'neon city', title: 'Neon' } });
    expect([cover.statusCode, cover.json().code]).toEqual([507, 'insufficient_storage']);
    // The failed generation gave its unit back.
    expect((await t!.app.inject({ url: '/api/quotas', headers: { cookie: dave.cookie } })).json().quotas.cover.used).toBe(0);

    expect((await t!.app.inject({ url: '/api/tracks', headers: { cookie: dave.cookie } })).statusCode).toBe(200);
    expect((await t!.app.inject({ url: '/api/coverarts', headers: { cookie: dave.cookie } })).statusCode).toBe(200);
    expect((await t!.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: dave.cookie } })).statusCode).toBeLessThan(300);
    const login = await t!.app.inject({ method: 'POST', url: '/api/login', payload: { username: dave.username, password: dave.password } });
    expect(login.statusCode).toBe(200);
  }, 60_000);

  it('under MIN_FREE_DISK_MB: /api/ready reports not ready, uploads and generations answer 507 before spending anything, sign-in and reads work', async () => {
    const { dataDir, port } = await start({ MIN_FREE_DISK_MB: 100_000_000 });
    const ready = await t!.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/^The data folder's disk is nearly full: \d+ MB free, 100000000 MB needed\.$/);
    const erin = await registerUser(t!.app);
    const upload = await uploadWhole(port, erin, toneWav(2));
    expect([upload.status, upload.body.code]).toEqual([507, 'insufficient_storage']);
    expect(allFiles(path.join(dataDir, 'uploads'))).toEqual([]);
    const beat = await t!.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: erin.cookie }, payload: { prompt: 'boom bap', model: 'rap' } });
    expect([beat.statusCode, beat.json().code]).toEqual([507, 'insufficient_storage']);
    const quotas = (await t!.app.inject({ url: '/api/quotas', headers: { cookie: erin.cookie } })).json().quotas;
    expect(quotas.beat.used).toBe(0);
    expect((await t!.app.inject({ url: '/api/studio/music', headers: { cookie: erin.cookie } })).json()).toEqual([]);
    expect((await t!.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: erin.cookie } })).statusCode).toBeLessThan(300);
    expect((await t!.app.inject({ method: 'POST', url: '/api/login', payload: { username: erin.username, password: erin.password } })).statusCode).toBe(200);
  }, 30_000);

  it('with room on the disk, /api/ready is ready', async () => {
    await start({ MIN_FREE_DISK_MB: 1 });
    expect((await t!.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('removes partial files a crash left behind at start-up, never a finished file or a write in progress', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-crash-'));
    const tracks = path.join(dataDir, 'uploads', 'tracks');
    const beats = path.join(dataDir, 'uploads', 'beats');
    fs.mkdirSync(tracks, { recursive: true });
    fs.mkdirSync(beats, { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    const left = [path.join(tracks, `${'a'.repeat(32)}.upload.0badc0de.partial`), path.join(beats, `${'b'.repeat(32)}.mp3.12345678.partial`)];
    const kept = [
      path.join(tracks, `${'c'.repeat(32)}.wav`),
      path.join(tracks, 'my.partial.wav'),
      path.join(beats, `${'d'.repeat(32)}.stems.zip`),
    ];
    for (const file of [...left, ...kept]) {
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, hourAgo, hourAgo);
    }
    const inProgress = path.join(tracks, `${'e'.repeat(32)}.upload.abcdef01.partial`);
    fs.writeFileSync(inProgress, 'x');
    t = await createTestApp(dialect, { dataDir });
    await waitFor(async () => left.filter((f) => fs.existsSync(f)), (remaining) => remaining.length === 0);
    for (const file of [...kept, inProgress]) expect(fs.existsSync(file), file).toBe(true);
  });
});
