import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';

/** Splits a server-sent-events body into { event, data } pairs. */
function parseSse(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : undefined };
    });
}

describe.each(dialects)('chat with the built-in guide on %s', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const newConversation = async (cookie: string, body: object = { category: 'chat' }) =>
    (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie }, payload: body })).json();
  const send = (cookie: string, id: number, content: string) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: { cookie }, payload: { role: 'user', content } });

  it('stores the trimmed message and answers it from the built-in guide', async () => {
    const conv = await newConversation(alice.cookie);
    const res = await send(alice.cookie, conv.id, '  What is a split sheet?  ');
    expect(res.statusCode).toBe(201);
    const [user, assistant] = res.json();
    expect(user).toMatchObject({ role: 'user', content: 'What is a split sheet?', conversationId: conv.id, finishReason: null });
    expect(assistant).toMatchObject({ role: 'assistant', engine: 'Built-in guide', status: 'complete', finishReason: 'stop' });
    expect(assistant.content.toLowerCase()).toContain('split');
    expect(assistant.content).toContain('built-in guide');
    expect(assistant.content).not.toMatch(/AI_BASE_URL|AI_MODEL|configure/i);
  });

  it('answers with the matching section only: the drill answer quotes Drill, not the genres after it (issue 27)', async () => {
    const conv = await newConversation(alice.cookie);
    const res = await send(alice.cookie, conv.id, 'what bpm is drill');
    expect(res.statusCode).toBe(201);
    const [, assistant] = res.json();
    expect(assistant.content).toContain('#### Drill');
    expect(assistant.content).toMatch(/\*\*Short answer:\*\* [^\n]*drill[^\n]*BPM/i);
    for (const other of ['#### R&B', '#### Trap', '#### Boom-bap', '#### Afrobeats']) expect(assistant.content).not.toContain(other);
  });

  it('titles a conversation from its first message only, and keeps a custom title', async () => {
    const conv = await newConversation(alice.cookie);
    await send(alice.cookie, conv.id, 'How do I register my songs with a PRO and get paid for radio plays in other countries too?');
    await send(alice.cookie, conv.id, 'And what about SoundExchange?');
    const titled = (await t.app.inject({ url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie } })).json();
    expect(titled.title).toBe('How do I register my songs with a PRO and get paid for…');

    const custom = await newConversation(alice.cookie, { category: 'chat', title: 'Tour plans' });
    await send(alice.cookie, custom.id, 'How do I book shows?');
    expect((await t.app.inject({ url: `/api/conversations/${custom.id}`, headers: { cookie: alice.cookie } })).json().title).toBe('Tour plans');
  });

  it('lists messages oldest first', async () => {
    const conv = await newConversation(alice.cookie);
    await send(alice.cookie, conv.id, 'first question about merch');
    await send(alice.cookie, conv.id, 'second question about shows');
    const list = (await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } })).json();
    expect(list.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(list[0].content).toBe('first question about merch');
    expect(list[2].content).toBe('second question about shows');
  });

  it('rejects blank messages with 400 and stores nothing', async () => {
    const conv = await newConversation(alice.cookie);
    const res = await send(alice.cookie, conv.id, '   \n ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Message cannot be empty');
    expect((await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } })).json()).toEqual([]);
  });

  it("answers 404 for someone else's conversation and 401 when signed out", async () => {
    const conv = await newConversation(alice.cookie);
    expect((await send(bob.cookie, conv.id, 'hi')).statusCode).toBe(404);
    const stream = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages/stream`, headers: { cookie: bob.cookie }, payload: { content: 'hi' } });
    expect(stream.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/regenerate`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, payload: { content: 'hi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } })).json()).toEqual([]);
  });

  it('streams a reply as server-sent events: user, deltas, done', async () => {
    const conv = await newConversation(alice.cookie);
    const res = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages/stream`, headers: { cookie: alice.cookie }, payload: { content: 'how loud should my master be for spotify' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ event: 'user', data: { role: 'user', content: 'how loud should my master be for spotify' } });
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.engine).toBe('Built-in guide');
    expect(done.data.message.content).toBe(deltas);
    expect(deltas).toMatch(/LUFS/);
  });

  it('renames, searches and deletes conversations, only your own', async () => {
    const conv = await newConversation(alice.cookie);
    await send(alice.cookie, conv.id, 'Tell me about the 50% publishing split with my producer Zanzibar');
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie }, payload: { title: '  Producer deal  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Producer deal');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie }, payload: { title: ' ' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/conversations/${conv.id}`, headers: { cookie: bob.cookie }, payload: { title: 'mine now' } })).statusCode).toBe(404);

    const search = async (cookie: string, q: string) =>
      (await t.app.inject({ url: `/api/conversations?q=${encodeURIComponent(q)}`, headers: { cookie } })).json().map((c: { id: number }) => c.id);
    expect(await search(alice.cookie, 'PRODUCER DEAL')).toEqual([conv.id]);
    expect(await search(alice.cookie, '50% publishing')).toEqual([conv.id]);
    expect(await search(alice.cookie, '50_ publishing')).toEqual([]);
    expect(await search(bob.cookie, 'zanzibar')).toEqual([]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${conv.id}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${conv.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    expect(await search(alice.cookie, 'zanzibar')).toEqual([]);
  });

  it('POST /api/ai/text answers { response, engine } and validates its input', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie: alice.cookie }, payload: { prompt: 'Write a hook', type: 'lyrics' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ response: expect.stringContaining('built-in guide'), engine: 'Built-in guide' });
    expect(ok.json().response).not.toMatch(/AI_BASE_URL|AI_MODEL/);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie: alice.cookie }, payload: { prompt: '  ', type: 'chat' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie: alice.cookie }, payload: { prompt: 'x', type: 'poetry' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/text', payload: { prompt: 'x' } })).statusCode).toBe(401);
    const engine = await t.app.inject({ url: '/api/ai/engine', headers: { cookie: alice.cookie } });
    expect(engine.json()).toEqual({
      isModel: false,
      engines: { chat: 'Built-in guide', lyrics: 'Built-in guide', coverart: 'Built-in guide', marketing: 'Built-in guide', review: 'Built-in guide' },
      coverImage: { kind: 'built-in', engine: 'Built-in cover renderer' },
    });
  });
});

describe.each(dialects)('chat with a configured model on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let alice: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'studio-model', AI_API_KEY: 'sk-local', AI_TIMEOUT_SECONDS: 1 });
    alice = await registerUser(t.app);
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const conversation = async (category = 'chat') =>
    (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { category } })).json();
  const messages = async (id: number) =>
    (await t.app.inject({ url: `/api/conversations/${id}/messages`, headers: { cookie: alice.cookie } })).json();

  it("answers with the model, names it, and sends the conversation's history", async () => {
    const conv = await conversation('lyrics');
    fake.enqueue({ kind: 'reply', text: 'First answer.' }, { kind: 'reply', text: 'Second answer.' });
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'one' } });
    const res = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'two' } });
    expect(res.json()[1]).toMatchObject({ content: 'Second answer.', engine: 'studio-model' });
    const sent = fake.requests[1]!.body.messages;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toContain('lyric coach');
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'two' },
    ]);
  });

  it('keeps the user message when the model fails, maps the status, and Retry answers it', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'status', status: 500 });
    const failed = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'Will you answer?' } });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toContain('The AI service is unavailable');
    expect((await messages(conv.id)).map((m: { role: string }) => m.role)).toEqual(['user']);

    fake.enqueue({ kind: 'reply', text: 'Yes, now I do.' });
    const retry = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/regenerate`, headers: { cookie: alice.cookie } });
    const done = parseSse(retry.body).at(-1)!;
    expect(done).toMatchObject({ event: 'done', data: { message: { content: 'Yes, now I do.', engine: 'studio-model' } } });
    expect((await messages(conv.id)).map((m: { content: string }) => m.content)).toEqual(['Will you answer?', 'Yes, now I do.']);
  });

  it('sends an error event when the stream fails, keeping the user message', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'cut', text: 'This will be cut off before it ends properly, sorry about that.' });
    const res = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages/stream`, headers: { cookie: alice.cookie }, payload: { content: 'go' } });
    const events = parseSse(res.body);
    expect(events[0]!.event).toBe('user');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { status: 502, code: 'upstream_cut' } });
    expect((await messages(conv.id)).map((m: { role: string }) => m.role)).toEqual(['user']);
  });

  const post = (id: number, content: string) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: { cookie: alice.cookie }, payload: { content } });
  const postStream = (id: number, content: string) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/stream`, headers: { cookie: alice.cookie }, payload: { content } });
  const aiText = (prompt: string) =>
    t.app.inject({ method: 'POST', url: '/api/ai/text', headers: { cookie: alice.cookie }, payload: { prompt, type: 'chat' } });

  it.each(['no-choices', 'null-content', 'empty-content'] as const)(
    'answers an empty completion (%s) as an upstream error and saves no reply',
    async (shape) => {
      const conv = await conversation();
      fake.enqueue({ kind: 'empty', shape }, { kind: 'empty', shape }, { kind: 'empty', shape });
      const json = await post(conv.id, 'Anyone there?');
      expect(json.statusCode).toBe(502);
      expect(json.json()).toMatchObject({ message: 'The AI service sent an empty reply. Please try again.', code: 'upstream_empty' });

      const events = parseSse((await postStream(conv.id, 'Still there?')).body);
      expect(events.map((e) => e.event)).toEqual(['user', 'error']);
      expect(events[1]!.data).toMatchObject({ status: 502, code: 'upstream_empty', message: expect.any(String) });

      const text = await aiText('Say something');
      expect([text.statusCode, text.json().code]).toEqual([502, 'upstream_empty']);
      expect((await messages(conv.id)).map((m: { role: string }) => m.role)).toEqual(['user', 'user']);
    },
  );

  it.each([
    ['length', 'Release week plan: day one, pitch the single; day two, post the'],
    ['content_filter', 'Here is a verse that starts strong and then'],
  ] as const)('keeps a reply that ended with %s, marked with its finish reason', async (finishReason, text) => {
    const conv = await conversation();
    fake.enqueue({ kind: 'reply', text, finishReason }, { kind: 'reply', text, finishReason });
    const json = await post(conv.id, 'Plan my release week');
    expect(json.statusCode).toBe(201);
    expect(json.json()[1]).toMatchObject({ role: 'assistant', content: text, status: 'complete', finishReason });

    const events = parseSse((await postStream(conv.id, 'Again please')).body);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe(text);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { message: { content: text, finishReason } } });

    const stored = await messages(conv.id);
    expect(stored.map((m: { finishReason: string | null }) => m.finishReason)).toEqual([null, finishReason, null, finishReason]);
  });

  it('says a complete reply finished with stop', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'reply', text: 'All done.' });
    expect((await post(conv.id, 'Finish this')).json()[1]).toMatchObject({ content: 'All done.', finishReason: 'stop', status: 'complete' });
  });

  it("keeps a refusal as the model's refusal, streamed or not", async () => {
    const conv = await conversation();
    const refusal = "I'm sorry, but I can't help with that request.";
    fake.enqueue({ kind: 'refusal', text: refusal }, { kind: 'refusal', text: refusal }, { kind: 'refusal', text: refusal });
    const json = await post(conv.id, 'Write a diss track with real addresses');
    expect(json.statusCode).toBe(201);
    expect(json.json()[1]).toMatchObject({ role: 'assistant', content: refusal, finishReason: 'refusal' });

    const events = parseSse((await postStream(conv.id, 'Please?')).body);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe(refusal);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { message: { content: refusal, finishReason: 'refusal' } } });

    // POST /api/ai/text can only answer text: the refusal is said as such, not as an unreadable reply.
    const text = await aiText('Write it anyway');
    expect(text.statusCode).toBe(502);
    expect(text.json()).toMatchObject({ code: 'upstream_refused', message: `The model declined to answer: “${refusal}”` });
  });

  it('answers /api/ai/text with an error, never a partial text, when the reply was cut off or filtered', async () => {
    fake.enqueue({ kind: 'reply', text: 'Half an', finishReason: 'length' }, { kind: 'reply', text: 'Some', finishReason: 'content_filter' });
    const cut = await aiText('Write a long bio');
    expect([cut.statusCode, cut.json().code]).toEqual([502, 'upstream_length']);
    expect(cut.json().message).toBe("The model's reply was cut off before it finished. Please try again.");
    const filtered = await aiText('Write an edgy bio');
    expect([filtered.statusCode, filtered.json().code]).toEqual([502, 'upstream_filtered']);
  });

  it('uses choice 0 only when the model sends several', async () => {
    const conv = await conversation();
    const texts = ['Ours: pitch early.', 'Not ours: pitch late.'];
    fake.enqueue({ kind: 'choices', texts }, { kind: 'choices', texts });
    const events = parseSse((await postStream(conv.id, 'When do I pitch?')).body);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe(texts[0]);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { message: { content: texts[0] } } });
    expect((await aiText('When?')).json().response).toBe(texts[0]);
  });

  it("never passes on the upstream's error text, JSON or streamed", async () => {
    const conv = await conversation();
    const page = '<!DOCTYPE html><html><body><h1>Bad gateway config</h1></body></html>';
    fake.enqueue({ kind: 'status', status: 400, body: page }, { kind: 'status', status: 400, body: page }, { kind: 'error-in-reply', message: '<b>boom</b>' });
    const json = await post(conv.id, 'hello');
    expect(json.statusCode).toBe(502);
    expect(json.json()).toEqual({ message: 'The AI service refused the request (400).', code: 'upstream_rejected' });
    const stream = await postStream(conv.id, 'hello again');
    expect(stream.body).not.toMatch(/DOCTYPE|Bad gateway/);
    expect(parseSse(stream.body).at(-1)).toMatchObject({ event: 'error', data: { status: 502, code: 'upstream_rejected' } });
    const inReply = await postStream(conv.id, 'and again');
    expect(inReply.body).not.toContain('boom');
    expect(parseSse(inReply.body).at(-1)).toMatchObject({ event: 'error', data: { code: 'upstream_failed' } });
  });

  it('passes on the upstream Retry-After with our 429', async () => {
    const conv = await conversation();
    const limited = { kind: 'status', status: 429, headers: { 'retry-after': '12' } } as const;
    fake.enqueue(limited, limited, limited);
    const json = await post(conv.id, 'hello');
    expect(json.statusCode).toBe(429);
    expect(json.headers['retry-after']).toBe('12');
    expect(json.json().code).toBe('upstream_rate_limited');
    const text = await aiText('hello');
    expect([text.statusCode, text.headers['retry-after']]).toEqual([429, '12']);
    // Inside a stream: the error event carries it, for the page to wait that long before Retry.
    const stream = await postStream(conv.id, 'hello again');
    expect(parseSse(stream.body).at(-1)).toMatchObject({ event: 'error', data: { status: 429, code: 'upstream_rate_limited', retryAfter: 12 } });
  });

  it('times out a hanging model with 504', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'hang' });
    const res = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'hello?' } });
    expect(res.statusCode).toBe(504);
  });

  it('keeps the old reply when regenerating fails, and refuses to regenerate an empty conversation with a JSON 400', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'reply', text: 'Keep me.' }, { kind: 'status', status: 500 });
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'Say something' } });
    const failed = await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/regenerate`, headers: { cookie: alice.cookie } });
    expect(parseSse(failed.body).at(-1)).toMatchObject({ event: 'error', data: { status: 503 } });
    expect((await messages(conv.id)).map((m: { content: string }) => m.content)).toEqual(['Say something', 'Keep me.']);

    const empty = await conversation();
    const res = await t.app.inject({ method: 'POST', url: `/api/conversations/${empty.id}/regenerate`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There is nothing to answer yet.');
  });

  it('regenerate replaces the last reply', async () => {
    const conv = await conversation();
    fake.enqueue({ kind: 'reply', text: 'Take one.' }, { kind: 'reply', text: 'Take two.' });
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers: { cookie: alice.cookie }, payload: { content: 'Give me a take' } });
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/regenerate`, headers: { cookie: alice.cookie } });
    expect((await messages(conv.id)).map((m: { content: string }) => m.content)).toEqual(['Give me a take', 'Take two.']);
    // The model saw the conversation without the reply being replaced.
    expect(fake.requests[1]!.body.messages.map((m: { content: string }) => m.content)).not.toContain('Take one.');
  });

  it('keeps a stopped reply with what arrived, marked stopped, and cancels the model request', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const conv = await conversation();
    const usedBefore = (await t.app.inject({ url: '/api/quotas', headers: { cookie: alice.cookie } })).json().quotas.chat.used as number;
    fake.enqueue({ kind: 'reply', text: Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), chunkDelayMs: 20 });
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/conversations/${conv.id}/messages/stream`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'long one please' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let received = '';
    while (!received.includes('word5')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    // The server hears the disconnect and stores what was streamed so far, marked stopped.
    const stored = await vi.waitFor(async () => {
      const list = await messages(conv.id);
      expect(list[1]?.status).toBe('stopped');
      return list;
    });
    expect(stored.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1].status).toBe('stopped');
    expect(stored[1].finishReason).toBeNull();
    expect(stored[1].content).toMatch(/^word0 word1/);
    expect(stored[1].content).not.toContain('word59');
    // Stopped by its client, not failed: the chat unit stays spent (ADR 031).
    const quotas = (await t.app.inject({ url: '/api/quotas', headers: { cookie: alice.cookie } })).json().quotas;
    expect(quotas.chat.used).toBe(usedBefore + 1);
  });
});
