/**
 * Query keys shared by more than one feature. The first element is the GET path, so
 * invalidating ['/api/conversations'] also refreshes searches.
 */
export const CONVERSATIONS_QUERY_KEY = ['/api/conversations'] as const;

export function conversationSearchQueryKey(q: string) {
  return ['/api/conversations', 'search', q] as const;
}

export function messagesQueryKey(conversationId: number) {
  return [`/api/conversations/${conversationId}/messages`] as const;
}

/** The signed-in artist's plan and what is left of each daily quota (GET /api/quotas). */
export const QUOTAS_QUERY_KEY = ['/api/quotas'] as const;
