import type { ChatMessage } from '@members-only/shared/conversations';
import { TIMINGS } from '@members-only/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { anySignal } from '@/lib/abort';
import { getJson } from '@/lib/api-client';
import { messagesQueryKey } from '@/lib/query-keys';

/** A conversation's messages, oldest first; gives up after 10 s (spec §7). Non-arrays are invalid (spec §5). */
export async function getChatMessages(conversationId: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  const timeout = AbortSignal.timeout(TIMINGS.messageLoadTimeoutMs);
  const data = await getJson<unknown>(messagesQueryKey(conversationId)[0], {
    signal: signal ? anySignal([signal, timeout]) : timeout,
  });
  if (!Array.isArray(data)) throw new Error('Invalid response from server');
  return data as ChatMessage[];
}

export function chatMessagesQueryOptions(conversationId: number) {
  return {
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => getChatMessages(conversationId, signal),
  };
}

export function useChatMessages(conversationId: number | null) {
  return useQuery({
    ...chatMessagesQueryOptions(conversationId ?? 0),
    enabled: conversationId !== null,
  });
}
