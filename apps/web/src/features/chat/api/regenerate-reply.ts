import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/conversations/:id/regenerate: replaces the last reply, or answers an unanswered last
 * user message (Retry). Streams like postMessageStream, without a `user` event.
 */
export function postRegenerate(conversationId: number, signal: AbortSignal): Promise<Response> {
  return apiRequest('POST', `/api/conversations/${conversationId}/regenerate`, undefined, { signal });
}
