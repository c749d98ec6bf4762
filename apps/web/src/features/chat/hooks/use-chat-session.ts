import type { ChatMessage } from '@members-only/shared/conversations';
import type { ToolType } from '@members-only/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from '@/components/ui/use-toast';
import { getMessagesPage, useMessages } from '@/lib/api/get-messages';
import { EMPTY_HISTORY, withEarlierPage, type ChatHistory } from '@/lib/chat-history';
import { messagesQueryKey } from '@/lib/query-keys';
import { IDLE, runChatTurn, type LiveState, type Run } from './chat-turn';

export { SEND_ERROR_DEFAULT, retryAtOf, sendErrorDescription, type ChatFailure, type ChatPhase } from './chat-turn';

/** Seconds left until `retryAt`, ticking once a second; 0 once it has passed (or when there is none). */
export function useSecondsUntil(retryAt: number | null): number {
  const left = () => (retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (retryAt === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only retryAt
  }, [retryAt]);
  return seconds;
}

export interface ChatSessionOptions {
  toolType: ToolType;
  /** The conversation in the URL; null prepares a new one, created by the first message. */
  conversationId: number | null;
  createConversation: (category: ToolType) => Promise<{ id: number }>;
  /** Called once a new conversation exists (e.g. to put its id in the URL). */
  onConversationCreated: (id: number) => void;
  /** Called when a send starts, so the list can follow the reply. */
  onSendStart?: () => void;
  /** Called when earlier messages have arrived, just before they are put above the others (to hold the reader's place). */
  onEarlierArrived?: () => void;
}

/** A ref that follows `value` after each commit. */
function useSyncedRef<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/** True while the component is mounted. */
function useMountedRef() {
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);
  return mountedRef;
}

/** Leaving a conversation (or the page) stops its reply; the server keeps what arrived. */
function useStopRunOnLeave(activeId: number | null, runRef: RefObject<Run | null>, busyRef: RefObject<boolean>) {
  useEffect(() => {
    const id = activeId;
    return () => {
      const run = runRef.current;
      if (run && run.conversationId === id) {
        run.left = true;
        runRef.current = null;
        busyRef.current = false;
        run.controller.abort();
      }
    };
  }, [activeId, runRef, busyRef]);
}

/** The user's message as shown before the server confirms it (negative id). */
function optimisticUserMessage(conversationId: number | null, content: string): ChatMessage {
  return {
    id: -Date.now(),
    conversationId: conversationId ?? 0,
    role: 'user',
    content,
    engine: null,
    status: 'complete',
    finishReason: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * One chat conversation: its stored messages (React Query) plus the turn in flight: optimistic
 * user message, streamed reply, Stop, failures with Retry, and Regenerate.
 */
export function useChatSession({ toolType, conversationId, createConversation, onConversationCreated, onSendStart, onEarlierArrived }: ChatSessionOptions) {
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState(conversationId);
  const [live, setLive] = useState<LiveState>(IDLE);

  // Another conversation in the URL (sidebar, New Chat): start over, unless it is the one this
  // session just created for its first message.
  const [routeId, setRouteId] = useState(conversationId);
  if (conversationId !== routeId) {
    setRouteId(conversationId);
    if (conversationId !== activeId) {
      setActiveId(conversationId);
      setLive(IDLE);
    }
  }

  const activeIdRef = useSyncedRef(activeId);
  const routeIdRef = useSyncedRef(conversationId);
  const runRef = useRef<Run | null>(null);
  /** Set synchronously, so a double Enter cannot send twice. */
  const busyRef = useRef(false);
  const mountedRef = useMountedRef();
  useStopRunOnLeave(activeId, runRef, busyRef);

  const messages = useMessages(activeId);

  // "Show earlier messages": the page before the first message loaded, put above it in the same
  // cache entry. A failure says so and keeps what is loaded.
  const earlier = useMutation({
    mutationFn: ({ id, before }: { id: number; before: number }) => getMessagesPage(id, { before }),
    onSuccess: (page, { id, before }) => {
      onEarlierArrived?.();
      queryClient.setQueryData<ChatHistory>(messagesQueryKey(id), (old) => withEarlierPage(old, before, page));
    },
    onError: () => {
      toast({ title: 'Error loading messages', description: 'Could not load earlier messages. Please try again.', variant: 'destructive' });
    },
  });
  const loadingEarlier = earlier.isPending && earlier.variables.id === activeId;
  const { mutate: fetchEarlier } = earlier;
  const history = messages.data;
  const loadEarlier = useCallback(() => {
    const first = history?.messages[0];
    if (activeId === null || !history?.hasEarlier || !first || loadingEarlier) return;
    fetchEarlier({ id: activeId, before: first.id });
  }, [activeId, fetchEarlier, history, loadingEarlier]);

  const runStream = useCallback(
    (kind: 'send' | 'regenerate', id: number, content: string | null) => runChatTurn({ queryClient, runRef, busyRef, setLive }, kind, id, content),
    [queryClient],
  );

  /** Sends `raw` (trimmed; blank is ignored). Resolves false when nothing was sent. */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const content = raw.trim();
      if (!content || busyRef.current) return false;
      busyRef.current = true;
      let id = activeIdRef.current;
      const pendingUser = optimisticUserMessage(id, content);
      setLive({ ...IDLE, phase: id === null ? 'creating' : 'waiting', pendingUser });
      onSendStart?.();

      if (id === null) {
        try {
          id = (await createConversation(toolType)).id;
        } catch {
          // createConversation shows its own toast ('Error creating conversation').
          busyRef.current = false;
          setLive(IDLE);
          return false;
        }
        if (!mountedRef.current || routeIdRef.current !== null) {
          // The artist went elsewhere meanwhile: the new conversation waits in the sidebar.
          busyRef.current = false;
          return false;
        }
        // It is brand new, so it has no messages: nothing to load.
        queryClient.setQueryData<ChatHistory>(messagesQueryKey(id), EMPTY_HISTORY);
        activeIdRef.current = id;
        setActiveId(id);
        onConversationCreated(id);
      }
      await runStream('send', id, content);
      return true;
    },
    [activeIdRef, createConversation, mountedRef, onConversationCreated, onSendStart, queryClient, routeIdRef, runStream, toolType],
  );

  /** Replaces the last reply, or answers an unanswered last message (Retry). */
  const regenerate = useCallback(async () => {
    const id = activeIdRef.current;
    if (id === null || busyRef.current) return;
    busyRef.current = true;
    const key = messagesQueryKey(id);
    const stored = queryClient.getQueryData<ChatHistory>(key);
    if (stored?.messages.at(-1)?.role === 'assistant') queryClient.setQueryData<ChatHistory>(key, { ...stored, messages: stored.messages.slice(0, -1) });
    setLive({ ...IDLE, phase: 'waiting' });
    onSendStart?.();
    await runStream('regenerate', id, null);
  }, [activeIdRef, onSendStart, queryClient, runStream]);

  const retry = useCallback(() => {
    const failure = live.failure;
    // Not before the service's Retry-After has passed.
    if (failure?.retryAt && failure.retryAt > Date.now()) return;
    if (failure?.retry === 'resend' && failure.content) void send(failure.content);
    else void regenerate();
  }, [live.failure, regenerate, send]);

  const stop = useCallback(() => {
    const run = runRef.current;
    if (!run || run.stopped) return;
    run.stopped = true;
    run.controller.abort();
  }, []);

  const stored = history?.messages ?? [];
  const list =
    live.pendingUser && !stored.some((m) => m.id === live.pendingUser!.id) ? [...stored, live.pendingUser] : stored;

  return {
    conversationId: activeId,
    messages: list,
    query: messages,
    /** The conversation has messages before the first one loaded. */
    hasEarlier: history?.hasEarlier ?? false,
    loadingEarlier,
    /** Loads the page of messages before the first one loaded (does nothing while one is loading). */
    loadEarlier,
    phase: live.phase,
    busy: live.phase !== 'idle',
    streamingText: live.text,
    failure: live.failure,
    /** The optimistic message that never reached the server (shown as not sent). */
    unsentId: live.failure?.retry === 'resend' ? live.pendingUser?.id ?? null : null,
    send,
    regenerate,
    retry,
    stop,
  };
}
