import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ChatFailure } from '../hooks/use-chat-session';

interface ChatFailureNoticeProps {
  /** The failed turn; null when the last message simply has no reply yet. */
  failure: ChatFailure | null;
  /** Seconds left of the service's Retry-After (0: Retry is offered). */
  retryWait: number;
  busy: boolean;
  onRetry: () => void;
}

/** Under the log: why the last turn has no reply, with Retry (or its countdown). */
export function ChatFailureNotice({ failure, retryWait, busy, onRetry }: ChatFailureNoticeProps) {
  return (
    <div className="ml-11 flex flex-wrap items-center gap-3 rounded-xl border border-destructive/40 bg-card px-4 py-3 text-sm">
      <AlertCircle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
      <span className="min-w-0 flex-1">
        {failure ? (
          <>
            <span className="font-medium">
              {failure.retry === 'resend' ? 'Your message was not sent.' : 'No reply was received.'}
            </span>{' '}
            <span className="text-muted-foreground">{failure.description}</span>
          </>
        ) : (
          <span className="text-muted-foreground">This message has no reply yet.</span>
        )}
      </span>
      {retryWait > 0 ? (
        // The service asked us to wait (its Retry-After): Retry is offered once the wait is over.
        <span role="status" className="shrink-0 whitespace-nowrap text-muted-foreground tabular-nums">
          Retry in {retryWait} s
        </span>
      ) : (
        <Button size="sm" variant="outline" onClick={onRetry} disabled={busy}>
          Retry
        </Button>
      )}
    </div>
  );
}
