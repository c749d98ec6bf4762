import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTrackReviewSchema, reviewRequestSchema, reviewResponseSchema, trackReviewIdParamsSchema, trackReviewListSchema, trackReviewSchema } from '@members-only/shared';
import type { ReviewService } from '../../services/review.service';
import { presentTrackReview } from '../../presenters/review.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { responses } from '../../plugins/responses';

/** Song Review (spec §7): generate a review from a track's lyrics and audio facts, save it for the track, list saved ones. */
export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (app, { reviews }) => {
  app.post('/api/review', { config: { access: 'user', limit: 'generate', quota: 'review' }, schema: { body: reviewRequestSchema, response: responses({ 200: reviewResponseSchema }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const clientGone = clientAbortSignal(reply);
    return reviews.review(actor, request.body, clientGone);
  });

  app.get('/api/tracks/:id/reviews', { config: { access: 'user' }, schema: { params: trackReviewIdParamsSchema, response: responses({ 200: trackReviewListSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return (await reviews.list(actor, request.params.id)).map(presentTrackReview);
  });

  app.post(
    '/api/tracks/:id/reviews',
    { config: { access: 'user' }, schema: { params: trackReviewIdParamsSchema, body: createTrackReviewSchema, response: responses({ 201: trackReviewSchema }) } },
    async (request, reply) => {
      const actor = requireActor(request);
      return reply.status(201).send(presentTrackReview(await reviews.save(actor, request.params.id, request.body)));
    },
  );
};
