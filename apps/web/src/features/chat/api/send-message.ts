import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/conversations/:id/messages/stream: stores the user's message and streams the reply
 * (read it with readChatEvents). Errors before the stream starts throw HttpError; aborting
 * `signal` stops the reply (the server keeps what arrived, marked 'stopped').
 */
export function postMessageStream(conversationId: number, content: string, signal: AbortSignal): Promise<Response> {
  return apiRequest('POST', `/api/conversations/${conversationId}/messages/stream`, { content }, { signal });
}
