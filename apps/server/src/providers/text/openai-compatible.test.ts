import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleProvider, retryAfterSeconds, upstreamErrors } from './openai-compatible';
import { SYSTEM_PROMPTS } from './prompts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { AppError } from '../../errors';

describe('OpenAI-compatible text provider', () => {
  let fake: FakeOpenAi;
  let logged: Array<{ details: Record<string, unknown>; message: string }> = [];
  const provider = (timeoutMs = 400) =>
    createOpenAiCompatibleProvider({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      taskModels: { review: 'review-model' },
      timeoutMs,
      log: { warn: (details, message) => logged.push({ details, message }) },
    });
  const request = (task: 'chat' | 'review' = 'chat') => ({ task, turns: [{ role: 'user' as const, content: 'How do I pitch to playlists?' }] });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterEach(() => {
    fake.reset();
    logged = [];
  });
  afterAll(async () => fake.close());

  async function failure(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  async function collect(task: 'chat' | 'review' = 'chat') {
    let text = '';
    for await (const piece of provider().stream(request(task))) text += piece;
    return text;
  }
  /** The streamed pieces and how the stream said the reply ended. */
  async function streamed(extra: { maxTokens?: number } = {}) {
    const pieces: string[] = [];
    const stream = provider().stream({ ...request(), ...extra });
    for (let next = await stream.next(); ; next = await stream.next()) {
      if (next.done) return { pieces, finish: next.value };
      pieces.push(next.value);
    }
  }

  it('sends the system prompt, the turns, the model and the key', async () => {
    fake.enqueue({ kind: 'reply', text: 'Pitch at least 7 days ahead.', model: 'test-model-2025' });
    const result = await provider().generate(request());
    expect(result).toEqual({ text: 'Pitch at least 7 days ahead.', engine: 'test-model', finishReason: 'stop' });
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'test-model', stream: false });
    expect(sent.body.messages).toEqual([
      { role: 'system', content: SYSTEM_PROMPTS.chat },
      { role: 'user', content: 'How do I pitch to playlists?' },
    ]);
  });

  it('uses a per-task model override', async () => {
    fake.enqueue({ kind: 'reply', text: 'ok' });
    await provider().generate(request('review'));
    expect(fake.requests[0]!.body.model).toBe('review-model');
    expect(provider().engineFor('review')).toBe('review-model');
    expect(provider().engineFor('lyrics')).toBe('test-model');
  });

  it('streams the reply piece by piece, and says it finished', async () => {
    fake.enqueue({ kind: 'reply', text: 'One two three four five.' });
    const { pieces, finish } = await streamed();
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('One two three four five.');
    expect(finish).toEqual({ text: 'One two three four five.', finishReason: 'stop' });
    expect(fake.requests[0]!.body.stream).toBe(true);
  });

  it('sends a length limit as max_completion_tokens, never the deprecated max_tokens', async () => {
    fake.enqueue({ kind: 'reply', text: 'Short.' }, { kind: 'reply', text: 'Short.' });
    await provider().generate({ ...request(), maxTokens: 300 });
    await streamed({ maxTokens: 300 });
    for (const sent of fake.requests) {
      expect(sent.body.max_completion_tokens).toBe(300);
      expect(sent.body).not.toHaveProperty('max_tokens');
    }
    fake.enqueue({ kind: 'reply', text: 'No limit.' });
    await provider().generate(request());
    expect(fake.requests[2]!.body).not.toHaveProperty('max_completion_tokens');
  });

  it.each(['no-choices', 'null-content', 'empty-content'] as const)(
    'reports an empty completion (%s) as an upstream error, streamed or not',
    async (shape) => {
      fake.enqueue({ kind: 'empty', shape }, { kind: 'empty', shape });
      const a = await failure(provider().generate(request()));
      expect([a.statusCode, a.code]).toEqual([502, 'upstream_empty']);
      const b = await failure(streamed());
      expect([b.statusCode, b.code]).toEqual([502, 'upstream_empty']);
    },
  );

  it('reports a reply filtered before it said anything as filtered, streamed or not', async () => {
    fake.enqueue({ kind: 'empty', shape: 'null-content', finishReason: 'content_filter' }, { kind: 'empty', shape: 'null-content', finishReason: 'content_filter' });
    expect((await failure(provider().generate(request()))).code).toBe('upstream_filtered');
    expect((await failure(streamed())).code).toBe('upstream_filtered');
  });

  it.each(['length', 'content_filter'] as const)('keeps a %s finish with the reply, streamed or not', async (finishReason) => {
    const text = 'Pitch your single three weeks before the release and then';
    fake.enqueue({ kind: 'reply', text, finishReason }, { kind: 'reply', text, finishReason });
    expect(await provider().generate(request())).toEqual({ text, engine: 'test-model', finishReason });
    const { pieces, finish } = await streamed();
    expect(pieces.join('')).toBe(text);
    expect(finish).toEqual({ text, finishReason });
  });

  it("keeps a refusal as the model's refusal, streamed or not", async () => {
    const text = "I'm sorry, but I can't help with that.";
    fake.enqueue({ kind: 'refusal', text }, { kind: 'refusal', text });
    expect(await provider().generate(request())).toEqual({ text, engine: 'test-model', finishReason: 'refusal' });
    const { pieces, finish } = await streamed();
    expect(pieces.join('')).toBe(text);
    expect(finish).toEqual({ text, finishReason: 'refusal' });
  });

  it('assembles choice 0 only, by its index, streamed or not', async () => {
    const texts = ['The first choice is ours.', 'The second choice is not.', 'Nor the third one.'];
    fake.enqueue({ kind: 'choices', texts }, { kind: 'choices', texts });
    expect((await provider().generate(request())).text).toBe(texts[0]);
    const { pieces, finish } = await streamed();
    expect(pieces.join('')).toBe(texts[0]);
    expect(finish).toEqual({ text: texts[0], finishReason: 'stop' });
  });

  it.each([
    [401, 502, 'upstream_auth'],
    [403, 502, 'upstream_auth'],
    [429, 429, 'upstream_rate_limited'],
    [500, 503, 'upstream_unavailable'],
    [503, 503, 'upstream_unavailable'],
    [400, 502, 'upstream_rejected'],
  ])('maps upstream %i to %i (%s), streamed or not', async (status, expected, code) => {
    fake.enqueue({ kind: 'status', status }, { kind: 'status', status });
    const a = await failure(provider().generate(request()));
    expect([a.statusCode, a.code]).toEqual([expected, code]);
    const b = await failure(collect());
    expect([b.statusCode, b.code]).toEqual([expected, code]);
  });

  it('tells the artist about a refused key in plain words, without a setting name', async () => {
    fake.enqueue({ kind: 'status', status: 401 });
    const error = await failure(provider().generate(request()));
    expect(error.message).toBe("The AI service turned down this site's access. Please try again later, and tell the site's team if it keeps happening.");
    for (const make of Object.values(upstreamErrors)) expect((make as (arg: unknown) => AppError)(500).message).not.toMatch(/[A-Z]{2,}_[A-Z]|configur|API key/i);
  });

  it("answers in our own words, never the upstream's (it can carry HTML), and logs its text", async () => {
    const page = '<html><body><h1>400 Bad Request</h1><script>alert(1)</script></body></html>';
    fake.enqueue({ kind: 'status', status: 400, body: page }, { kind: 'status', status: 400, body: page });
    for (const error of [await failure(provider().generate(request())), await failure(collect())]) {
      expect(error.message).toBe('The AI service refused the request (400).');
      expect(error.message).not.toMatch(/[<>]|Bad Request/);
    }
    expect(logged).toHaveLength(2);
    expect(logged[0]!.details).toMatchObject({ status: 400, detail: page });

    fake.enqueue({ kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'Invalid <b>model</b> x' } }) });
    const json = await failure(provider().generate(request()));
    expect(json.message).not.toContain('model');
    expect(logged[2]!.details.detail).toBe('Invalid <b>model</b> x');
  });

  it('answers an error inside a 200 reply in our own words, streamed or not, and logs its text', async () => {
    const message = 'Upstream <i>overloaded</i>, see https://status.example';
    fake.enqueue({ kind: 'error-in-reply', message }, { kind: 'error-in-reply', message });
    for (const error of [await failure(provider().generate(request())), await failure(collect())]) {
      expect([error.statusCode, error.code]).toEqual([502, 'upstream_failed']);
      expect(error.message).not.toContain('overloaded');
    }
    expect(logged.map((l) => l.details.detail)).toEqual([message, message]);
  });

  it('passes on the upstream Retry-After with a 429', async () => {
    fake.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '17' } }, { kind: 'status', status: 429, headers: { 'retry-after': '17' } });
    const a = await failure(provider().generate(request()));
    expect([a.statusCode, a.headers]).toEqual([429, { 'retry-after': '17' }]);
    expect((await failure(collect())).headers).toEqual({ 'retry-after': '17' });
    fake.enqueue({ kind: 'status', status: 429 });
    expect((await failure(provider().generate(request()))).headers).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date, else retry-after-ms, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '30' }), now)).toBe('30');
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:42 GMT' }), now)).toBe('42');
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }), now)).toBe('0');
    expect(retryAfterSeconds(new Headers({ 'retry-after-ms': '1500' }), now)).toBe('2');
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon<br>' }), now)).toBeUndefined();
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });

  it('times out a hanging service with 504, streamed or not', async () => {
    fake.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const a = await failure(provider().generate(request()));
    expect([a.statusCode, a.code]).toEqual([504, 'upstream_timeout']);
    const b = await failure(collect());
    expect(b.statusCode).toBe(504);
  });

  it('reports malformed JSON as 502, streamed or not', async () => {
    fake.enqueue({ kind: 'malformed' }, { kind: 'malformed' });
    expect((await failure(provider().generate(request()))).code).toBe('upstream_malformed');
    expect((await failure(collect())).code).toBe('upstream_malformed');
  });

  it('reports a stream cut mid-way as an error, after yielding what arrived', async () => {
    fake.enqueue({ kind: 'cut', text: 'This reply will be cut off somewhere in the middle of it.' });
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of provider().stream(request())) pieces.push(piece);
    })().then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('upstream_cut');
    expect(pieces.join('')).toMatch(/^This reply/);
  });

  it('reports a non-streamed reply cut mid-body as cut, not as an unreachable service', async () => {
    fake.enqueue({ kind: 'cut', text: 'This reply will be cut off somewhere in the middle of it.' });
    const error = await failure(provider().generate(request()));
    expect([error.statusCode, error.code, error.message]).toEqual([502, 'upstream_cut', 'The AI service stopped in the middle of its reply. Please try again.']);
  });

  it('reports an unreachable service as 503', async () => {
    const dead = createOpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
    const error = await failure(dead.generate(request()));
    expect([error.statusCode, error.code]).toEqual([503, 'upstream_unreachable']);
  });

  it('stops when the caller aborts, without a timeout error', async () => {
    fake.enqueue({ kind: 'reply', text: 'a b c d e f g h i j k l m n o p', chunkDelayMs: 30 });
    const controller = new AbortController();
    const pieces: string[] = [];
    const error = await (async () => {
      // A generous silence timer: on a loaded machine a 30 ms gap can stretch past 400 ms.
      for await (const piece of provider(30_000).stream({ ...request(), signal: controller.signal })) {
        pieces.push(piece);
        if (pieces.length === 2) controller.abort();
      }
    })().then(() => undefined, (e) => e);
    expect(error?.name).toBe('AbortError');
    expect(pieces).toHaveLength(2);
  });

  it('hands out nothing more once the caller aborts, even pieces that arrived in the same chunk', async () => {
    // No delay: the fake writes every piece at once, so they reach the client in one or few reads.
    fake.enqueue({ kind: 'reply', text: 'a b c d e f g h i j k l m n o p' });
    const controller = new AbortController();
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of provider(30_000).stream({ ...request(), signal: controller.signal })) {
        pieces.push(piece);
        controller.abort();
      }
    })().then(() => undefined, (e) => e);
    expect(error?.name).toBe('AbortError');
    expect(pieces).toEqual(['a ']);
  });
});
