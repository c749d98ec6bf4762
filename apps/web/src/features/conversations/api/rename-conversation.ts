import { conversationSchema, type Conversation } from '@members-only/shared/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, sendJson } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

/** PATCH /api/conversations/:id: answers the renamed conversation. */
export function renameConversation({ id, title }: { id: number; title: string }) {
  return sendJson('PATCH', `/api/conversations/${id}`, { title }, conversationSchema);
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: (updated) => {
      // Show the new title at once, then refetch so the order matches the server's.
      queryClient.setQueryData<Conversation[]>(CONVERSATIONS_QUERY_KEY, (list) =>
        list?.map((c) => (c.id === updated.id ? { ...c, title: updated.title } : c)),
      );
      return queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
    onError: (error) => {
      toast({ title: 'Could not rename conversation', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
