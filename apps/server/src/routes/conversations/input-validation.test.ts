import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';

/**
 * Text that PostgreSQL cannot store (NUL, lone surrogates) and ids written in other notations
 * than plain digits: both databases answer alike, never with a 500.
 */
describe.each(dialects)('input validation on %s', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let conversationId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
    conversationId = (
      await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { category: 'lyrics', title: 'Clean' } })
    ).json().id;
  });
  afterAll(async () => t?.close());

  /** A JSON body as a client would send it (JSON.stringify writes a lone surrogate as \ud800). */
  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    t.app.inject({ method, url, headers: { cookie: alice.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('refuses a title with a NUL byte with a field message and leaves the title alone', async () => {
    const res = await send('PATCH', `/api/conversations/${conversationId}`, { title: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Title cannot contain line breaks, tabs or control characters',
      fieldErrors: { title: ['Title cannot contain line breaks, tabs or control characters'] },
    });
    const row = await t.db.kysely.selectFrom('conversations').select('title').where('id', '=', conversationId).executeTakeFirstOrThrow();
    expect(row.title).toBe('Clean');
    expect((await send('POST', '/api/conversations', { title: 'x\u0000' })).statusCode).toBe(400);
  });

  it('stores a title with a lone surrogate with U+FFFD in its place', async () => {
    const res = await send('PATCH', `/api/conversations/${conversationId}`, { title: 'Hook \uD83D' });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Hook \uFFFD');
    const row = await t.db.kysely.selectFrom('conversations').select('title').where('id', '=', conversationId).executeTakeFirstOrThrow();
    expect(row.title).toBe('Hook \uFFFD');
  });

  it('stores lyrics with NUL and other controls stripped, line breaks kept', async () => {
    const res = await send('POST', `/api/conversations/${conversationId}/lyrics`, { content: 'bar\u0000 one\u001B\r\nbar\ttwo\u0085', position: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe('bar one\r\nbar\ttwo');
    const row = await t.db.kysely.selectFrom('lyric_snippets').select('content').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.content).toBe('bar one\r\nbar\ttwo');
  });

  it('stores a message with a lone surrogate and a NUL as clean text', async () => {
    const chat = (await send('POST', '/api/conversations', { category: 'chat' })).json();
    const res = await send('POST', `/api/conversations/${chat.id}/messages`, { role: 'user', content: 'How do \uDC00 splits\u0000 work?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0].content).toBe('How do \uFFFD splits work?');
    const rows = await t.db.kysely.selectFrom('messages').select('content').where('conversation_id', '=', chat.id).where('role', '=', 'user').execute();
    expect(rows.map((r) => r.content)).toEqual(['How do \uFFFD splits work?']);
  });

  it('answers 400, not 500, to controls in the other single-line fields', async () => {
    const register = (overrides: object) =>
      t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'nul-artist', email: 'nul@example.com', password: 'secret-pass', ...overrides } });
    expect((await register({ username: 'nul\u0000artist' })).json().fieldErrors.username).toBeDefined();
    expect((await register({ email: 'nul\u0000@example.com' })).json().fieldErrors.email).toBeDefined();
    expect((await register({ phoneNumber: '555\u00000100' })).json().fieldErrors.phoneNumber).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nul\u0000artist', password: 'secret-pass' } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/conversations?q=%00', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
  });

  it('takes ids written as plain digits only', async () => {
    const id = conversationId;
    expect((await t.app.inject({ url: `/api/conversations/${id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(200);
    const variants = [`0x${id.toString(16)}`, `${id / 10}e1`, `%2B${id}`, `%20${id}`, `${id}%20`, `${id}.0`, `0${id}`, `${id}e0`, '0', '-1', '2147483648', '99999999999'];
    for (const v of variants) {
      const res = await t.app.inject({ url: `/api/conversations/${v}`, headers: { cookie: alice.cookie } });
      expect([v, res.statusCode, res.json().message]).toEqual([v, 400, 'Invalid ID']);
    }
    const lyrics = await t.app.inject({ url: `/api/conversations/0x${id.toString(16)}/lyrics`, headers: { cookie: alice.cookie } });
    expect(lyrics.statusCode).toBe(400);
  });

  it('takes limit and offset written as plain digits only', async () => {
    expect((await t.app.inject({ url: '/api/conversations?limit=1&offset=0', headers: { cookie: alice.cookie } })).json()).toHaveLength(1);
    for (const query of ['limit=0x2', 'limit=2e0', 'limit=%2B2', 'limit=%202', 'limit=2.0', 'limit=', 'offset=0x1', 'offset=1e0', 'offset=-0', 'limit=1&limit=2']) {
      const res = await t.app.inject({ url: `/api/conversations?${query}`, headers: { cookie: alice.cookie } });
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    expect((await t.app.inject({ url: '/api/tracks?limit=0x2', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
  });
});
