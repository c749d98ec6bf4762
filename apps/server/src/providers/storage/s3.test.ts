import fs from 'node:fs';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { waitFor } from '../../../test/helpers';
import { createS3Storage } from './s3';

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `total` bytes of a repeatable pattern, sent in `chunk`-sized pieces (a stream, never one buffer). */
function patterned(total: number, chunk = 256 * 1024) {
  const content = crypto.randomBytes(total);
  async function* pieces() {
    for (let at = 0; at < total; at += chunk) yield content.subarray(at, Math.min(total, at + chunk));
  }
  return { content, stream: () => Readable.from(pieces()) };
}

describe('S3 file storage (against a local S3-compatible server)', () => {
  let s3: TestS3Server;
  let storage: ReturnType<typeof createS3Storage>;
  const options = () => ({
    bucket: 'members-only',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    timeoutMs: 2000,
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage(options());
  });
  afterAll(async () => {
    storage.client.destroy();
    await s3.close();
  });
  beforeEach(() => s3.heal());

  it('removes what a crashed write left under partial/ once it is stale, never a finished object or a fresh write', async () => {
    const left = await storage.write('tracks/crashed.upload', Readable.from([Buffer.from('half an upload')]));
    await storage.write('beats/also-crashed.mp3', Readable.from([Buffer.from('half a beat')]));
    const done = await storage.write('tracks/kept.upload', Readable.from([Buffer.from('a whole track')]));
    await done.commit('tracks/kept.mp3');
    expect(s3.objects().filter((k) => k.startsWith('partial/'))).toHaveLength(2);
    // Fresh: a write in progress is left alone.
    expect(await storage.removeStalePartials(3_600_000)).toBe(0);
    expect(s3.objects().filter((k) => k.startsWith('partial/'))).toHaveLength(2);
    // Stale (anything older than now, here): gone, and the finished object stays.
    // S3 dates objects to the second: within about two seconds both are a second old.
    let removed = 0;
    await waitFor(async () => (removed += await storage.removeStalePartials(1000)), (n) => n >= 2, 5000);
    expect(removed).toBe(2);
    expect(s3.objects()).toEqual(['tracks/kept.mp3']);
    expect(left.size).toBe(14);
    await storage.delete('tracks/kept.mp3');
  });

  it('streams a write to a partial key, commits it to its final key, and reads, sizes and deletes it', async () => {
    const { content, stream } = patterned(300 * 1024);
    const written = await storage.write('tracks/abc.upload', stream());
    expect(written.size).toBe(content.length);
    // Nothing under the final key until commit; the partial object waits under partial/.
    expect(s3.objects()).toEqual([expect.stringMatching(/^partial\/tracks\/abc\.upload\.[0-9a-f]{12}$/)]);
    await written.commit('tracks/abc.mp3');
    expect(s3.objects()).toEqual(['tracks/abc.mp3']);
    expect(s3.read('tracks/abc.mp3').equals(content)).toBe(true);
    expect(await storage.size('tracks/abc.mp3')).toBe(content.length);
    expect((await collect(storage.read('tracks/abc.mp3'))).equals(content)).toBe(true);
    await storage.delete('tracks/abc.mp3');
    expect(s3.objects()).toEqual([]);
    expect(await storage.size('tracks/abc.mp3')).toBeUndefined();
  });

  it('commits to the key it was written under when no final key is given', async () => {
    const written = await storage.write('beats/one.mp3', Readable.from([Buffer.from('beat')]));
    await written.commit();
    expect(s3.objects()).toEqual(['beats/one.mp3']);
    await storage.delete('beats/one.mp3');
  });

  it('uploads a large file in parts (multipart) and leaves no upload open', async () => {
    const { content, stream } = patterned(11 * 1024 * 1024 + 123);
    const written = await storage.write('tracks/big.upload', stream());
    expect(written.size).toBe(content.length);
    await written.commit('tracks/big.wav');
    // Three parts of at most 5 MB: CreateMultipartUpload (POST ?uploads), then UploadPart PUTs.
    expect(s3.requests.some((r) => r.method === 'POST' && /\?uploads=?$/.test(r.path))).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'PUT' && /partNumber=/.test(r.path))).toHaveLength(3);
    expect(s3.pendingUploads()).toEqual([]);
    expect(s3.read('tracks/big.wav').equals(content)).toBe(true);
    await storage.delete('tracks/big.wav');
  });

  it('reads byte ranges: the first bytes, the middle, the last bytes', async () => {
    const { content, stream } = patterned(64 * 1024);
    const written = await storage.write('tracks/range.upload', stream());
    await written.commit('tracks/range.mp3');
    expect((await collect(storage.read('tracks/range.mp3', { start: 0, end: 9 }))).equals(content.subarray(0, 10))).toBe(true);
    expect((await collect(storage.read('tracks/range.mp3', { start: 1000, end: 20_999 }))).equals(content.subarray(1000, 21_000))).toBe(true);
    const size = content.length;
    expect((await collect(storage.read('tracks/range.mp3', { start: size - 500, end: size - 1 }))).equals(content.subarray(size - 500))).toBe(true);
    await storage.delete('tracks/range.mp3');
  });

  it('leaves no object and no open upload when the upload fails part-way (multipart aborted)', async () => {
    async function* failing() {
      yield crypto.randomBytes(6 * 1024 * 1024); // one whole part reaches the store
      await vi.waitFor(() => expect(s3.requests.some((r) => r.method === 'PUT' && r.path.includes('/broken.upload.') && /partNumber=/.test(r.path))).toBe(true));
      throw Object.assign(new Error('client went away'), { code: 'ECONNRESET' });
    }
    await expect(storage.write('tracks/broken.upload', Readable.from(failing()))).rejects.toMatchObject({ code: 'ECONNRESET' });
    // The multipart upload was begun, then aborted (AbortMultipartUpload) before write() failed.
    const mine = s3.requests.filter((r) => r.path.includes('/broken.upload.'));
    expect(mine.some((r) => r.method === 'POST' && /\?uploads=?$/.test(r.path))).toBe(true);
    expect(mine.some((r) => r.method === 'DELETE' && /uploadId=/.test(r.path))).toBe(true);
    expect(s3.pendingUploads()).toEqual([]);
    expect(s3.objects()).toEqual([]);
  });

  it('leaves no object when a small upload fails before reaching the store', async () => {
    async function* failing() {
      yield Buffer.from('a little');
      throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
    await expect(storage.write('tracks/small.upload', Readable.from(failing()))).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
    expect(s3.objects()).toEqual([]);
  });

  it('a write the store never answers ends all its requests when it fails, so none is retried and nothing lands later', async () => {
    const quick = createS3Storage({ ...options(), timeoutMs: 1000 });
    s3.fail({ kind: 'hang' });
    await expect(quick.write('tracks/hung.upload', Readable.from([Buffer.from('a small upload')]))).rejects.toMatchObject({
      statusCode: 504,
      code: 'storage_timeout',
    });
    // One PutObject, ended at the deadline (not retried by the SDK in the background), then the removal of the partial key.
    const mine = s3.requests.filter((r) => r.path.includes('/hung.upload.')).map((r) => r.method);
    expect(mine).toEqual(['PUT', 'DELETE']);
    await waitFor(async () => s3.hangingRequests(), (open) => open === 0, 1500);
    s3.heal();
    const written = await quick.write('tracks/after.upload', Readable.from([Buffer.from('the next one')]));
    await written.discard();
    expect(s3.requests.filter((r) => r.path.includes('/hung.upload.')).map((r) => r.method)).toEqual(['PUT', 'DELETE']);
    expect(s3.objects()).toEqual([]);

    // In parts: the store begins the upload but never takes a part. The parts in flight end at the
    // deadline, and the upload is aborted at the store at once, not after the SDK's retries.
    s3.fail({ kind: 'hang' }, ['PUT']);
    const { stream } = patterned(7 * 1024 * 1024);
    await expect(quick.write('tracks/parts.upload', stream())).rejects.toMatchObject({ statusCode: 504 });
    await waitFor(async () => [s3.hangingRequests(), s3.pendingUploads().length], ([open, pending]) => open === 0 && pending === 0, 1500);
    const parts = s3.requests.filter((r) => r.path.includes('/parts.upload.') && r.method === 'PUT');
    expect(parts.length).toBeLessThanOrEqual(2); // QUEUE_SIZE parts at once, none sent again
    expect(s3.objects()).toEqual([]);
    quick.client.destroy();
  });

  it('discard() leaves no object', async () => {
    const written = await storage.write('tracks/nope.upload', Readable.from([Buffer.from('not audio')]));
    expect(s3.objects()).toHaveLength(1);
    await written.discard();
    expect(s3.objects()).toEqual([]);
  });

  it('withLocalPath gives a temporary copy on disk and removes it afterwards', async () => {
    const { content, stream } = patterned(100 * 1024);
    await (await storage.write('tracks/local.upload', stream())).commit('tracks/local.m4a');
    let seen = '';
    const read = await storage.withLocalPath('tracks/local.m4a', async (file) => {
      seen = file;
      expect(file.endsWith('local.m4a')).toBe(true);
      return fs.readFileSync(file);
    });
    expect(read.equals(content)).toBe(true);
    expect(fs.existsSync(seen)).toBe(false);
    // Removed when the work fails too.
    await expect(
      storage.withLocalPath('tracks/local.m4a', async (file) => {
        seen = file;
        throw new Error('analysis failed');
      }),
    ).rejects.toThrow('analysis failed');
    expect(fs.existsSync(seen)).toBe(false);
    await storage.delete('tracks/local.m4a');
  });

  it('a missing file reads as not found, and its size as undefined', async () => {
    expect(await storage.size('tracks/missing.mp3')).toBeUndefined();
    await expect(collect(storage.read('tracks/missing.mp3'))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('check() proves the bucket is writable, fails on a missing bucket, and leaves nothing behind', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(s3.objects()).toEqual([]);
    const missing = createS3Storage({ ...options(), bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toBeInstanceOf(AppError);
    missing.client.destroy();
  });

  it('describes itself for the admin page without credentials', () => {
    expect(storage.engine).toBe(`S3-compatible store: bucket members-only at ${new URL(s3.endpoint).host}`);
    expect(storage.engine).not.toContain('S3RVER');
    const aws = createS3Storage({ bucket: 'uploads-prod', region: 'eu-west-1', forcePathStyle: false, timeoutMs: 1000 });
    expect(aws.engine).toBe('Amazon S3: bucket uploads-prod (eu-west-1)');
    aws.client.destroy();
  });

  it('answers in its own words within the timeout when the store fails or hangs', async () => {
    s3.fail({ kind: 'status', status: 500 });
    await expect(storage.size('tracks/x.mp3')).rejects.toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
    s3.fail({ kind: 'hang' });
    const started = Date.now();
    await expect(storage.check()).rejects.toMatchObject({ statusCode: 504, code: 'storage_timeout' });
    expect(Date.now() - started).toBeLessThan(4000);
    s3.heal();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
