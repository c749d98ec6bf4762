import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Reads a `text/event-stream` response body event by event. Breaking out of the loop cancels
 * the body; aborting the request's signal makes the next read throw an AbortError.
 */
export async function* readEventStream(response: Response): AsyncGenerator<EventSourceMessage> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length) yield queue.shift()!;
    }
    parser.feed(decoder.decode());
    while (queue.length) yield queue.shift()!;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
