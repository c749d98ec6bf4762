import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authorizationPlugin } from '../src/plugins/authorization';
import { createSessionCache } from '../src/plugins/session-cache';
import { responses, routeContractGaps } from '../src/plugins/responses';
import type { AuthService } from '../src/services/auth.service';
import { createTestApp, type TestApp } from './helpers';

/**
 * The route is the whole contract (ADR 038): every route the app registers declares its response
 * schemas (a success status and the shared error statuses), and every generating route declares
 * the quota it spends. Read from the app's own route table, so a new route is checked too.
 */
describe('the route contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('every route declares its responses, and every generating route its quota', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(80);
    expect(routeContractGaps(t.app.routeTable)).toEqual([]);
  });

  it('the generating routes are the ones that spend a quota or say they are free', () => {
    const generating = t.app.routeTable.filter((r) => r.limit === 'generate').map((r) => `${r.method} ${r.url}`);
    expect(generating).toEqual(
      expect.arrayContaining([
        'POST /api/conversations/:id/messages',
        'POST /api/conversations/:id/messages/stream',
        'POST /api/conversations/:id/regenerate',
        'POST /api/ai/text',
        'POST /api/coverarts',
        'POST /api/marketing',
        'POST /api/review',
        'POST /api/studio/generate',
        'POST /api/studio/music/:id/variation',
        'POST /api/studio/music/:id/extend',
      ]),
    );
    const quotaOf = (method: string, url: string) => t.app.routeTable.find((r) => r.method === method && r.url === url)?.quota;
    expect(quotaOf('POST', '/api/studio/music/:id/extend')).toBe('beat');
    expect(quotaOf('POST', '/api/coverarts/concept')).toBe(false);
    expect(typeof quotaOf('POST', '/api/ai/text')).toBe('function');
    // Sign-in and registration count against the stricter per-address limit.
    expect(t.app.routeTable.filter((r) => r.limit === 'auth').map((r) => r.url).sort()).toEqual(['/api/login', '/api/register']);
  });

  it('the check bites: a route table with a gap is reported, route by route', async () => {
    // A tiny app with the real authorization plugin (which builds the route table) and three routes.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const auth = { liveSession: async () => undefined } as unknown as AuthService;
    await app.register(authorizationPlugin, { auth, sessionCache: createSessionCache() });
    app.get('/declared', { config: { access: 'public' }, schema: { response: responses({ 200: z.object({ ok: z.boolean() }) }) } }, async () => ({ ok: true, secret: 'not in the schema' }));
    app.get('/undeclared', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.post('/no-errors', { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.post('/generates', { config: { access: 'public', limit: 'generate' }, schema: { response: responses({ 200: z.object({ ok: z.boolean() }) }) } }, async () => ({ ok: true }));
    await app.ready();
    try {
      expect(routeContractGaps(app.routeTable)).toEqual([
        'GET /undeclared: no response schemas',
        'HEAD /undeclared: no response schemas',
        'POST /no-errors: no 4xx response schema',
        'POST /no-errors: no 5xx response schema',
        'POST /generates: a generating route without a quota',
      ]);
      // The declared route is serialised through its schema: what the schema does not name is not sent.
      expect((await app.inject({ url: '/declared' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('removing one declaration from the real table fails the check', () => {
    const [first, ...rest] = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const chat = t.app.routeTable.find((r) => r.url === '/api/conversations/:id/messages' && r.method === 'POST')!;
    expect(routeContractGaps([{ ...first!, schema: { ...first!.schema, response: undefined } }, ...rest])).toEqual([`${first!.method} ${first!.url}: no response schemas`]);
    expect(routeContractGaps([{ ...chat, quota: undefined }])).toEqual(['POST /api/conversations/:id/messages: a generating route without a quota']);
  });
});
