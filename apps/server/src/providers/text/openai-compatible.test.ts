import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import { SYSTEM_PROMPTS } from './prompts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai';
import { AppError } from '../../errors';

describe('OpenAI-compatible text provider', () => {
  let fake: FakeOpenAi;
  const provider = () =>
    createOpenAiCompatibleProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', taskModels: { review: 'review-model' }, timeoutMs: 400 });
  const request = (task: 'chat' | 'review' = 'chat') => ({ task, turns: [{ role: 'user' as const, content: 'How do I pitch to playlists?' }] });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterEach(() => fake.reset());
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

  it('sends the system prompt, the turns, the model and the key', async () => {
    fake.enqueue({ kind: 'reply', text: 'Pitch at least 7 days ahead.', model: 'test-model-2025' });
    const result = await provider().generate(request());
    expect(result).toEqual({ text: 'Pitch at least 7 days ahead.', engine: 'test-model' });
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

  it('streams the reply piece by piece', async () => {
    fake.enqueue({ kind: 'reply', text: 'One two three four five.' });
    const pieces: string[] = [];
    for await (const piece of provider().stream(request())) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('One two three four five.');
    expect(fake.requests[0]!.body.stream).toBe(true);
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
      for await (const piece of provider().stream({ ...request(), signal: controller.signal })) {
        pieces.push(piece);
        if (pieces.length === 2) controller.abort();
      }
    })().then(() => undefined, (e) => e);
    expect(error?.name).toBe('AbortError');
    expect(pieces).toHaveLength(2);
  });
});
