import type { FastifyPluginAsync } from 'fastify';
import type { DiskSpace } from '../services/disk-space.service';
import { pingDatabase, type Db } from '../db/index';
import type { FileStorage } from '../providers/storage/index';
import { healthSchema, notReadySchema, readySchema } from '@members-only/shared';
import { responses } from '../plugins/responses';

const CHECK_TIMEOUT_MS = 3_000;

/** Rejects when `promise` has not settled within `ms`, so a hung dependency answers "not ready". */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Health checks for orchestrators and load balancers (ADR 022), public and never rate limited:
 * - `/api/health` (liveness): the process answers; it touches nothing else, so a database outage
 *   does not get every app process restarted;
 * - `/api/ready` (readiness): the database answers, file storage can be written and the data
 *   folder's disk has at least `minFreeDiskMb` free; 503 with `{ message }` otherwise, so traffic
 *   goes to the processes that can serve it.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db; storage: FileStorage; disk: DiskSpace }> = async (app, { db, storage, disk }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: responses({ 200: healthSchema }) } }, async () => {
    return { status: 'ok' };
  });

  app.get('/api/ready', { config: { access: 'public' }, schema: { response: { ...responses({ 200: readySchema }), 503: notReadySchema } } }, async (request, reply) => {
    const [database, files] = await Promise.allSettled([within(pingDatabase(db), CHECK_TIMEOUT_MS), within(storage.check(), CHECK_TIMEOUT_MS)]);
    if (database.status === 'rejected') {
      request.log.warn({ err: database.reason as Error }, 'readiness: database not reachable');
      return reply.status(503).send({ message: 'The database is not reachable.', status: 'unavailable' });
    }
    if (files.status === 'rejected') {
      request.log.warn({ err: files.reason as Error }, 'readiness: file storage not reachable');
      return reply.status(503).send({ message: 'File storage is not reachable.', status: 'unavailable' });
    }
    const freeMb = await disk.shortOfRoom();
    if (freeMb !== undefined) {
      request.log.warn({ freeMb, minFreeDiskMb: disk.minFreeMb }, 'readiness: the data folder is nearly full');
      return reply.status(503).send({ message: `The data folder's disk is nearly full: ${freeMb} MB free, ${disk.minFreeMb} MB needed.`, status: 'unavailable' });
    }
    return { status: 'ready', database: db.dialect };
  });
};
