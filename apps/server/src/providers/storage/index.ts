import path from 'node:path';
import type { Env } from '../../env';
import { createUpstreamLog } from '../text/upstream-log';
import { createLocalDiskStorage } from './local-disk';
import { PassThrough, pipeline } from 'node:stream';
import type { FileStorage } from './types';

/** The settings that pick and reach the store; all but DATA_DIR are optional (local disk). */
export type StorageSettings = { dataDir: string } & Partial<
  Pick<
    Env,
    | 'STORAGE'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_TIMEOUT_SECONDS'
    | 'LOG_LEVEL'
  >
>;

/**
 * The one place that picks where files live: the local disk under DATA_DIR/uploads (one machine),
 * or an S3-compatible bucket with STORAGE=s3 (several app and worker processes; ADR 021).
 */
export function createFileStorage(settings: StorageSettings): FileStorage {
  if (settings.STORAGE === 's3') {
    if (!settings.S3_BUCKET || !settings.S3_REGION) throw new Error('STORAGE=s3 needs S3_BUCKET and S3_REGION (checked in env.ts)');
    const options = {
      bucket: settings.S3_BUCKET,
      endpoint: settings.S3_ENDPOINT,
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? Boolean(settings.S3_ENDPOINT),
      timeoutMs: (settings.S3_TIMEOUT_SECONDS ?? 30) * 1000,
      log: createUpstreamLog(settings.LOG_LEVEL, 'storage'),
    };
    const engine = options.endpoint ? `S3-compatible store: bucket ${options.bucket} at ${new URL(options.endpoint).host}` : `Amazon S3: bucket ${options.bucket} (${options.region})`;
    return loadedOnFirstUse(engine, () => import('./s3').then((m) => m.createS3Storage(options)));
  }
  return createLocalDiskStorage(path.join(settings.dataDir, 'uploads'));
}

/**
 * A store whose code loads on its first use: the AWS SDK is a large bundle that a local-disk
 * installation never needs, and that would cost every start-up its parse time and memory.
 */
function loadedOnFirstUse(engine: string, load: () => Promise<FileStorage>): FileStorage {
  let loading: Promise<FileStorage> | undefined;
  const store = () => (loading ??= load());
  return {
    engine,
    write: async (key, source) => (await store()).write(key, source),
    size: async (key) => (await store()).size(key),
    read(key, range) {
      const out = new PassThrough();
      store().then(
        (s) => pipeline(s.read(key, range), out, () => {}),
        (error: unknown) => out.destroy(error as Error),
      );
      return out;
    },
    withLocalPath: async (key, fn) => (await store()).withLocalPath(key, fn),
    delete: async (key) => (await store()).delete(key),
    check: async () => (await store()).check(),
    removeStalePartials: async (olderThanMs) => (await store()).removeStalePartials(olderThanMs),
  };
}
export type { FileStorage } from './types';
