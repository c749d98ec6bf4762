import { MessageSquareOff } from 'lucide-react';
import { NotFoundState } from '@/components/not-found-state';

/** An id that is not (or no longer) one of the artist's conversations. */
export function ConversationNotFound({ newChatPath }: { newChatPath: string }) {
  return (
    <NotFoundState
      icon={MessageSquareOff}
      title="Conversation not found"
      description="It may have been deleted, or the link is wrong."
      actionLabel="Start a new chat"
      actionTo={newChatPath}
      actionState={{ fresh: Date.now() }}
    />
  );
}
