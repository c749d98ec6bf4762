import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyzeLyricsSchema,
  createLyricSnippetSchema,
  idParamSchema,
  lyricFeedbackSchema,
  lyricSuggestionsSchema,
  rhymeIdeasQuerySchema,
} from '@members-only/shared';
import type { LyricsService } from '../../services/lyrics.service';
import type { QuotaService } from '../../services/quota.service';
import { presentAnalysis, presentFeedback, presentLyricSnippet } from '../../presenters/lyric.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';


export const lyricsRoutes: FastifyPluginAsyncZod<{ lyrics: LyricsService; quotas: QuotaService }> = async (app, { lyrics, quotas }) => {
  app.get('/api/conversations/:id/lyrics', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request) => {
    const actor = requireActor(request);
    return (await lyrics.listSnippets(actor, request.params.id)).map(presentLyricSnippet);
  });

  app.post(
    '/api/conversations/:id/lyrics',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: createLyricSnippetSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const row = await lyrics.addSnippet(actor, request.params.id, request.body);
      return reply.status(201).send(presentLyricSnippet(row));
    },
  );

  app.delete('/api/lyrics/:id', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    await lyrics.removeSnippet(actor, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/lyrics/analyze', { config: { access: 'user' }, schema: { body: analyzeLyricsSchema } }, async (request) => {
    return presentAnalysis(await lyrics.analyze(request.body.text));
  });

  app.post('/api/lyrics/suggestions', { config: { access: 'user' }, schema: { body: lyricSuggestionsSchema } }, async (request, reply) => {
    const clientGone = clientAbortSignal(reply);
    return quotas.spend(requireActor(request), 'lyrics', () => lyrics.suggest(request.body.text, clientGone), clientGone);
  });

  app.post('/api/lyrics/feedback', { config: { access: 'user' }, schema: { body: lyricFeedbackSchema } }, async (request, reply) => {
    const clientGone = clientAbortSignal(reply);
    return presentFeedback(await quotas.spend(requireActor(request), 'lyrics', () => lyrics.feedback(request.body.text, clientGone), clientGone));
  });

  app.get('/api/lyrics/rhymes', { config: { access: 'user' }, schema: { querystring: rhymeIdeasQuerySchema } }, async (request) => {
    return lyrics.rhymes(request.query.word, request.query.syllables);
  });
};
