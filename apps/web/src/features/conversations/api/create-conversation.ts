import { conversationSchema } from '@members-only/shared/conversations';
import { DEFAULT_CONVERSATION_TITLES, type ConversationCategory } from '@members-only/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { sendJson } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/lib/query-keys';

export interface CreateConversationVariables {
  category: ConversationCategory;
  title?: string;
}

/** POST /api/conversations: a new conversation of a tool, titled after it unless `title` is given. */
export function createConversation({ category, title }: CreateConversationVariables) {
  return sendJson('POST', '/api/conversations', { title: title ?? DEFAULT_CONVERSATION_TITLES[category], category }, conversationSchema);
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
    onError: () => {
      toast({
        title: 'Error creating conversation',
        description: 'Failed to create a new conversation. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
