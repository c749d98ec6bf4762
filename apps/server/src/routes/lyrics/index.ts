import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyzeLyricsSchema,
  createLyricSnippetSchema,
  idParamSchema,
  lyricFeedbackSchema,
  lyricPhrasesSchema,
  lyricSuggestionsSchema,
  rhymeIdeasQuerySchema,
  type QuotaKind,
} from '@members-only/shared';
import type { LyricsService } from '../../services/lyrics.service';
import { presentAnalysis, presentFeedback, presentLyricSnippet } from '../../presenters/lyric.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { lyricFeedbackResultSchema, lyricsAnalysisResultSchema, lyricSnippetSchema, lyricSuggestionsResultSchema, phraseIdeasResultSchema, rhymeIdeasResultSchema } from '@members-only/shared/lyrics-responses';
import { noContent, responses } from '../../plugins/responses';


export const lyricsRoutes: FastifyPluginAsyncZod<{ lyrics: LyricsService }> = async (app, { lyrics }) => {
  app.get('/api/conversations/:id/lyrics', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: z.array(lyricSnippetSchema) }) } }, async (request) => {
    const actor = requireActor(request);
    return (await lyrics.listSnippets(actor, request.params.id)).map(presentLyricSnippet);
  });

  app.post(
    '/api/conversations/:id/lyrics',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: createLyricSnippetSchema, response: responses({ 201: lyricSnippetSchema }) } },
    async (request, reply) => {
      const actor = requireActor(request);
      const row = await lyrics.addSnippet(actor, request.params.id, request.body);
      return reply.status(201).send(presentLyricSnippet(row));
    },
  );

  app.delete('/api/lyrics/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 204: noContent }) } }, async (request, reply) => {
    const actor = requireActor(request);
    await lyrics.removeSnippet(actor, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/lyrics/analyze', { config: { access: 'user' }, schema: { body: analyzeLyricsSchema, response: responses({ 200: lyricsAnalysisResultSchema }) } }, async (request) => {
    return presentAnalysis(await lyrics.analyze(request.body.text));
  });

  // Only model generations spend the lyrics quota: the built-in engine's targets and feedback are
  // analysis, free like /analyze (opening or pasting a lyric fetches both).
  const lyricsIfModel = (): QuotaKind | undefined => (lyrics.isModel ? 'lyrics' : undefined);

  app.post('/api/lyrics/suggestions', { config: { access: 'user', limit: 'generate', quota: lyricsIfModel }, schema: { body: lyricSuggestionsSchema, response: responses({ 200: lyricSuggestionsResultSchema }) } }, async (request, reply) => {
    const clientGone = clientAbortSignal(reply);
    requireActor(request);
    return lyrics.suggest(request.body.text, clientGone);
  });

  app.post(
    '/api/lyrics/feedback',
    // The built-in engine's feedback asked for explicitly is analysis, free like /analyze.
    { config: { access: 'user', limit: 'generate', quota: (request) => ((request.body as z.infer<typeof lyricFeedbackSchema>).builtIn === true ? undefined : lyricsIfModel()) }, schema: { body: lyricFeedbackSchema, response: responses({ 200: lyricFeedbackResultSchema }) } }, async (request, reply) => {
    requireActor(request);
    const clientGone = clientAbortSignal(reply);
    return presentFeedback(await lyrics.feedback(request.body.text, clientGone, { builtIn: request.body.builtIn === true }));
  });

  app.post('/api/lyrics/phrases', { config: { access: 'user' }, schema: { body: lyricPhrasesSchema, response: responses({ 200: phraseIdeasResultSchema }) } }, async (request) => {
    return lyrics.phrases(request.body.text);
  });

  app.get('/api/lyrics/rhymes', { config: { access: 'user' }, schema: { querystring: rhymeIdeasQuerySchema, response: responses({ 200: rhymeIdeasResultSchema }) } }, async (request) => {
    return lyrics.rhymes(request.query.word, request.query.syllables);
  });
};
