import type { ToolType } from '@members-only/shared/constants';
import { useCallback } from 'react';
import { ChatPage } from '@/features/chat/pages/chat-page';
import { useCreateConversation, useStartConversation } from '@/features/conversations/api/create-conversation';

/** Composes AI Chat with the conversations feature (features do not import each other). */
export function ChatRoute() {
  const { mutateAsync } = useCreateConversation();
  const { start, pendingCategory } = useStartConversation();
  const createConversation = useCallback((category: ToolType) => mutateAsync({ category }), [mutateAsync]);
  return <ChatPage createConversation={createConversation} onStartTool={start} pendingTool={pendingCategory} />;
}
