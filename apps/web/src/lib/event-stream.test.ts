import { describe, expect, it } from 'vitest';
import { streamResponse } from '@/test/streams';
import { readEventStream } from './event-stream';

async function collect(response: Response) {
  const events = [];
  for await (const event of readEventStream(response)) events.push({ event: event.event, data: event.data });
  return events;
}

describe('readEventStream', () => {
  it('yields each event with its name and data', async () => {
    const { response } = streamResponse(['event: delta\ndata: {"text":"Hi"}\n\n', 'event: done\ndata: {}\n\n']);
    expect(await collect(response)).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('reassembles events split anywhere across chunks, including inside a UTF-8 character', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"café ♪"}\n\n');
    const at = bytes.indexOf(0xc3) + 1; // between the two bytes of 'é'
    const { response } = streamResponse([bytes.slice(0, 5), bytes.slice(5, at), bytes.slice(at)]);
    expect(await collect(response)).toEqual([{ event: 'delta', data: '{"text":"café ♪"}' }]);
  });

  it('ignores comments (keep-alives) and joins multi-line data', async () => {
    const { response } = streamResponse([': keep-alive\n\n', 'data: line one\ndata: line two\n\n']);
    expect(await collect(response)).toEqual([{ event: undefined, data: 'line one\nline two' }]);
  });

  it('does not yield an event that never ended with a blank line', async () => {
    const { response } = streamResponse(['event: delta\ndata: {"text":"cut"}']);
    expect(await collect(response)).toEqual([]);
  });

  it('cancels the body when the reader stops early', async () => {
    const { response, cancelled } = streamResponse(['data: 1\n\n', 'data: 2\n\n', 'data: 3\n\n']);
    for await (const event of readEventStream(response)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled()).toBe(true);
  });

  it('yields nothing for a response without a body', async () => {
    expect(await collect(new Response(null))).toEqual([]);
  });
});
