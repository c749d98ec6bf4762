import { TOOL_PATHS, type ConversationCategory, type ToolType } from '@members-only/shared/constants';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { parseIdParam } from '@/lib/route-params';
import { sectionById } from '@/lib/sections';
import { ChatPanel } from '../components/chat-panel';
import { ConversationNotFound } from '../components/conversation-not-found';

export interface ChatPageProps {
  createConversation: (category: ToolType) => Promise<{ id: number }>;
  onStartTool?: (category: ConversationCategory) => void;
  userName?: string | null;
}

/**
 * /chat and /chat/:id. Without an id the chat is new: its first message creates the conversation
 * and the URL becomes /chat/:id without starting over. Any other change of conversation (sidebar,
 * New Chat) mounts a fresh panel, which stops a reply still streaming in the old one.
 */
export function ChatPage({ createConversation, onStartTool, userName }: ChatPageProps) {
  const section = sectionById('chat');
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = parseIdParam(params.id);
  const fresh = (location.state as { fresh?: unknown } | null)?.fresh;
  const [created, setCreated] = useState<{ id: number; key: string } | null>(null);
  const key = created && created.id === id ? created.key : id === null ? `new:${String(fresh ?? '')}` : `id:${String(id)}`;

  return (
    <div data-fill-main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 pt-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      {id === 'invalid' ? (
        <ConversationNotFound newChatPath={TOOL_PATHS.chat} />
      ) : (
        <ChatPanel
          key={key}
          toolType="chat"
          conversationId={id}
          createConversation={createConversation}
          onConversationCreated={(newId) => {
            setCreated({ id: newId, key });
            void navigate(`${TOOL_PATHS.chat}/${newId}`, { replace: true });
          }}
          onStartTool={onStartTool}
          userName={userName}
        />
      )}
    </div>
  );
}
