import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@members-only/shared';
import { marketingFileName, marketingPlanSchema, marketingPlanSummarySchema, marketingRequestSchema, updateMarketingCalendarSchema } from '@members-only/shared/marketing';
import type { MarketingService } from '../../services/marketing.service';
import { presentMarketingPlan, presentMarketingPlanSummary } from '../../presenters/marketing.presenter';
import { requireActor } from '../../plugins/authorization';
import { z } from 'zod';
import { fileBody, responses } from '../../plugins/responses';

export const marketingRoutes: FastifyPluginAsyncZod<{ marketing: MarketingService }> = async (app, { marketing }) => {
  // Spec §7: POST /api/marketing answers the plan; it is saved to the marketing conversation and counts against the quota.
  app.post('/api/marketing', { config: { access: 'user', limit: 'generate', quota: 'marketing' }, schema: { body: marketingRequestSchema, response: responses({ 201: marketingPlanSchema }) } }, async (request, reply) => {
    const actor = requireActor(request);
    // No client signal: once accepted the plan is written and saved even if the client leaves (ADR 031).
    const plan = await marketing.create(actor, request.body);
    // `response` too: the spec's answer to `{ prompt }` is `{ response }`, the plan as Markdown.
    return reply.status(201).send({ ...presentMarketingPlan(plan), response: plan.markdown });
  });

  app.get('/api/conversations/:id/marketing-plans', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: z.array(marketingPlanSummarySchema) }) } }, async (request) => {
    return (await marketing.list(requireActor(request), request.params.id)).map(presentMarketingPlanSummary);
  });

  app.get('/api/marketing-plans/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: marketingPlanSchema }) } }, async (request) => {
    return presentMarketingPlan(await marketing.get(requireActor(request), request.params.id));
  });

  app.put(
    '/api/marketing-plans/:id/calendar',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: updateMarketingCalendarSchema, response: responses({ 200: marketingPlanSchema }) } },
    async (request) => presentMarketingPlan(await marketing.updateCalendar(requireActor(request), request.params.id, request.body)),
  );

  app.get('/api/marketing-plans/:id/calendar.ics', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const plan = await marketing.get(requireActor(request), request.params.id);
    const { marketingCalendarIcs } = await import('../../presenters/marketing-calendar');
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${marketingFileName(plan.title, 'ics')}"`)
      .send(marketingCalendarIcs(plan, request.hostname.replace(/:\d+$/, '') || 'members-only'));
  });
};
