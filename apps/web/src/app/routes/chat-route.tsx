import type { ToolType } from '@members-only/shared/constants';
import { useCallback } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { ChatPage } from '@/features/chat/pages/chat-page';
import { useCreateConversation } from '@/features/conversations/api/create-conversation';
import { useOpenTool } from '@/lib/use-open-tool';

/** Composes AI Chat with the conversations feature (features do not import each other). */
export function ChatRoute() {
  const { mutateAsync } = useCreateConversation();
  const openTool = useOpenTool();
  const { user } = useUser();
  const createConversation = useCallback((category: ToolType) => mutateAsync({ category }), [mutateAsync]);
  return <ChatPage createConversation={createConversation} onStartTool={openTool} userName={user?.username ?? null} />;
}
