import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { conversationSchema } from '@members-only/shared';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { createConversationRepository } from '../../repositories/conversation.repository';
import { presentConversation } from '../../presenters/conversation.presenter';

/**
 * `GET /api/conversations` sends JSON the database wrote (ADR 025). It must be, byte for byte,
 * what presenting the rows and JSON.stringify made of them before, on both databases.
 */
describe.each(dialects)('conversation list JSON built by %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let repo: ReturnType<typeof createConversationRepository>;

  const TITLES = [
    'Plain title',
    'She said "hi" \\ then left',
    'Tab\there, newline\nthere, bell\u0007, unit sep\u001f, delete\u007f',
    'Unicode: é ß 漢字 🎸🎤 \u2028 line sep \u2029 para sep',
    '</script><script>alert(1)</script>',
    "It's 50% off_today",
    '',
  ];

  /** What the route sent before: the rows presented, then JSON.stringify (Fastify's default). */
  const presented = async (options: { limit: number; offset: number; search?: string }) =>
    JSON.stringify((await repo.listForUser(user.user.id, options)).map(presentConversation));

  const get = (url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await registerUser(t.app);
    repo = createConversationRepository(t.db.kysely);
    for (const [i, title] of TITLES.entries()) {
      await repo.insert({ userId: user.user.id, title, category: ['chat', 'lyrics', 'review'][i % 3] });
    }
  });
  afterAll(async () => t?.close());

  it('sends an empty array for a user with no conversations', async () => {
    const other = await registerUser(t.app);
    const res = await t.app.inject({ url: '/api/conversations', headers: { cookie: other.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('[]');
  });

  it('sends exactly the presented rows, serialised as before, for pages and searches', async () => {
    const cases = [
      { url: '/api/conversations', options: { limit: 50, offset: 0 } },
      { url: '/api/conversations?limit=2&offset=1', options: { limit: 2, offset: 1 } },
      { url: '/api/conversations?limit=3&offset=6', options: { limit: 3, offset: 6 } },
      { url: '/api/conversations?q=SAID', options: { limit: 50, offset: 0, search: 'SAID' } },
      { url: '/api/conversations?q=50%25', options: { limit: 50, offset: 0, search: '50%' } },
      { url: '/api/conversations?q=nothing-matches', options: { limit: 50, offset: 0, search: 'nothing-matches' } },
    ];
    for (const { url, options } of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body, url).toBe(await presented(options));
      // Built by the database, not by the fallback.
      expect(await repo.listForUserJson(user.user.id, options), url).toBe(res.body);
    }
    const all = z.array(conversationSchema).parse(JSON.parse((await get('/api/conversations')).body));
    expect(all.map((c) => c.title).sort()).toEqual([...TITLES].sort());
  });

  it('writes timestamps as toISOString does, including sub-millisecond and non-UTC values', async () => {
    const [first, second] = (await repo.listForUser(user.user.id, { limit: 2, offset: 0 })).map((c) => c.id);
    if (dialect === 'postgres') {
      // The pg driver's Date keeps milliseconds and drops the rest; so must the SQL.
      await sql`update conversations set created_at = '2026-01-02 03:04:05.678999+00', updated_at = '2030-06-07 23:59:59.9995-05:00' where id = ${first}`.execute(t.db.kysely);
      await sql`update conversations set created_at = '1999-12-31 23:59:59+00' where id = ${second}`.execute(t.db.kysely);
    } else {
      await sql`update conversations set updated_at = '2030-06-07T23:59:59.999Z' where id = ${first}`.execute(t.db.kysely);
    }
    const res = await get('/api/conversations');
    expect(res.body).toBe(await presented({ limit: 50, offset: 0 }));
    expect(await repo.listForUserJson(user.user.id, { limit: 50, offset: 0 })).toBe(res.body);
  });
});

describe('conversation list JSON on sqlite, with a timestamp written by hand', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('falls back to presenting the rows when a timestamp is not in toISOString form', async () => {
    t = await createTestApp('sqlite');
    const user = await registerUser(t.app);
    const repo = createConversationRepository(t.db.kysely);
    const { id } = await repo.insert({ userId: user.user.id, title: 'Old import', category: 'chat' });
    await repo.insert({ userId: user.user.id, title: 'New', category: 'chat' });
    await sql`update conversations set created_at = '2026-01-02 03:04:05' where id = ${id}`.execute(t.db.kysely);
    expect(await repo.listForUserJson(user.user.id, { limit: 50, offset: 0 })).toBeUndefined();
    const res = await t.app.inject({ url: '/api/conversations', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify((await repo.listForUser(user.user.id, { limit: 50, offset: 0 })).map(presentConversation)));
    expect(JSON.parse(res.body)[1].createdAt).toBe(new Date('2026-01-02 03:04:05').toISOString());
  });
});
