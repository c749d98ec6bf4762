import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError, notFound } from '../../errors';
import type { UpstreamLog } from '../text/upstream-log';
import type { FileStorage } from './types';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint; unset, Amazon S3 in `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither, the SDK's default chain (AWS_* variables, profile, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Longest wait for one answer from the store (and for the store to take an upload once it has all arrived). */
  timeoutMs: number;
  /** The store's own error texts go here (the server log), never to a response. */
  log?: UpstreamLog;
}

/** Where writes wait until commit(): one prefix, so a bucket lifecycle rule can expire what a crash left behind. */
export const PARTIAL_PREFIX = 'partial/';
/** lib-storage's smallest part (S3's minimum for every part but the last): at most this much of an upload is in memory per part in flight. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** An unfinished multipart upload this old is abandoned (as S3's own AbortIncompleteMultipartUpload rule would say). */
const MULTIPART_STALE_MS = 24 * 3_600_000;

/** Our words for every failure of the store; the store's own text goes to the log. */
export const storageErrors = {
  unavailable: () => new AppError(503, 'File storage is not available right now. Please try again later.', 'storage_unavailable'),
  timeout: () => new AppError(504, 'File storage took too long to answer. Please try again.', 'storage_timeout'),
};

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a broken installation, not a missing file (a HEAD cannot tell them apart: no body).
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket through the AWS SDK v3 (ADR 021). Objects are private: nothing
 * is written with an ACL or handed out as a URL; the app reads them and streams them through its
 * access-checked routes. Uploads stream to the store in 5 MB parts (lib-storage's multipart
 * upload), first under `partial/`, and commit() copies them to their key; a failed or aborted
 * upload is aborted at the store, so no object and no parts remain.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client; bucket: string } {
  const { bucket, timeoutMs, log } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums to every upload and check them on downloads; many S3-compatible
    // servers reject or lack them. Only where the S3 API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // connectionTimeout: to open the socket; requestTimeout: from sending the request (a part's
    // body included) to the answer's headers, an error only with throwOnRequestTimeout (else a
    // warning). A body already streaming to a listener has no limit: a paused player stops reading.
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs, throwOnRequestTimeout: true },
  });

  /** Turns an SDK failure into our words, logging the store's own. */
  function translate(error: unknown, operation: string, timedOut = false): unknown {
    if (error instanceof AppError) return error;
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const timeout = timedOut || e?.name === 'TimeoutError' || /timed? ?out/i.test(e?.message ?? '');
    log?.warn(
      { operation, bucket, status: e?.$metadata?.httpStatusCode, error: e?.name, detail: String(e?.message ?? error).slice(0, 500) },
      'the file store failed',
    );
    return timeout ? storageErrors.timeout() : storageErrors.unavailable();
  }

  /**
   * One request with a deadline over all its attempts (the SDK retries 5xx and throttling answers
   * itself): the caller hears within `timeoutMs`, whatever the store does.
   */
  async function send<T>(operation: string, run: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await run(controller.signal);
    } catch (error) {
      throw isMissing(error) ? error : translate(error, operation, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  const head = (key: string) => send('HeadObject', (abortSignal) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }), { abortSignal }));
  const remove = (key: string) => send('DeleteObject', (abortSignal) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), { abortSignal }));
  /** The object's body once the store has answered (the deadline covers the answer, not the download). */
  async function open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const response = await send('GetObject', (abortSignal) =>
        client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal }),
      );
      if (!(response.Body instanceof Readable) || !response.ETag) throw translate(new Error('GetObject answered without an object'), 'GetObject');
      if (range && response.ContentLength !== range.end - range.start + 1) {
        response.Body.destroy();
        throw translate(new Error(`GetObject answered ${response.ContentLength} bytes for a range of ${range.end - range.start + 1}`), 'GetObject');
      }
      return response.Body;
    } catch (error) {
      throw isMissing(error) ? notFound('File') : error;
    }
  }

  const engine = options.endpoint
    ? `S3-compatible store: bucket ${bucket} at ${new URL(options.endpoint).host}`
    : `Amazon S3: bucket ${bucket} (${options.region})`;

  return {
    client,
    bucket,
    engine,

    async write(key, source) {
      const partialKey = `${PARTIAL_PREFIX}${key}.${crypto.randomBytes(6).toString('hex')}`;
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // lib-storage sends its requests without a signal: abort() settles done() at once, but a
      // PutObject or UploadPart in flight would go on, with the SDK's retries, after we answered,
      // and could put an object under partial/ after remove() below. Every request of this upload
      // carries its controller's signal instead; AbortMultipartUpload, sent once the upload has
      // failed, has a deadline of its own.
      const requests = new AbortController();
      const uploadClient = {
        config: client.config,
        send: (command: Parameters<S3Client['send']>[0], options?: { abortSignal?: AbortSignal }) =>
          command instanceof AbortMultipartUploadCommand
            ? send('AbortMultipartUpload', (abortSignal) => client.send(command, { ...options, abortSignal }))
            : client.send(command, { ...options, abortSignal: requests.signal }),
      } as unknown as S3Client;
      const upload = new Upload({
        client: uploadClient,
        abortController: requests,
        params: { Bucket: bucket, Key: partialKey, Body: counted },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        // On any failure lib-storage sends AbortMultipartUpload, so no parts are left behind.
        leavePartsOnError: false,
      });
      // The client's pace is the client's; once all of it has arrived, the store has `timeoutMs` to take it.
      let timedOut = false;
      let deadline: NodeJS.Timeout | undefined;
      source.once('end', () => {
        deadline = setTimeout(() => {
          timedOut = true;
          void upload.abort().catch(() => {});
        }, timeoutMs);
      });
      // When the incoming stream fails (a client gone, a size limit), the pipeline fails `counted`
      // with its error; lib-storage's reader then fails, and done() aborts the multipart upload
      // (AbortMultipartUpload) before it rejects. (upload.abort() would reject done() at once and
      // abort in the background.)
      const feeding = pipeline(source, counted);
      try {
        const [, uploaded] = await Promise.allSettled([feeding, upload.done()]);
        await feeding;
        if (uploaded.status === 'rejected') throw translate(uploaded.reason, 'Upload', timedOut);
      } catch (error) {
        // A single-request upload that failed has nothing to abort; one that the store did take
        // before the source failed is removed here.
        await remove(partialKey).catch(() => {});
        throw error;
      } finally {
        clearTimeout(deadline);
      }
      return {
        size,
        async commit(finalKey?: string) {
          const destination = finalKey ?? key;
          try {
            await send('CopyObject', (abortSignal) =>
              client.send(
                new CopyObjectCommand({ Bucket: bucket, Key: destination, CopySource: `${bucket}/${encodeURI(partialKey)}` }),
                { abortSignal },
              ),
            );
          } finally {
            await remove(partialKey).catch(() => {});
          }
        },
        async discard() {
          // The caller is answering the artist about the upload itself (too large, not audio): a
          // store that fails here is logged, and the bucket's lifecycle rule expires partial/.
          await remove(partialKey).catch(() => {});
        },
      };
    },

    async size(key) {
      try {
        const answer = await head(key);
        // Every S3 HEAD answer for an object carries both; one without them is not S3's.
        if (answer.ContentLength === undefined || !answer.ETag) throw translate(new Error('HeadObject answered without an object'), 'HeadObject');
        return answer.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    read(key, range) {
      // Callers get a stream at once (as from disk); the store's answer, or its failure, flows into it.
      const out = new PassThrough();
      open(key, range).then(
        (body) => pipeline(body, out).catch(() => {}),
        (error: unknown) => out.destroy(error as Error),
      );
      return out;
    },

    async withLocalPath(key, fn) {
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'mo-s3-'));
      try {
        const file = path.join(dir, path.basename(key));
        await pipeline(await open(key), fs.createWriteStream(file, { mode: 0o600 }));
        return await fn(file);
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },

    async delete(key) {
      await remove(key);
    },

    async removeStalePartials(olderThanMs) {
      const before = Date.now() - olderThanMs;
      let removed = 0;
      // Objects a crash left between the upload and commit()'s copy.
      let token: string | undefined;
      do {
        const page = await send('ListObjectsV2', (abortSignal) =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PARTIAL_PREFIX, ContinuationToken: token }), { abortSignal }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(PARTIAL_PREFIX) || !object.LastModified || object.LastModified.getTime() > before) continue;
          await remove(object.Key);
          removed++;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Multipart uploads a crash left unfinished (their parts are stored, and billed, until aborted).
      // Not every S3-compatible store lists them: then the bucket's lifecycle rule is the net (logged).
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      try {
        do {
          const page = await send('ListMultipartUploads', (abortSignal) =>
            client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: PARTIAL_PREFIX, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }), { abortSignal }),
          );
          for (const upload of page.Uploads ?? []) {
            // Dated from its start, not its last part: a slow upload may run long, so a day at least.
            if (!upload.Key?.startsWith(PARTIAL_PREFIX) || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() > Math.min(before, Date.now() - MULTIPART_STALE_MS)) continue;
            await send('AbortMultipartUpload', (abortSignal) => client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }), { abortSignal }));
            removed++;
          }
          keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (keyMarker);
      } catch {
        // translate() has logged what the store said.
      }
      return removed;
    },

    /** Writes and removes a small object: proves the bucket exists and these credentials may write to it. */
    async check() {
      const probe = `${PARTIAL_PREFIX}check-${crypto.randomBytes(6).toString('hex')}`;
      await send('PutObject', (abortSignal) => client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: 'ok' }), { abortSignal }));
      await remove(probe);
    },
  };
}
