import type { ChatMessage } from '@members-only/shared/conversations';
import type { QueryClient } from '@tanstack/react-query';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { toast } from '@/components/ui/use-toast';
import { messagesQueryOptions } from '@/lib/api/get-messages';
import { appendToHistory } from '@/lib/chat-history';
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

export interface LiveState {
  phase: ChatPhase;
  /** The user's message shown before the server confirms it (negative id). */
  pendingUser: ChatMessage | null;
  /** The reply as it streams in. */
  text: string;
  failure: ChatFailure | null;
}

export const IDLE: LiveState = { phase: 'idle', pendingUser: null, text: '', failure: null };

export interface Run {
  controller: AbortController;
  conversationId: number;
  /** Stop was pressed. */
  stopped: boolean;
  /** The page moved to another conversation (or unmounted). */
  left: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a turn reaches in its chat session: the query cache, the run and busy flags, the live state. */
export interface TurnContext {
  queryClient: QueryClient;
  runRef: RefObject<Run | null>;
  busyRef: RefObject<boolean>;
  setLive: Dispatch<SetStateAction<LiveState>>;
}

/**
 * One turn (a sent message or a regenerated reply) from request to stored reply: streams it into
 * the live state, and on Stop waits for the server's copy of the partial reply; a failure becomes
 * a toast and a ChatFailure to retry.
 */
export async function runChatTurn(
  { queryClient, runRef, busyRef, setLive }: TurnContext,
  kind: 'send' | 'regenerate',
  id: number,
  content: string | null,
) {
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
        appendToHistory(queryClient, id, event.data);
        update((s) => ({ ...s, pendingUser: null }));
        // The first message may have renamed the conversation (auto title).
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      } else if (event.event === 'delta') {
        text += event.data.text;
        update((s) => ({ ...s, phase: 'streaming', text }));
      } else if (event.event === 'done') {
        if (event.data.message) appendToHistory(queryClient, id, event.data.message);
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
          if (!text.trim() || data.messages.at(-1)?.role === 'assistant') break;
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
}
