import path from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export interface StorageSettings {
  dataDir: string;
}

/**
 * The one place that picks where files live. Today: the local disk under DATA_DIR/uploads; an
 * S3-compatible adapter joins here (ROADMAP: several app processes) without touching services.
 */
export function createFileStorage(settings: StorageSettings): FileStorage {
  return createLocalDiskStorage(path.join(settings.dataDir, 'uploads'));
}
export type { FileStorage } from './types';
