import { TOOL_PATHS, type ConversationCategory, type ToolType } from '@members-only/shared/constants';
import { AlertCircle, ChevronUp, Cpu, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isAbortError } from '@/lib/abort';
import { HttpError } from '@/lib/api-client';
import { useEngineInfo } from '@/lib/api/get-engine-info';
import { useChatSession, useSecondsUntil } from '../hooks/use-chat-session';
import { useFollowReply } from '../hooks/use-follow-reply';
import { useHoldPlace } from '../hooks/use-hold-place';
import { PLACEHOLDERS, QUICK_ACTIONS } from '../tool-config';
import { ChatFailureNotice } from './chat-failure-notice';
import { AssistantMessage, UserMessage } from './chat-message';
import { ConversationNotFound } from './conversation-not-found';
import { MessageComposer } from './message-composer';
import { preloadMarkdown } from './message-markdown';
import { QuickActions } from '@/components/quick-actions';

export interface ChatPanelProps {
  /** Picks the input placeholder, the quick actions and the engine (later tools embed this panel). */
  toolType: ToolType;
  /** The open conversation; null prepares a new one, created when the first message is sent. */
  conversationId: number | null;
  createConversation: (category: ToolType) => Promise<{ id: number }>;
  /** A new conversation exists: put it in the URL (replace, so Back does not return to the empty chat). */
  onConversationCreated: (id: number) => void;
  /** Navigation chips: open another tool. */
  onStartTool?: (category: ConversationCategory) => void;
  /** The signed-in user's name, whose initials the user's messages wear. */
  userName?: string | null;
}

/** A chat with one of the tools: messages, streamed replies, Stop/Retry/Regenerate, input and quick actions. */
export function ChatPanel({ toolType, conversationId, createConversation, onConversationCreated, onStartTool, userName = null }: ChatPanelProps) {
  const engineInfo = useEngineInfo();
  const engine = engineInfo.data?.engines?.[toolType] ?? null;
  const [draft, setDraft] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  /**
   * The page follows the newest reply down to its first line and stops there (the artist reads
   * from the top while the rest streams in), until the artist scrolls; each send starts again.
   */
  const pinnedRef = useRef(true);
  /** Notes the message in view before earlier ones are put above it, so it stays in place. */
  const holdPlace = useHoldPlace(logRef);

  const session = useChatSession({
    toolType,
    conversationId,
    createConversation,
    onConversationCreated,
    onSendStart: useCallback(() => {
      pinnedRef.current = true;
    }, []),
    onEarlierArrived: holdPlace,
  });
  const { query, messages, phase, busy } = session;

  useEffect(preloadMarkdown, []);

  // Spec §8: a failed load (not a cancelled or timed-out one) says so; a missing conversation has its own state.
  useEffect(() => {
    const error = query.error;
    if (!error || isAbortError(error) || (error instanceof HttpError && error.status === 404)) return;
    toast({ title: 'Error loading messages', description: 'Could not load conversation messages. Please try again.', variant: 'destructive' });
  }, [query.error, query.errorUpdatedAt]);

  useFollowReply(pinnedRef, logRef, { messageCount: messages.length, streamingText: session.streamingText, phase, failure: session.failure });

  // The service's Retry-After, counted down: Retry is offered when it reaches 0.
  const retryWait = useSecondsUntil(session.failure?.retryAt ?? null);

  if (query.error instanceof HttpError && query.error.status === 404) {
    return <ConversationNotFound newChatPath={TOOL_PATHS[toolType]} />;
  }

  const send = async () => {
    const content = draft;
    if (!content.trim() || busy) return;
    setDraft('');
    const sent = await session.send(content);
    // The conversation could not be created: give the text back.
    if (!sent) setDraft((current) => current || content);
  };

  const fill = (text: string) => {
    setDraft(text);
    requestAnimationFrame(() => {
      const el = textareaRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(text.length, text.length);
    });
  };

  const loading = session.conversationId !== null && query.isPending && query.fetchStatus !== 'idle';
  const live = phase !== 'idle';
  const last = messages.at(-1);
  const unanswered = !live && !session.failure && last?.role === 'user' && last.id > 0;
  const canStop = phase === 'waiting' || phase === 'streaming';

  const showEarlier = () => {
    // The artist is reading back: the page no longer follows a reply down.
    pinnedRef.current = false;
    session.loadEarlier();
  };

  return (
    <div className="flex flex-1 flex-col gap-4">
      <EngineLabel engine={engine} />

      {session.hasEarlier ? (
        <Button variant="outline" size="sm" className="self-center rounded-full" disabled={session.loadingEarlier} onClick={showEarlier}>
          {session.loadingEarlier ? <Spinner /> : <ChevronUp aria-hidden="true" />}
          {session.loadingEarlier ? 'Loading…' : 'Show earlier messages'}
        </Button>
      ) : null}

      <div ref={logRef} role="log" aria-live="polite" aria-label="Messages" className="grid min-h-[30vh] flex-1 content-start gap-6 pb-2">
        <LogState loading={loading} failed={query.isError} empty={messages.length === 0 && !live} onReload={() => void query.refetch()} />

        {messages.map((message, index) =>
          message.role === 'user' ? (
            <UserMessage key={message.id} message={message} author={userName}>
              {message.id === session.unsentId ? <span className="text-xs text-destructive-text">Not sent</span> : null}
            </UserMessage>
          ) : (
            <AssistantMessage
              key={message.id}
              text={message.content}
              engine={message.engine}
              stopped={message.status === 'stopped'}
              finishReason={message.finishReason}
              onRegenerate={index === messages.length - 1 ? () => void session.regenerate() : undefined}
              actionsDisabled={busy}
            />
          ),
        )}

        {live && (phase !== 'stopping' || session.streamingText) ? (
          <AssistantMessage text={session.streamingText} engine={engine} stopped={phase === 'stopping'} streaming={phase !== 'stopping'} />
        ) : null}

        {session.failure || unanswered ? (
          <ChatFailureNotice failure={session.failure} retryWait={retryWait} busy={busy} onRetry={session.retry} />
        ) : null}
      </div>

      <div className="sticky bottom-0 z-10 -mx-2 grid gap-3 bg-background/95 px-2 pb-4 pt-2 backdrop-blur">
        {canStop ? (
          <Button variant="outline" size="sm" className="justify-self-center rounded-full" onClick={session.stop}>
            <Square aria-hidden="true" className="fill-current" /> Stop
          </Button>
        ) : null}
        <MessageComposer
          value={draft}
          onChange={setDraft}
          onSend={() => void send()}
          // Nothing is sent into a conversation whose messages are still loading.
          busy={busy || loading}
          placeholder={PLACEHOLDERS[toolType]}
          textareaRef={textareaRef}
        />
        <QuotaHint kind="chat" className="-mt-1 px-2" />
        <QuickActions actions={QUICK_ACTIONS[toolType]} onFill={fill} onNavigate={onStartTool} />
      </div>
    </div>
  );
}

/** Which engine answers this tool's chat (its name once the engine info has loaded). */
function EngineLabel({ engine }: { engine: string | null }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="engine-label">
      <Cpu aria-hidden="true" className="size-3.5" />
      {engine ? (
        <span>
          Answers from: <span className="font-medium text-foreground">{engine}</span>
        </span>
      ) : (
        <span>Answers from: …</span>
      )}
    </p>
  );
}

/** The log's own state, above its messages: loading, failed to load (Try again), or still empty. */
function LogState({ loading, failed, empty, onReload }: { loading: boolean; failed: boolean; empty: boolean; onReload: () => void }) {
  return loading ? (
    <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner /> Loading conversation
    </div>
  ) : failed ? (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
      <AlertCircle aria-hidden="true" className="size-4 text-destructive-text" />
      Could not load the messages.
      <Button variant="outline" size="sm" onClick={onReload}>
        Try again
      </Button>
    </div>
  ) : empty ? (
    <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Start a conversation!</p>
  ) : null;
}
