import type { ChatMessage, ChatStreamEvent } from '@members-only/shared/conversations';
import { readEventStream } from '@/lib/event-stream';

/** An `error` event of a streamed reply: the model (or the server) failed after the stream began. */
export class ChatStreamError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ChatStreamError';
    this.status = status;
    this.code = code;
  }
}

const invalid = () => new Error('Invalid response from server');

function isMessage(value: unknown): value is ChatMessage {
  const m = value as ChatMessage | null;
  return Boolean(m) && typeof m!.id === 'number' && typeof m!.content === 'string' && (m!.role === 'user' || m!.role === 'assistant');
}

/**
 * The events of a streamed reply (`user`, `delta`..., then `done`), checked. An `error` event
 * throws ChatStreamError; a stream that ends without `done` is an invalid response.
 */
export async function* readChatEvents(response: Response): AsyncGenerator<ChatStreamEvent> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) throw invalid();
  for await (const raw of readEventStream(response)) {
    let data: any;
    try {
      data = JSON.parse(raw.data);
    } catch {
      throw invalid();
    }
    switch (raw.event) {
      case 'user':
        if (!isMessage(data)) throw invalid();
        yield { event: 'user', data };
        break;
      case 'delta':
        if (typeof data?.text === 'string') yield { event: 'delta', data: { text: data.text } };
        break;
      case 'done':
        if (data?.message !== null && !isMessage(data?.message)) throw invalid();
        yield { event: 'done', data: { message: data.message, engine: String(data.engine ?? '') } };
        return;
      case 'error':
        throw new ChatStreamError(
          typeof data?.message === 'string' ? data.message : '',
          typeof data?.status === 'number' ? data.status : 500,
          typeof data?.code === 'string' ? data.code : undefined,
        );
      default:
      // Unknown events (e.g. keep-alive comments are not events at all) are ignored.
    }
  }
  throw invalid();
}
