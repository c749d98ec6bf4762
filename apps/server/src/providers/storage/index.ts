import path from 'node:path';
import type { Env } from '../../env';
import { createUpstreamLog } from '../text/upstream-log';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
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
    return createS3Storage({
      bucket: settings.S3_BUCKET,
      endpoint: settings.S3_ENDPOINT,
      region: settings.S3_REGION,
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? Boolean(settings.S3_ENDPOINT),
      timeoutMs: (settings.S3_TIMEOUT_SECONDS ?? 30) * 1000,
      log: createUpstreamLog(settings.LOG_LEVEL, 'storage'),
    });
  }
  return createLocalDiskStorage(path.join(settings.dataDir, 'uploads'));
}
export type { FileStorage } from './types';
