import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONVERSATION_TITLES } from '@members-only/shared';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { createMessageRepository } from '../../repositories/message.repository';

describe.each(dialects)('conversations API on %s', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const create = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload });

  it('answers 401 to anonymous requests', async () => {
    expect((await t.app.inject({ url: '/api/conversations' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { category: 'chat' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/conversations/1/messages' })).statusCode).toBe(401);
  });

  it.each(Object.entries(DEFAULT_CONVERSATION_TITLES))('creates a %s conversation with its default title', async (category, title) => {
    const res = await create(alice.cookie, { category });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), title, category, type: category, userId: alice.user.id });
  });

  it('takes the owner from the session and ignores a client userId (the spec sends 1)', async () => {
    const res = await create(bob.cookie, { userId: alice.user.id, title: 'My beat ideas', category: 'chat' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: bob.user.id, title: 'My beat ideas' });
  });

  it('accepts type as an alias of category and defaults to chat', async () => {
    expect((await create(alice.cookie, { type: 'review' })).json().category).toBe('review');
    expect((await create(alice.cookie, {})).json()).toMatchObject({ category: 'chat', title: 'Music Chat' });
  });

  it('rejects an unknown category and an over-long title with 400', async () => {
    const bad = await create(alice.cookie, { category: 'karaoke' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.category).toBeDefined();
    expect((await create(alice.cookie, { title: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('lists only your own conversations, newest first', async () => {
    const { cookie } = await registerUser(t.app);
    const a = (await create(cookie, { category: 'chat', title: 'first' })).json();
    // Newest first by creation time: the second is made once the clock has moved past the first.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(a.createdAt)), { interval: 1 });
    const b = (await create(cookie, { category: 'lyrics', title: 'second' })).json();
    const res = await t.app.inject({ url: '/api/conversations', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);

    const bobs = (await t.app.inject({ url: '/api/conversations', headers: { cookie: bob.cookie } })).json();
    expect(bobs.every((c: { userId: number }) => c.userId === bob.user.id)).toBe(true);
    expect(bobs.map((c: { id: number }) => c.id)).not.toContain(a.id);
  });

  it('paginates the list on the server', async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < 3; i++) await create(cookie, { title: `c${i}` });
    const page = await t.app.inject({ url: '/api/conversations?limit=2&offset=1', headers: { cookie } });
    expect(page.json()).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/conversations?limit=0', headers: { cookie } })).statusCode).toBe(400);
  });

  it('returns messages oldest first, and 404 for someone else’s conversation', async () => {
    const conv = (await create(alice.cookie, { category: 'chat' })).json();
    const empty = await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const messages = createMessageRepository(t.db.kysely);
    await messages.insert({ conversationId: conv.id, role: 'user', content: 'How do PROs pay?' });
    await messages.insert({ conversationId: conv.id, role: 'assistant', content: 'They collect performance royalties.' });
    const res = await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } });
    expect(res.json().map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'How do PROs pay?'],
      ['assistant', 'They collect performance royalties.'],
    ]);
    expect(res.json()[0]).toMatchObject({ id: expect.any(Number), createdAt: expect.any(String) });

    const stolen = await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: bob.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
    expect((await t.app.inject({ url: `/api/conversations/${conv.id}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(200);
  });

  it('answers 404 for a missing conversation and 400 for a non-numeric id', async () => {
    expect((await t.app.inject({ url: '/api/conversations/999999/messages', headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/conversations/abc/messages', headers: { cookie: alice.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});
