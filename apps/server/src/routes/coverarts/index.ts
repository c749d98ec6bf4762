import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@members-only/shared';
import { COVER, coverArtListSchema, coverArtSchema, coverConceptRequestSchema, coverConceptSchema, coverKitQuerySchema, coverListQuerySchema, createCoverArtSchema } from '@members-only/shared/cover';
import type { CoverArtService } from '../../services/cover-art.service';
import { presentCoverArt } from '../../presenters/cover-art.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { fileBody, responses } from '../../plugins/responses';

const imageQuerySchema = z.object({
  download: z.enum(['1', 'true']).optional(),
  /** JPEG on download, for stores with a file-size limit (quality 92, well under 10 MB at 3000×3000). */
  format: z.enum(['png', 'jpg']).optional(),
});

export const coverArtRoutes: FastifyPluginAsyncZod<{ covers: CoverArtService }> = async (app, { covers }) => {
  // A concept from the track's lyrics (and audio facts): the model's, the built-in engine's, or the spec's fallback.
  // Free (quota: false): the cover it leads to spends the cover quota; the per-minute limit still applies.
  app.post('/api/coverarts/concept', { config: { access: 'user', limit: 'generate', quota: false }, schema: { body: coverConceptRequestSchema, response: responses({ 200: coverConceptSchema }) } }, async (request, reply) => {
    return covers.concept(requireActor(request), request.body, clientAbortSignal(reply));
  });

  // Spec §7: POST /api/coverarts { prompt } answers { imageUrl }: each version counts against the cover quota.
  app.post('/api/coverarts', { config: { access: 'user', limit: 'generate', quota: 'cover' }, schema: { body: createCoverArtSchema, response: responses({ 201: coverArtSchema }) } }, async (request, reply) => {
    const actor = requireActor(request);
    // No client signal: once accepted the cover is drawn and saved even if the client leaves (ADR 031).
    const cover = await covers.create(actor, request.body);
    return reply.status(201).send(presentCoverArt(cover));
  });

  app.get('/api/coverarts', { config: { access: 'user' }, schema: { querystring: coverListQuerySchema, response: responses({ 200: coverArtListSchema }) } }, async (request) => {
    return (await covers.list(requireActor(request), request.query)).map(presentCoverArt);
  });

  app.get('/api/coverarts/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: coverArtSchema }) } }, async (request) => {
    return presentCoverArt(await covers.get(requireActor(request), request.params.id));
  });

  // The image itself: its owner and admins only; anyone else gets a 404.
  app.get('/api/coverarts/:id/image', { config: { access: 'user' }, schema: { params: idParamSchema, querystring: imageQuerySchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const image = await covers.image(requireActor(request), request.params.id, request.query.format === 'jpg' ? 'jpg' : 'png');
    reply.header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
    if (request.query.download) {
      const name = image.format === 'jpg' ? `${COVER.downloadName.replace(/\.png$/, '')}.jpg` : COVER.downloadName;
      reply.header('content-disposition', `attachment; filename="${name}"`);
    }
    return reply.type(image.format === 'jpg' ? 'image/jpeg' : 'image/png').header('content-length', String(image.bytes)).send(image.body);
  });

  // The release kit in one download: master PNG and JPEG, 1080×1080 post, 1080×1920 story, 640×640 preview.
  app.get('/api/coverarts/:id/kit', { config: { access: 'user' }, schema: { params: idParamSchema, querystring: coverKitQuerySchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const kit = await covers.releaseKit(requireActor(request), request.params.id, { releaseDate: request.query.releaseDate });
    return reply.type('application/zip').header('content-disposition', 'attachment; filename="album-cover-kit.zip"').header('cache-control', 'private, no-store').send(kit.zip);
  });
};
