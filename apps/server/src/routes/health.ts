import type { FastifyPluginAsync } from 'fastify';
import { healthSchema, notReadySchema, readySchema } from '@members-only/shared';
import type { ReadinessService } from '../services/readiness.service';
import { responses } from '../plugins/responses';

/**
 * Health checks for orchestrators and load balancers (ADR 022), public and never rate limited:
 * - `/api/health` (liveness): the process answers; it touches nothing else, so a database outage
 *   does not get every app process restarted;
 * - `/api/ready` (readiness): the database answers, file storage can be written and the data
 *   folder's disk has at least `minFreeDiskMb` free (services/readiness.service.ts); 503 with
 *   `{ message }` otherwise, so traffic goes to the processes that can serve it.
 */
export const healthRoutes: FastifyPluginAsync<{ readiness: ReadinessService }> = async (app, { readiness }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: responses({ 200: healthSchema }) } }, async () => {
    return { status: 'ok' };
  });

  app.get('/api/ready', { config: { access: 'public' }, schema: { response: { ...responses({ 200: readySchema }), 503: notReadySchema } } }, async (request, reply) => {
    const state = await readiness.check();
    if (state.ready) return { status: 'ready', database: state.database };
    request.log.warn(state.details, state.reason);
    return reply.status(503).send({ message: state.message, status: 'unavailable' });
  });
};
