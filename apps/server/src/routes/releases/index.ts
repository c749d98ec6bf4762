import zlib from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { songIdParamsSchema } from '@members-only/shared/songs';
import { RELEASE, releaseGoParamsSchema, releaseSchema, releaseSlugParamsSchema, releaseStatsSchema, updateReleaseSchema } from '@members-only/shared/releases';
import type { ReleasePageService } from '../../services/release.service';
import type { ReleaseMedia } from '../../services/release-media';
import { requireActor } from '../../plugins/authorization';
import { fileBody, responses } from '../../plugins/responses';
import { presentRelease, signupsCsv } from '../../presenters/release.presenter';
import { presentReleasePage, RELEASE_PAGE_CSP } from '../../presenters/release-page.presenter';
import { AppError } from '../../errors';

const today = () => new Date().toISOString().slice(0, 10);
const signupBodySchema = z.object({ email: z.string().max(1_000).optional(), consent: z.string().max(20).optional() });
const signupQuerySchema = z.object({ signed: z.literal('1').optional() });

/**
 * Release pages (issue 30, ADR 050): the artist's settings, stats and sign-ups under
 * /api/songs/:id/release, and the public page with its files under /r/:slug.
 */
export const releaseRoutes: FastifyPluginAsyncZod<{ releases: ReleasePageService; media: ReleaseMedia; publicOrigin?: string }> = async (app, { releases, media, publicOrigin }) => {
  const originOf = (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`;
  // The page's sign-up form posts as a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/api/songs/:id/release', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: releaseSchema }) } }, async (request) => {
    return presentRelease(await releases.get(requireActor(request), request.params.id), originOf(request));
  });

  app.put('/api/songs/:id/release', { config: { access: 'user' }, schema: { params: songIdParamsSchema, body: updateReleaseSchema, response: responses({ 200: releaseSchema }) } }, async (request) => {
    return presentRelease(await releases.save(requireActor(request), request.params.id, request.body), originOf(request));
  });

  app.get('/api/songs/:id/release/stats', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: releaseStatsSchema }) } }, async (request) => {
    return releases.stats(requireActor(request), request.params.id);
  });

  app.get('/api/songs/:id/release/signups.csv', { config: { access: 'user' }, schema: { params: songIdParamsSchema, response: responses({ 200: fileBody }) } }, async (request, reply) => {
    const { rows } = await releases.signups(requireActor(request), request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="release-signups-${request.params.id}.csv"`).send(signupsCsv(rows));
  });

  const pub = { access: 'public' as const, limit: 'page' as const };
  const file = responses({ 200: fileBody });
  const pageUrl = (request: FastifyRequest, slug: string) => `${originOf(request)}/r/${slug}`;
  // The page is made per request (never cached, so unpublishing is immediate); it is compressed
  // here for a phone on a slow link, brotli when the browser takes it, else gzip.
  const sendPage = (request: FastifyRequest, reply: import('fastify').FastifyReply, html: string, status = 200) => {
    reply.status(status).type('text/html; charset=utf-8').header('content-security-policy', RELEASE_PAGE_CSP).header('cache-control', 'no-store').header('vary', 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
    return reply.send(html);
  };

  app.get('/r/:slug', { config: pub, schema: { params: releaseSlugParamsSchema, querystring: signupQuerySchema, response: file } }, async (request, reply) => {
    const release = await releases.page(request.params.slug, request.headers['user-agent']);
    const html = presentReleasePage(release, { url: pageUrl(request, release.slug), origin: originOf(request), today: today(), signup: request.query.signed ? { done: true } : undefined });
    return sendPage(request, reply, html);
  });

  app.post('/r/:slug/signup', { config: pub, schema: { params: releaseSlugParamsSchema, body: signupBodySchema, response: responses({ 303: z.undefined(), 200: fileBody }) } }, async (request, reply) => {
    try {
      await releases.signup(request.params.slug, request.body);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      // The page again with the message by the form and what was typed kept.
      const release = await releases.page(request.params.slug, undefined, { count: false });
      const html = presentReleasePage(release, { url: pageUrl(request, release.slug), origin: originOf(request), today: today(), signup: { error: error.message, email: request.body.email?.slice(0, RELEASE.emailMax) } });
      return sendPage(request, reply, html, 400);
    }
    return reply.redirect(`/r/${encodeURIComponent(request.params.slug)}?signed=1#email`, 303);
  });

  app.get('/r/:slug/go/:service', { config: pub, schema: { params: releaseGoParamsSchema, response: responses({ 302: z.undefined() }) } }, async (request, reply) => {
    const url = await releases.go(request.params.slug, request.params.service, request.headers['user-agent']);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
  });

  const publicFile = (suffix: string, type: string, make: (release: Awaited<ReturnType<ReleasePageService['page']>>, request: FastifyRequest) => Promise<Buffer | string>, disposition?: (slug: string) => string) =>
    app.get(`/r/:slug/${suffix}`, { config: pub, schema: { params: releaseSlugParamsSchema, response: file } }, async (request, reply) => {
      const release = await releases.page(request.params.slug, undefined, { count: false });
      const body = await make(release, request);
      reply.type(type).header('cache-control', 'no-cache');
      if (disposition) reply.header('content-disposition', disposition(release.slug));
      return reply.send(body);
    });

  publicFile('cover.webp', 'image/webp', (release) => media.cover(release));
  publicFile('og.png', 'image/png', (release) => media.ogImage(release));
  publicFile('preview.mp3', 'audio/mpeg', (release) => media.preview(release));
  publicFile('qr.svg', 'image/svg+xml', (release, request) => media.qrSvg(pageUrl(request, release.slug)));
  publicFile('remind.ics', 'text/calendar; charset=utf-8', async (release, request) => media.ics(release, pageUrl(request, release.slug)), (slug) => `attachment; filename="${slug}.ics"`);
  publicFile(
    'flyer.pdf',
    'application/pdf',
    async (release, request) =>
      // pdf-lib and its font code (some 2.5 MB of JavaScript) are read on the first flyer, not at start-up (ADR 059).
      (await import('../../services/release-flyer')).releaseFlyer({
        title: release.title,
        artist: release.artist,
        releaseLine: release.releaseDate ? `Out ${new Date(`${release.releaseDate}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })}` : '',
        url: pageUrl(request, release.slug),
        coverJpeg: release.coverId !== null ? await media.coverJpeg(release) : null,
      }),
    (slug) => `inline; filename="${slug}-flyer.pdf"`,
  );
};
