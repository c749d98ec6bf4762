import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QuotaService } from '../../services/quota.service';
import { requireActor } from '../../plugins/authorization';

export const quotaRoutes: FastifyPluginAsyncZod<{ quotas: QuotaService }> = async (app, { quotas }) => {
  /** The caller's plan and what is left of each daily quota (amendment A7). */
  app.get('/api/quotas', { config: { access: 'user' } }, async (request) => quotas.status(requireActor(request)));
};
