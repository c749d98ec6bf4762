import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { billingPortalSchema, checkoutResponseSchema, createCheckoutSchema, membershipOfferSchema, webhookReceiptSchema } from '@members-only/shared/membership';
import type { MembershipService } from '../../services/membership.service';
import { actorOf } from '../../policies/index';
import { requireActor } from '../../plugins/authorization';
import { responses } from '../../plugins/responses';

/** This app's own address, for the payment provider's redirects (behind a proxy, TRUST_PROXY makes it the public one). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const membershipRoutes: FastifyPluginAsyncZod<{ membership: MembershipService }> = async (app, { membership }) => {
  // The offer as configured (content, price, real seats) and, when signed in, the caller's own membership.
  app.get('/api/membership', { config: { access: 'anonymous' }, schema: { response: responses({ 200: membershipOfferSchema }) } }, async (request) => membership.offer(request.user?.id ?? null));

  // Spec §7: { clientSecret } for the invitation page's embedded form, { url } for the hosted pages.
  app.post(
    '/api/create-vip-checkout',
    { config: { access: 'anonymous' }, schema: { body: createCheckoutSchema.nullish(), response: responses({ 200: checkoutResponseSchema }) } },
    async (request) => membership.createCheckout(request.user ? actorOf(request.user) : null, request.body?.mode ?? 'embedded', originOf(request)),
  );

  app.post('/api/membership/cancel', { config: { access: 'user' }, schema: { response: responses({ 200: membershipOfferSchema.shape.mine }) } }, async (request) => membership.cancel(requireActor(request)));

  app.post('/api/membership/billing-portal', { config: { access: 'user' }, schema: { response: responses({ 200: billingPortalSchema }) } }, async (request) => membership.billingPortal(requireActor(request), originOf(request)));

  // The provider's events: the signature is checked on the exact bytes sent, so this route keeps its body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', { config: { access: 'public' }, schema: { response: responses({ 200: webhookReceiptSchema }) } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return membership.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
    });
  });
};
