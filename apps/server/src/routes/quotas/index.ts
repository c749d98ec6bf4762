import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QuotaService } from '../../services/quota.service';
import { requireActor } from '../../plugins/authorization';
import { quotasResponseSchema } from '@members-only/shared';
import { responses } from '../../plugins/responses';

export const quotaRoutes: FastifyPluginAsyncZod<{ quotas: QuotaService }> = async (app, { quotas }) => {
  /** The caller's plan and what is left of each daily quota (amendment A7). */
  app.get('/api/quotas', { config: { access: 'user' }, schema: { response: responses({ 200: quotasResponseSchema }) } }, async (request) => quotas.status(requireActor(request)));
};
