import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_EARLIER_HEADER } from '@members-only/shared';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { createMessageRepository } from '../../repositories/message.repository';

/**
 * GET /api/conversations/:id/messages pages with `limit` and `before` (the chat page's "Show
 * earlier messages"); without them it answers every message, as the spec has it.
 */
describe.each(dialects)('message pages on %s', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  let conversationId: number;
  /** The conversation's 7 message ids, oldest first. */
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const create = async (cookie: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: { category: 'chat' } })).json().id as number;
    conversationId = await create(alice.cookie);
    const other = await create(alice.cookie);
    const messages = createMessageRepository(t.db.kysely);
    ids = [];
    for (let i = 1; i <= 7; i++) {
      ids.push((await messages.insert({ conversationId, role: i % 2 ? 'user' : 'assistant', content: `m${i}` })).id);
      // Another conversation's messages in between: ids of one conversation are not consecutive.
      await messages.insert({ conversationId: other, role: 'user', content: `other ${i}` });
    }
  });
  afterAll(async () => t?.close());

  const get = (query: string, cookie = alice.cookie, id = conversationId) =>
    t.app.inject({ url: `/api/conversations/${id}/messages${query}`, headers: { cookie } });
  const contents = (res: { json: () => unknown }) => (res.json() as { content: string }[]).map((m) => m.content);

  it('answers every message, oldest first and without the header, when asked without parameters', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    expect(contents(res)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(res.headers[HAS_EARLIER_HEADER]).toBeUndefined();
    expect(res.json()[0]).toEqual({
      id: ids[0],
      conversationId,
      role: 'user',
      content: 'm1',
      engine: null,
      status: 'complete',
      finishReason: null,
      createdAt: expect.any(String),
    });
  });

  it('answers the latest `limit` messages, oldest first, and says earlier ones exist', async () => {
    const res = await get('?limit=3');
    expect(res.statusCode).toBe(200);
    expect(contents(res)).toEqual(['m5', 'm6', 'm7']);
    expect(res.headers[HAS_EARLIER_HEADER]).toBe('true');
    // The items are the same as in the whole list.
    expect(res.json()).toEqual((await get('')).json().slice(4));
  });

  it('answers the latest `limit` messages below `before`', async () => {
    const res = await get(`?limit=2&before=${ids[4]}`);
    expect(contents(res)).toEqual(['m3', 'm4']);
    expect(res.headers[HAS_EARLIER_HEADER]).toBe('true');
  });

  it('says no earlier messages exist when exactly `limit` are left, and yes when one more is', async () => {
    const exactly = await get(`?limit=3&before=${ids[3]}`);
    expect(contents(exactly)).toEqual(['m1', 'm2', 'm3']);
    expect(exactly.headers[HAS_EARLIER_HEADER]).toBe('false');

    const oneMore = await get(`?limit=3&before=${ids[4]}`);
    expect(contents(oneMore)).toEqual(['m2', 'm3', 'm4']);
    expect(oneMore.headers[HAS_EARLIER_HEADER]).toBe('true');

    const whole = await get('?limit=7');
    expect(contents(whole)).toHaveLength(7);
    expect(whole.headers[HAS_EARLIER_HEADER]).toBe('false');
    expect((await get('?limit=6')).headers[HAS_EARLIER_HEADER]).toBe('true');
    expect((await get('?limit=200')).headers[HAS_EARLIER_HEADER]).toBe('false');
  });

  it('answers an empty page below the first message, and every message below `before` without a limit', async () => {
    const none = await get(`?limit=50&before=${ids[0]}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers[HAS_EARLIER_HEADER]).toBe('false');

    const below = await get(`?before=${ids[2]}`);
    expect(contents(below)).toEqual(['m1', 'm2']);
    expect(below.headers[HAS_EARLIER_HEADER]).toBe('false');
  });

  it.each([
    ['limit=0', 'Must be a whole number from 1 to 200'],
    ['limit=201', 'Must be a whole number from 1 to 200'],
    ['limit=-1', 'Must be a whole number from 1 to 200'],
    ['limit=2.0', 'Must be a whole number from 1 to 200'],
    ['limit=abc', 'Must be a whole number from 1 to 200'],
    ['limit=', 'Must be a whole number from 1 to 200'],
    ['limit=1&limit=2', 'Must be a whole number from 1 to 200'],
    ['limit=5&before=0', 'Invalid message ID'],
    ['limit=5&before=-3', 'Invalid message ID'],
    ['limit=5&before=abc', 'Invalid message ID'],
    ['limit=5&before=2147483648', 'Invalid message ID'],
    ['before=1e3', 'Invalid message ID'],
  ])('answers 400 with a message to %s', async (query, message) => {
    const res = await get(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('answers 404 for someone else’s conversation and 401 without a session, with or without a page', async () => {
    for (const query of ['', '?limit=2', `?limit=2&before=${ids[4]}`]) {
      const stolen = await get(query, bob.cookie);
      expect([query, stolen.statusCode]).toEqual([query, 404]);
      expect(stolen.json()).toEqual({ message: 'Conversation not found', code: 'not_found' });
      expect(stolen.headers[HAS_EARLIER_HEADER]).toBeUndefined();
      expect((await t.app.inject({ url: `/api/conversations/${conversationId}/messages${query}` })).statusCode).toBe(401);
    }
    expect((await get('?limit=2', alice.cookie, 999_999)).statusCode).toBe(404);
  });

  it('reads a page with one query on the index messages(conversation_id, id)', async () => {
    const statements: CompiledQuery[] = [];
    const kysely = t.db.kysely;
    const recorder: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        statements.push(kysely.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const page = await createMessageRepository(kysely.withPlugin(recorder)).listForConversation(conversationId, { limit: 2, before: ids[4] });
    expect(page.rows.map((r) => r.content)).toEqual(['m3', 'm4']);
    expect(page.hasEarlier).toBe(true);
    expect(statements).toHaveLength(1);

    const [statement] = statements;
    if (dialect === 'sqlite') {
      const plan = await kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]));
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/USING (COVERING )?INDEX messages_conversation_idx/);
      // Ordered by the index: no sort of the conversation's rows.
      expect(details).not.toMatch(/TEMP B-TREE/);
    }
  });
});
