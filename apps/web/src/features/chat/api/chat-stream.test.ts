import type { ChatMessage, ChatStreamEvent } from '@members-only/shared/conversations';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidResponseError } from '@/lib/api-client';
import { sse, streamResponse } from '@/test/streams';
import { ChatStreamError, readChatEvents } from './chat-stream';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 41,
  conversationId: 7,
  role: 'user',
  content: 'How do I price a beat?',
  engine: null,
  status: 'complete',
  finishReason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

async function collect(chunks: string[], contentType?: string) {
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatEvents(streamResponse(chunks, contentType).response)) events.push(event);
  return events;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('readChatEvents', () => {
  it('yields the stored user message, the deltas and done, parsed', async () => {
    const reply = message({ id: 42, role: 'assistant', content: 'Start at $50.', engine: 'e2e-model' });
    const events = await collect([
      sse('user', message()),
      sse('delta', { text: 'Start ' }),
      sse('delta', { text: 'at $50.' }),
      sse('done', { message: reply, engine: 'e2e-model' }),
    ]);
    expect(events).toEqual([
      { event: 'user', data: message() },
      { event: 'delta', data: { text: 'Start ' } },
      { event: 'delta', data: { text: 'at $50.' } },
      { event: 'done', data: { message: reply, engine: 'e2e-model' } },
    ]);
  });

  it('accepts done without a stored message (nothing arrived) and without an engine', async () => {
    expect(await collect([sse('done', { message: null })])).toEqual([{ event: 'done', data: { message: null, engine: '' } }]);
  });

  it('stops at done, ignoring anything after it', async () => {
    const events = await collect([sse('done', { message: null, engine: 'x' }), sse('delta', { text: 'late' })]);
    expect(events.map((e) => e.event)).toEqual(['done']);
  });

  it('skips deltas without text and unknown events', async () => {
    const events = await collect([sse('delta', { nope: 1 }), sse('ping', {}), sse('done', { message: null, engine: 'x' })]);
    expect(events.map((e) => e.event)).toEqual(['done']);
  });

  it('throws ChatStreamError with the server’s status and code for an error event', async () => {
    const error = await collect([sse('delta', { text: 'Hal' }), sse('error', { message: 'The AI service timed out.', status: 504, code: 'upstream_timeout' })]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({ message: 'The AI service timed out.', status: 504, code: 'upstream_timeout' });
  });

  it("carries a 429's Retry-After from the error event", async () => {
    const error = await collect([sse('error', { message: 'Rate limited.', status: 429, code: 'upstream_rate_limited', retryAfter: 12 })]).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 12 });
    const without = await collect([sse('error', { message: 'Rate limited.', status: 429, retryAfter: 'soon' })]).catch((e: unknown) => e);
    expect(without).toMatchObject({ status: 429, retryAfter: undefined });
  });

  it('still reports an error event whose data is malformed, as a 500', async () => {
    const error = await collect([sse('error', 'oops')]).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChatStreamError', message: '', status: 500, code: undefined });
  });

  it.each([
    ['a user event that is not a message', [sse('user', { id: 'x' })]],
    ['a done event whose message is malformed', [sse('done', { message: { id: 1 }, engine: 'x' })]],
    ['data that is not JSON', ['event: delta\ndata: {not json\n\n']],
    ['a stream that ends before done', [sse('delta', { text: 'partial' })]],
  ])('treats %s as an invalid response', async (_label, chunks) => {
    const error = await collect(chunks).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toBe('Invalid response from server');
    expect(console.error).toHaveBeenCalled();
  });

  it('refuses a response that is not an event stream', async () => {
    await expect(collect(['{"response":"hi"}'], 'application/json')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
