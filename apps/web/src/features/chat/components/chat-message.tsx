import type { ChatMessage, MessageFinishReason } from '@members-only/shared/conversations';
import { Ban, Bot, Copy, Cpu, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { copyText } from '@/lib/clipboard';
import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';
import { MessageMarkdown } from './message-markdown';
import { TypingIndicator } from './typing-indicator';

/** `author` is the signed-in user's name: the avatar shows its initials (issue 24), not a fixed "MC". */
export function UserMessage({ message, author, children }: { message: Pick<ChatMessage, 'content'>; author: string | null; children?: ReactNode }) {
  return (
    <article aria-label="Your message" className="flex justify-end gap-3">
      <div className="grid max-w-[85%] justify-items-end gap-1.5 sm:max-w-[75%]">
        <div className="whitespace-pre-wrap break-words rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-[0.9375rem] leading-relaxed text-primary-foreground">
          {message.content}
        </div>
        {children}
      </div>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary-soft-foreground"
        data-testid="user-avatar"
      >
        {author ? initialsOf(author) : null}
      </span>
    </article>
  );
}

/** What the artist is told about a reply the model did not finish as a complete answer. */
export const FINISH_NOTES: Partial<Record<MessageFinishReason, string>> = {
  length: 'This reply was cut off.',
  content_filter: "This reply was filtered by the model's content rules.",
  refusal: 'The model declined to answer.',
};

interface AssistantMessageProps {
  /** The reply so far; empty while waiting for the first token. */
  text: string;
  engine: string | null;
  stopped?: boolean;
  /** Why the model ended the reply: anything but 'stop' (or none) is said under it. */
  finishReason?: MessageFinishReason | null;
  /** Still arriving: no actions yet. */
  streaming?: boolean;
  onRegenerate?: () => void;
  actionsDisabled?: boolean;
}

export function AssistantMessage({ text, engine, stopped, finishReason, streaming, onRegenerate, actionsDisabled }: AssistantMessageProps) {
  const finishNote = finishReason ? FINISH_NOTES[finishReason] : undefined;
  const copy = async () => {
    const ok = await copyText(text);
    toast(ok ? { title: 'Copied', description: 'The reply is on your clipboard.' } : { title: 'Could not copy', description: 'Your browser blocked the clipboard.', variant: 'destructive' });
  };

  return (
    // scroll-mt: when the chat brings a reply's start into view, the room kept above it (phones' top bar, the question's end).
    <article aria-label="Assistant reply" aria-busy={streaming || undefined} className="flex scroll-mt-20 gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full border border-border bg-card text-primary"
      >
        <Bot className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="min-w-0 rounded-2xl rounded-tl-sm border border-border bg-card px-4 py-3 text-card-foreground shadow-xs">
          {text ? <MessageMarkdown text={text} /> : <TypingIndicator />}
          {finishNote ? (
            <p
              className="mt-3 flex items-start gap-2 border-t border-border pt-2 text-sm font-medium text-destructive-text"
              data-testid="message-finish"
              data-finish-reason={finishReason}
            >
              {finishReason === 'refusal' ? (
                <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              )}
              {finishNote}
            </p>
          ) : null}
        </div>
        <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', !text && 'sr-only')}>
          {engine ? (
            <span className="inline-flex items-center gap-1" data-testid="message-engine">
              <Cpu aria-hidden="true" className="size-3.5" />
              {engine}
            </span>
          ) : null}
          {stopped ? <Badge variant="outline">Stopped</Badge> : null}
          {!streaming && text ? (
            <span className="flex items-center gap-1">
              <Button variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground" onClick={() => void copy()}>
                <Copy aria-hidden="true" /> Copy
              </Button>
              {onRegenerate ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-muted-foreground"
                  disabled={actionsDisabled}
                  onClick={onRegenerate}
                >
                  <RefreshCw aria-hidden="true" /> Regenerate
                </Button>
              ) : null}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}
