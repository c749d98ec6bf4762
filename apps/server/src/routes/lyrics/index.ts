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
import { presentLyricSnippet } from '../../presenters/lyric.presenter';
import { requireUser } from '../../plugins/session';
import { clientAbortSignal } from '../../plugins/client-abort';


export const lyricsRoutes: FastifyPluginAsyncZod<{ lyrics: LyricsService }> = async (app, { lyrics }) => {
  // Every lyrics endpoint needs sign-in; checked before the body, so anonymous callers get 401, not 400.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get('/api/conversations/:id/lyrics', { schema: { params: idParamSchema } }, async (request) => {
    const user = requireUser(request);
    return (await lyrics.listSnippets(user.id, request.params.id)).map(presentLyricSnippet);
  });

  app.post(
    '/api/conversations/:id/lyrics',
    { schema: { params: idParamSchema, body: createLyricSnippetSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await lyrics.addSnippet(user.id, request.params.id, request.body);
      return reply.status(201).send(presentLyricSnippet(row));
    },
  );

  app.delete('/api/lyrics/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    const user = requireUser(request);
    await lyrics.removeSnippet(user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/lyrics/analyze', { schema: { body: analyzeLyricsSchema } }, async (request) => {
    return lyrics.analyze(request.body.text);
  });

  app.post('/api/lyrics/suggestions', { schema: { body: lyricSuggestionsSchema } }, async (request, reply) => {
    return lyrics.suggest(request.body.text, clientAbortSignal(reply));
  });

  app.post('/api/lyrics/feedback', { schema: { body: lyricFeedbackSchema } }, async (request, reply) => {
    return lyrics.feedback(request.body.text, clientAbortSignal(reply));
  });

  app.get('/api/lyrics/rhymes', { schema: { querystring: rhymeIdeasQuerySchema } }, async (request) => {
    return lyrics.rhymes(request.query.word, request.query.syllables);
  });
};
