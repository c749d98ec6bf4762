import { idParamSchema } from '@members-only/shared/conversations';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/api/get-messages';
import { HttpError } from '@/lib/api-client';
import { sectionById, type SectionId } from '@/lib/sections';
import { useConversations } from '../api/get-conversations';

/**
 * Stand-in for a tool whose screen is not built yet, inside the real layout. With an id it
 * confirms the conversation exists (404 for someone else's, amendment B2).
 */
export function ToolPlaceholderPage({ sectionId }: { sectionId: SectionId }) {
  const section = sectionById(sectionId);
  const params = useParams();
  const parsed = params.id === undefined ? null : idParamSchema.safeParse({ id: params.id });
  const conversationId = parsed?.success ? parsed.data.id : null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8">
      <PageHeader title={section.title} subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-8">
        {parsed && !parsed.success ? (
          <ConversationMissing toolPath={section.path} />
        ) : conversationId !== null ? (
          <SavedConversation id={conversationId} toolLabel={section.label} toolPath={section.path} />
        ) : (
          <ComingSoon>
            {section.label} is being built. Your sessions will be saved here, and you can come back to them from the
            sidebar.
          </ComingSoon>
        )}
      </div>
    </div>
  );
}

function SavedConversation({ id, toolLabel, toolPath }: { id: number; toolLabel: string; toolPath: string }) {
  const messages = useMessages(id);
  const conversations = useConversations({ enabled: true });
  const conversation = conversations.data?.find((c) => c.id === id);

  if (messages.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading conversation
      </div>
    );
  }
  if (messages.error instanceof HttpError && messages.error.status === 404) {
    return <ConversationMissing toolPath={toolPath} />;
  }
  if (messages.isError) {
    return (
      <ComingSoon title="Could not load this conversation">
        <p>Please check your connection and try again.</p>
        <Button className="mt-4" variant="outline" onClick={() => void messages.refetch()}>
          Try again
        </Button>
      </ComingSoon>
    );
  }
  const count = messages.data.length;
  return (
    <ComingSoon title={conversation ? `“${conversation.title}” is saved` : 'Your conversation is saved'}>
      {toolLabel} is being built. This conversation is saved
      {count > 0 ? ` with ${count} message${count === 1 ? '' : 's'}` : ''} and will open here when the tool is ready.
    </ComingSoon>
  );
}

function ConversationMissing({ toolPath }: { toolPath: string }) {
  return (
    <ComingSoon title="Conversation not found">
      <p>It may have been deleted, or the link is wrong.</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={toolPath}>Start fresh</Link>
      </Button>
    </ComingSoon>
  );
}
