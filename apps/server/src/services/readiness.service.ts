import type { FileStorage } from '../providers/storage/types';
import type { DiskSpace } from './disk-space.service';

const CHECK_TIMEOUT_MS = 3_000;

/** Rejects when `promise` has not settled within `ms`, so a hung dependency answers "not ready". */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Readiness =
  | { ready: true; database: 'sqlite' | 'postgres' }
  /** What the operator's log says (`reason`, with `details`), and the message the 503 answers. */
  | { ready: false; message: string; reason: string; details: Record<string, unknown> };

/**
 * Readiness (ADR 022): the database answers, file storage can be written and the data folder's
 * disk has at least `minFreeMb` free. Each check gives up after 3 s, so a hung dependency reads
 * as not ready rather than holding the probe.
 */
export function createReadinessService(deps: {
  dialect: 'sqlite' | 'postgres';
  pingDatabase: () => Promise<void>;
  storage: Pick<FileStorage, 'check'>;
  disk: Pick<DiskSpace, 'shortOfRoom' | 'minFreeMb'>;
}) {
  const { dialect, pingDatabase, storage, disk } = deps;
  return {
    async check(): Promise<Readiness> {
      const [database, files] = await Promise.allSettled([within(pingDatabase(), CHECK_TIMEOUT_MS), within(storage.check(), CHECK_TIMEOUT_MS)]);
      if (database.status === 'rejected') {
        return { ready: false, message: 'The database is not reachable.', reason: 'readiness: database not reachable', details: { err: database.reason as Error } };
      }
      if (files.status === 'rejected') {
        return { ready: false, message: 'File storage is not reachable.', reason: 'readiness: file storage not reachable', details: { err: files.reason as Error } };
      }
      const freeMb = await disk.shortOfRoom();
      if (freeMb !== undefined) {
        return {
          ready: false,
          message: `The data folder's disk is nearly full: ${freeMb} MB free, ${disk.minFreeMb} MB needed.`,
          reason: 'readiness: the data folder is nearly full',
          details: { freeMb, minFreeDiskMb: disk.minFreeMb },
        };
      }
      return { ready: true, database: dialect };
    },
  };
}
export type ReadinessService = ReturnType<typeof createReadinessService>;
