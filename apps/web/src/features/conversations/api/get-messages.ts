import type { Message } from '@members-only/shared/conversations';
import { TIMINGS } from '@members-only/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { anySignal } from '@/lib/abort';
import { getJson } from '@/lib/api-client';
import { messagesQueryKey } from '@/lib/query-keys';

export { messagesQueryKey };

/** A conversation's messages; gives up after 10 s (spec §7). Non-array replies are invalid (spec §5). */
export async function getMessages(conversationId: number, signal?: AbortSignal): Promise<Message[]> {
  const timeout = AbortSignal.timeout(TIMINGS.messageLoadTimeoutMs);
  const data = await getJson<unknown>(messagesQueryKey(conversationId)[0], {
    signal: signal ? anySignal([signal, timeout]) : timeout,
  });
  if (!Array.isArray(data)) throw new Error('Invalid response from server');
  return data as Message[];
}

export function useMessages(conversationId: number | null) {
  return useQuery({
    queryKey: messagesQueryKey(conversationId ?? 0),
    queryFn: ({ signal }) => getMessages(conversationId as number, signal),
    enabled: conversationId !== null,
  });
}
