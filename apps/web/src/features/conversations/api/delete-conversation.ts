import type { Conversation } from '@members-only/shared/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { EMPTY_HISTORY, type ChatHistory } from '@/lib/chat-history';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, messagesQueryKey } from '@/lib/query-keys';

export async function deleteConversation(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/conversations/${id}`);
}

/** `onDeleted` runs first (even if the calling component unmounts), e.g. to leave the deleted conversation's page. */
export function useDeleteConversation({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => {
      onDeleted?.(id);
      queryClient.setQueryData<Conversation[]>(CONVERSATIONS_QUERY_KEY, (list) =>
        list?.filter((c) => c.id !== id),
      );
      // Not removeQueries: a page still showing it would refetch (404) before it navigates away.
      // Empty is also right should the id ever be reused by a new conversation.
      queryClient.setQueryData<ChatHistory>(messagesQueryKey(id), EMPTY_HISTORY);
      toast({ title: 'Conversation deleted' });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
    onError: (error) => {
      toast({ title: 'Could not delete conversation', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
