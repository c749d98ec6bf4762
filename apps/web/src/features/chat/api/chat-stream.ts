import { chatMessageSchema, type ChatStreamEvent } from '@members-only/shared/conversations';
import { z } from 'zod';
import { InvalidResponseError, parseResponse } from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream';

/** An `error` event of a streamed reply: the model (or the server) failed after the stream began. */
export class ChatStreamError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Seconds the service asked us to wait before trying again (its Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(message: string, status: number, code?: string, retryAfter?: number) {
    super(message);
    this.name = 'ChatStreamError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** The data of each event a streamed reply may send (`ChatStreamEvent` in @members-only/shared). */
const userEventSchema = chatMessageSchema;
const deltaEventSchema = z.object({ text: z.string() });
const doneEventSchema = z.object({
  message: chatMessageSchema.nullable(),
  engine: z.string().nullish().transform((engine) => engine ?? ''),
});
/** Lenient: whatever the server manages to say about a failure is passed on. */
const errorEventSchema = z
  .object({
    message: z.string().catch(''),
    status: z.number().int().catch(500),
    code: z.string().optional().catch(undefined),
    retryAfter: z.number().nonnegative().max(86_400).optional().catch(undefined),
  })
  .catch({ message: '', status: 500, code: undefined, retryAfter: undefined });

/**
 * The events of a streamed reply (`user`, `delta`..., then `done`), each checked against its
 * schema. An `error` event throws ChatStreamError; a malformed event, or a stream that ends
 * without `done`, is an invalid response (InvalidResponseError).
 */
export async function* readChatEvents(response: Response): AsyncGenerator<ChatStreamEvent> {
  const url = response.url;
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    console.error('Invalid response from server: not an event stream', url);
    throw new InvalidResponseError(url);
  }
  for await (const raw of readEventStream(response)) {
    let data: unknown;
    try {
      data = JSON.parse(raw.data);
    } catch {
      console.error(`Invalid response from server: the data of a '${raw.event ?? 'message'}' event is not JSON`, url);
      throw new InvalidResponseError(url);
    }
    switch (raw.event) {
      case 'user':
        yield { event: 'user', data: parseResponse(userEventSchema, data, url) };
        break;
      case 'delta': {
        // A delta without text is skipped rather than failing the whole reply.
        const delta = deltaEventSchema.safeParse(data);
        if (delta.success) yield { event: 'delta', data: delta.data };
        break;
      }
      case 'done':
        yield { event: 'done', data: parseResponse(doneEventSchema, data, url) };
        return;
      case 'error': {
        const error = errorEventSchema.parse(data);
        throw new ChatStreamError(error.message, error.status, error.code, error.retryAfter);
      }
      default:
      // Unknown events (keep-alive comments are not events at all) are ignored.
    }
  }
  console.error('Invalid response from server: the stream ended before its done event', url);
  throw new InvalidResponseError(url);
}
