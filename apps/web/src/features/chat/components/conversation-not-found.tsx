import { MessageSquareOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';

/** An id that is not (or no longer) one of the artist's conversations. */
export function ConversationNotFound({ newChatPath }: { newChatPath: string }) {
  return (
    <section
      aria-labelledby="conversation-not-found"
      className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card/60 px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <MessageSquareOff aria-hidden="true" className="size-6" />
      </span>
      <h2 id="conversation-not-found" className="mt-4 text-lg font-semibold">
        Conversation not found
      </h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
      <Link to={newChatPath} state={{ fresh: Date.now() }} className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
        Start a new chat
      </Link>
    </section>
  );
}
