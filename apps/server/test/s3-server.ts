import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/**
 * How the store answers while a fault is set: an S3 error status (the XML error body S3 sends),
 * a 200 whose body is not XML, a 200 with an empty body, or no answer at all.
 */
export type S3Fault =
  | { kind: 'status'; status: number; code?: string }
  | { kind: 'garbage' }
  | { kind: 'empty' }
  | { kind: 'hang' };

/**
 * A local S3-compatible server for the tests: s3rver (npm) on a temp folder, behind a small HTTP
 * front that adds what s3rver 3.7 lacks and the tests need:
 * - AbortMultipartUpload (`DELETE /bucket/key?uploadId=`), which s3rver answers 405 (it keeps the
 *   parts until the upload completes); here it removes the upload's parts, as S3 does;
 * - scripted faults (`fail(fault, methods?)` until `heal()`), for the upstream-fault suite.
 * Path-style addressing only (`S3_FORCE_PATH_STYLE=true`); keys S3RVER / S3RVER.
 */
export async function startS3Server(options: { buckets?: string[] } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-s3-'));
  const buckets = options.buckets ?? ['members-only'];
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await s3rver.configureBuckets();
  // s3rver removes the folders a delete leaves empty. A put into the same folder at that moment
  // (two uploads under partial/tracks/, say) then fails to open its file, on a write stream with
  // no error listener, and the exception takes the test process down. S3 has no folders: here a
  // delete removes the object's own files and leaves the folders.
  const store = (s3rver as unknown as { store: { getResourcePath(bucket: string, key: string, resource: string): string; deleteObject(bucket: string, key: string): Promise<void> } }).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(['object', 'object.md5', 'metadata.json'].map((resource) => fs.promises.rm(store.getResourcePath(bucket, key, resource), { force: true })));
  };
  const handler = s3rver.callback();
  let fault: { fault: S3Fault; methods?: string[] } | undefined;
  const hanging = new Set<http.ServerResponse>();
  const requests: { method: string; path: string }[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}` });
    const current = fault && (!fault.methods || fault.methods.includes(req.method ?? 'GET')) ? fault.fault : undefined;
    if (current) {
      req.resume();
      answerFault(current, req, res);
      return;
    }
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'DELETE' && uploadId) {
      req.resume();
      abortMultipart(url.pathname, uploadId, res);
      return;
    }
    handler(req, res);
  });

  function answerFault(current: S3Fault, req: http.IncomingMessage, res: http.ServerResponse) {
    switch (current.kind) {
      case 'status': {
        const code = current.code ?? (current.status === 503 || current.status === 429 ? 'SlowDown' : 'InternalError');
        const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>fake fault ${current.status}</Message><RequestId>fake</RequestId></Error>`;
        res.writeHead(current.status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/xml', 'content-range': 'bytes banana' });
        res.end(req.method === 'HEAD' ? undefined : '<<<this is not { xml');
        return;
      case 'empty':
        res.writeHead(200, { 'content-length': '0' });
        res.end();
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  }

  /** S3's AbortMultipartUpload: the upload's parts go; 204, or 404 NoSuchUpload. */
  function abortMultipart(pathname: string, uploadId: string, res: http.ServerResponse) {
    const bucket = decodeURIComponent(pathname.split('/')[1] ?? '');
    const dir = path.join(directory, bucket, '._S3rver_uploads', path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
      return;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    res.writeHead(204).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  /** Every file under a folder, relative to it. */
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name]))
      : [];

  return {
    endpoint,
    directory,
    requests,
    /** The app's settings for this store. */
    settings: (bucket = buckets[0]!) => ({
      STORAGE: 's3' as const,
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    }),
    /** The keys of the objects in a bucket. */
    objects: (bucket = buckets[0]!) =>
      walk(path.join(directory, bucket))
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length))
        .sort(),
    /** Multipart uploads begun and neither completed nor aborted. */
    pendingUploads: (bucket = buckets[0]!) => {
      const dir = path.join(directory, bucket, '._S3rver_uploads');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
    /** The content of an object. */
    read: (key: string, bucket = buckets[0]!) => {
      const parts = key.split('/');
      const name = parts.pop()!;
      return fs.readFileSync(path.join(directory, bucket, ...parts, `${name}._S3rver_object`));
    },
    /** Requests held open by a 'hang' fault that the caller has not yet given up on. */
    hangingRequests: () => hanging.size,
    /** From now on, answer requests (of these methods) with this fault. */
    fail(next: S3Fault, methods?: string[]) {
      fault = { fault: next, methods };
    },
    heal() {
      fault = undefined;
      for (const res of hanging) res.destroy();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type TestS3Server = Awaited<ReturnType<typeof startS3Server>>;
