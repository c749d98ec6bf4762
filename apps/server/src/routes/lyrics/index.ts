import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyzeLyricsSchema,
  createLyricSnippetSchema,
  idParamSchema,
  lyricFeedbackSchema,
  lyricPhrasesSchema,
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

  // Only model generations spend the lyrics quota: the built-in engine's targets and feedback are
  // analysis, free like /analyze (opening or pasting a lyric fetches both).
  const spendIfModel = <T>(actor: ReturnType<typeof requireActor>, work: () => Promise<T>, clientGone: AbortSignal): Promise<T> =>
    lyrics.isModel ? quotas.spend(actor, 'lyrics', work, clientGone) : work();

  app.post('/api/lyrics/suggestions', { config: { access: 'user' }, schema: { body: lyricSuggestionsSchema } }, async (request, reply) => {
    const clientGone = clientAbortSignal(reply);
    return spendIfModel(requireActor(request), () => lyrics.suggest(request.body.text, clientGone), clientGone);
  });

  app.post('/api/lyrics/feedback', { config: { access: 'user' }, schema: { body: lyricFeedbackSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const builtIn = request.body.builtIn === true;
    const clientGone = clientAbortSignal(reply);
    const work = () => lyrics.feedback(request.body.text, clientGone, { builtIn });
    return presentFeedback(await (builtIn ? work() : spendIfModel(actor, work, clientGone)));
  });

  app.post('/api/lyrics/phrases', { config: { access: 'user' }, schema: { body: lyricPhrasesSchema } }, async (request) => {
    return lyrics.phrases(request.body.text);
  });

  app.get('/api/lyrics/rhymes', { config: { access: 'user' }, schema: { querystring: rhymeIdeasQuerySchema } }, async (request) => {
    return lyrics.rhymes(request.query.word, request.query.syllables);
  });
};
