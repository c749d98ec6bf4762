import type { ChatMessage } from '@members-only/shared/conversations';
import type { ToolType } from '@members-only/shared/constants';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { messagesQueryOptions, useMessages } from '@/lib/api/get-messages';
import { HttpError } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, messagesQueryKey, QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { ChatStreamError, readChatEvents } from '../api/chat-stream';
import { postRegenerate } from '../api/regenerate-reply';
import { postMessageStream } from '../api/send-message';

export const SEND_ERROR_DEFAULT = "Your message couldn't be sent. Please try again.";

/** The 'Error sending message' toast's description (spec §8). */
export function sendErrorDescription(error: unknown): string {
  if (error instanceof TypeError) return 'Network error. Please check your connection.';
  const status = error instanceof HttpError || error instanceof ChatStreamError ? error.status : undefined;
  const text = error instanceof Error ? error.message : '';
  if ((status !== undefined && status >= 500) || /\b500\b/.test(text)) return 'Server error. This could be an OpenAI API issue.';
  if (error instanceof HttpError) return error.serverMessage ?? SEND_ERROR_DEFAULT;
  return text || SEND_ERROR_DEFAULT;
}

/**
 * idle; creating (the first message of a new chat creates its conversation); waiting (for the
 * first token); streaming; stopping (Stop was pressed: waiting for the server's copy of the partial reply).
 */
export type ChatPhase = 'idle' | 'creating' | 'waiting' | 'streaming' | 'stopping';

export interface ChatFailure {
  description: string;
  /** 'regenerate' when the server holds the user's message; 'resend' when it never arrived. */
  retry: 'regenerate' | 'resend';
  content: string | null;
  /** When the service's Retry-After ends (ms since the epoch): Retry is offered from then on. */
  retryAt: number | null;
}

/** When a failure may be retried: now, or after the wait the service asked for (a 429's Retry-After). */
export function retryAtOf(error: unknown, now = Date.now()): number | null {
  const seconds = error instanceof HttpError || error instanceof ChatStreamError ? error.retryAfter : undefined;
  return seconds && seconds > 0 ? now + seconds * 1000 : null;
}

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

interface LiveState {
  phase: ChatPhase;
  /** The user's message shown before the server confirms it (negative id). */
  pendingUser: ChatMessage | null;
  /** The reply as it streams in. */
  text: string;
  failure: ChatFailure | null;
}

const IDLE: LiveState = { phase: 'idle', pendingUser: null, text: '', failure: null };

interface Run {
  controller: AbortController;
  conversationId: number;
  /** Stop was pressed. */
  stopped: boolean;
  /** The page moved to another conversation (or unmounted). */
  left: boolean;
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function appendMessage(queryClient: QueryClient, conversationId: number, message: ChatMessage) {
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (old) => [
    ...(old ?? []).filter((m) => m.id !== message.id),
    message,
  ]);
}

/**
 * One chat conversation: its stored messages (React Query) plus the turn in flight: optimistic
 * user message, streamed reply, Stop, failures with Retry, and Regenerate.
 */
export function useChatSession({ toolType, conversationId, createConversation, onConversationCreated, onSendStart }: ChatSessionOptions) {
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

  const activeIdRef = useRef(activeId);
  const routeIdRef = useRef(conversationId);
  const runRef = useRef<Run | null>(null);
  /** Set synchronously, so a double Enter cannot send twice. */
  const busyRef = useRef(false);
  useEffect(() => {
    activeIdRef.current = activeId;
  }, [activeId]);
  useEffect(() => {
    routeIdRef.current = conversationId;
  }, [conversationId]);
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  // Leaving a conversation (or the page) stops its reply; the server keeps what arrived.
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
  }, [activeId]);

  const messages = useMessages(activeId);

  const runStream = useCallback(
    async (kind: 'send' | 'regenerate', id: number, content: string | null) => {
      const run: Run = { controller: new AbortController(), conversationId: id, stopped: false, left: false };
      runRef.current = run;
      const key = messagesQueryKey(id);
      const isCurrent = () => runRef.current === run;
      const update = (fn: (state: LiveState) => LiveState) => {
        if (isCurrent()) setLive(fn);
      };
      // A refetch that started earlier must not overwrite what this turn adds.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      let userStored = kind === 'regenerate';
      let text = '';

      try {
        const response =
          kind === 'send' ? await postMessageStream(id, content ?? '', run.controller.signal) : await postRegenerate(id, run.controller.signal);
        for await (const event of readChatEvents(response)) {
          if (event.event === 'user') {
            userStored = true;
            await queryClient.cancelQueries({ queryKey: key, exact: true });
            appendMessage(queryClient, id, event.data);
            update((s) => ({ ...s, pendingUser: null }));
            // The first message may have renamed the conversation (auto title).
            void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
          } else if (event.event === 'delta') {
            text += event.data.text;
            update((s) => ({ ...s, phase: 'streaming', text }));
          } else if (event.event === 'done') {
            if (event.data.message) appendMessage(queryClient, id, event.data.message);
            update(() => IDLE);
          }
        }
        if (isCurrent()) {
          runRef.current = null;
          busyRef.current = false;
        }
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      } catch (error) {
        if (run.left) {
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
          return;
        }
        if (run.stopped) {
          update((s) => ({ ...s, phase: 'stopping', text }));
          // The server stores the partial reply when it notices the closed connection: wait for it.
          for (let attempt = 0; attempt < 6 && !run.left; attempt++) {
            try {
              const data = await queryClient.fetchQuery({ ...messagesQueryOptions(id), staleTime: 0 });
              if (!text.trim() || data.at(-1)?.role === 'assistant') break;
            } catch {
              break;
            }
            await sleep(150 * (attempt + 1));
          }
          if (isCurrent()) {
            runRef.current = null;
            busyRef.current = false;
            setLive(IDLE);
          }
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
          return;
        }
        const description = sendErrorDescription(error);
        toast({ title: 'Error sending message', description, variant: 'destructive' });
        update((s) => ({
          ...IDLE,
          // Not stored by the server: keep showing it, marked as not sent.
          pendingUser: userStored ? null : s.pendingUser,
          failure: { description, retry: userStored ? 'regenerate' : 'resend', content, retryAt: retryAtOf(error) },
        }));
        if (isCurrent()) {
          runRef.current = null;
          busyRef.current = false;
        }
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      } finally {
        // Each turn (sent, stopped or refused with 429) changes what is left of today's quota.
        void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
      }
    },
    [queryClient],
  );

  /** Sends `raw` (trimmed; blank is ignored). Resolves false when nothing was sent. */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const content = raw.trim();
      if (!content || busyRef.current) return false;
      busyRef.current = true;
      let id = activeIdRef.current;
      const pendingUser: ChatMessage = {
        id: -Date.now(),
        conversationId: id ?? 0,
        role: 'user',
        content,
        engine: null,
        status: 'complete',
        finishReason: null,
        createdAt: new Date().toISOString(),
      };
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
        queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(id), []);
        activeIdRef.current = id;
        setActiveId(id);
        onConversationCreated(id);
      }
      await runStream('send', id, content);
      return true;
    },
    [createConversation, onConversationCreated, onSendStart, queryClient, runStream, toolType],
  );

  /** Replaces the last reply, or answers an unanswered last message (Retry). */
  const regenerate = useCallback(async () => {
    const id = activeIdRef.current;
    if (id === null || busyRef.current) return;
    busyRef.current = true;
    const key = messagesQueryKey(id);
    const stored = queryClient.getQueryData<ChatMessage[]>(key) ?? [];
    if (stored.at(-1)?.role === 'assistant') queryClient.setQueryData(key, stored.slice(0, -1));
    setLive({ ...IDLE, phase: 'waiting' });
    onSendStart?.();
    await runStream('regenerate', id, null);
  }, [onSendStart, queryClient, runStream]);

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

  const stored = messages.data ?? [];
  const list =
    live.pendingUser && !stored.some((m) => m.id === live.pendingUser!.id) ? [...stored, live.pendingUser] : stored;

  return {
    conversationId: activeId,
    messages: list,
    query: messages,
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
