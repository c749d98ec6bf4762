import type { ChatMessage } from '@members-only/shared/conversations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '@/components/ui/use-toast';
import { messagesQueryKey, QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { messagesPageResponse } from '@/test/message-pages';
import { sse, streamResponse } from '@/test/streams';
import { useChatSession, useSecondsUntil } from './use-chat-session';

const CONVERSATION = 7;

const stored = (id: number, role: ChatMessage['role'], content: string): ChatMessage => ({
  id,
  conversationId: CONVERSATION,
  role,
  content,
  engine: role === 'assistant' ? 'Built-in guide' : null,
  status: 'complete',
  finishReason: role === 'assistant' ? 'stop' : null,
  createdAt: '2026-11-23T10:00:00.000Z',
});

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let queryClient: QueryClient;

function setup() {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(
    () =>
      useChatSession({
        toolType: 'chat',
        conversationId: CONVERSATION,
        createConversation: () => Promise.reject(new Error('not used')),
        onConversationCreated: () => undefined,
      }),
    { wrapper },
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the quota hint shows: must be refreshed after each turn.
  queryClient.setQueryData(QUOTAS_QUERY_KEY, null);
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const MESSAGES_URL = `/api/conversations/${CONVERSATION}/messages`;

/** GETs of the messages answer pages of `list` as the server does; the streamed POST answers `post()`. */
function route(list: () => ChatMessage[], post: () => Response) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url.split('?')[0] === MESSAGES_URL && (init?.method ?? 'GET') === 'GET') return Promise.resolve(messagesPageResponse(list(), url));
    if (url === `/api/conversations/${CONVERSATION}/messages/stream` && init?.method === 'POST') return Promise.resolve(post());
    return Promise.resolve(Response.json({ message: `unexpected ${url}` }, { status: 404 }));
  });
}

describe('useChatSession', () => {
  it('sends a message, streams the reply and ends with both stored, refreshing the quotas', async () => {
    const user = stored(1, 'user', 'How do I price a beat?');
    const reply = stored(2, 'assistant', 'Start at $50.');
    let server: ChatMessage[] = [];
    route(
      () => server,
      () => {
        server = [user, reply];
        return streamResponse([sse('user', user), sse('delta', { text: 'Start ' }), sse('delta', { text: 'at $50.' }), sse('done', { message: reply, engine: 'Built-in guide' })]).response;
      },
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send('  How do I price a beat?  ');
    });

    expect(sent).toBe(true);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ content: 'How do I price a beat?' });
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    expect(result.current.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How do I price a beat?'],
      ['assistant', 'Start at $50.'],
    ]);
    expect(result.current.failure).toBeNull();
    expect(queryClient.getQueryState(QUOTAS_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('ignores blank messages and a second send while one is in flight', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((_input, init) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (release = resolve)) : Promise.resolve(Response.json([])),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    expect(await result.current.send('   ')).toBe(false);
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.send('one');
    });
    expect(await result.current.send('two')).toBe(false);
    await waitFor(() => expect(result.current.messages.map((m) => m.content)).toEqual(['one']));
    expect(result.current.phase).toBe('waiting');

    await act(async () => {
      release(streamResponse([sse('done', { message: null, engine: 'x' })]).response);
      await first;
    });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('keeps a refused message on screen as not sent, with the server’s reason and a resend retry', async () => {
    const refusal = { message: "You've used today's 30 chat messages. They reset at 00:00 UTC.", code: 'quota_exceeded' };
    route(
      () => [],
      () => Response.json(refusal, { status: 429 }),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    await act(async () => {
      await result.current.send('One more idea?');
    });

    expect(result.current.phase).toBe('idle');
    expect(result.current.failure).toEqual({ description: refusal.message, retry: 'resend', content: 'One more idea?', retryAt: null });
    expect(result.current.messages.map((m) => m.content)).toEqual(['One more idea?']);
    expect(result.current.unsentId).toBe(result.current.messages[0]!.id);
    expect(queryClient.getQueryState(QUOTAS_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('asks to regenerate, not resend, when the server stored the message but the reply failed', async () => {
    const user = stored(1, 'user', 'Hi');
    let server: ChatMessage[] = [];
    route(
      () => server,
      () => {
        server = [user];
        return streamResponse([sse('user', user), sse('error', { message: 'The AI service timed out.', status: 504 })]).response;
      },
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    await act(async () => {
      await result.current.send('Hi');
    });

    expect(result.current.failure).toMatchObject({ retry: 'regenerate', description: 'Server error. This could be an OpenAI API issue.' });
    expect(result.current.unsentId).toBeNull();
    expect(queryClient.getQueryData(messagesQueryKey(CONVERSATION))).toEqual({ messages: [user], hasEarlier: false });
  });

  it("waits the service's Retry-After (from the stream's error event) before Retry sends again", async () => {
    const user = stored(1, 'user', 'Hi');
    let server: ChatMessage[] = [];
    let posts = 0;
    route(
      () => server,
      () => {
        posts++;
        server = [user];
        return streamResponse([
          sse('user', user),
          sse('error', { message: 'The AI service is rate limiting requests. Please try again in a moment.', status: 429, code: 'upstream_rate_limited', retryAfter: 2 }),
        ]).response;
      },
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    const before = Date.now();
    await act(async () => {
      await result.current.send('Hi');
    });
    const retryAt = result.current.failure?.retryAt ?? 0;
    expect(retryAt - before).toBeGreaterThanOrEqual(2000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(2000);
    expect(posts).toBe(1);

    // Too early: nothing is sent.
    act(() => result.current.retry());
    expect(posts).toBe(1);
    expect(result.current.failure).not.toBeNull();
  });
});

describe('earlier messages', () => {
  /** A conversation of `count` stored messages, m1 (id 1) to m<count>, oldest first. */
  const conversation = (count: number) => Array.from({ length: count }, (_, i) => stored(i + 1, i % 2 ? 'assistant' : 'user', `m${i + 1}`));
  const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([url]) => String(url));
  const contents = (messages: readonly ChatMessage[]) => messages.map((m) => m.content);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

  it('opens with the latest 50 messages and says whether earlier ones exist', async () => {
    let server = conversation(50);
    route(() => server, () => Response.json({ message: 'not used' }, { status: 500 }));
    const first = setup();
    await waitFor(() => expect(first.result.current.query.isSuccess).toBe(true));
    expect(gets()).toEqual([`${MESSAGES_URL}?limit=50`]);
    expect(contents(first.result.current.messages)).toEqual(range(1, 50));
    expect(first.result.current.hasEarlier).toBe(false);
    first.unmount();

    queryClient.clear();
    server = conversation(51);
    const second = setup();
    await waitFor(() => expect(second.result.current.query.isSuccess).toBe(true));
    expect(contents(second.result.current.messages)).toEqual(range(2, 51));
    expect(second.result.current.hasEarlier).toBe(true);
  });

  it('loads the 50 before the first one loaded and puts them above, in the cache entry the page reads', async () => {
    // Earlier pages arrive when the test lets them.
    let release = () => undefined as void;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('before=')) await new Promise<void>((resolve) => (release = resolve));
      return messagesPageResponse(conversation(120), url);
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    expect(contents(result.current.messages)).toEqual(range(71, 120));

    act(() => result.current.loadEarlier());
    await waitFor(() => expect(result.current.loadingEarlier).toBe(true));
    // A second press while loading asks nothing more.
    act(() => result.current.loadEarlier());
    expect(gets().filter((url) => url.includes('before='))).toHaveLength(1);
    act(() => release());
    await waitFor(() => expect(result.current.loadingEarlier).toBe(false));
    expect(gets().at(-1)).toBe(`${MESSAGES_URL}?limit=50&before=71`);
    expect(contents(result.current.messages)).toEqual(range(21, 120));
    expect(result.current.hasEarlier).toBe(true);
    expect(queryClient.getQueryData(messagesQueryKey(CONVERSATION))).toEqual({ messages: result.current.messages, hasEarlier: true });

    act(() => result.current.loadEarlier());
    await waitFor(() => expect(gets().at(-1)).toBe(`${MESSAGES_URL}?limit=50&before=21`));
    act(() => release());
    await waitFor(() => expect(result.current.messages).toHaveLength(120));
    expect(result.current.hasEarlier).toBe(false);

    // Nothing earlier: nothing is asked.
    const asked = gets().length;
    act(() => result.current.loadEarlier());
    expect(gets()).toHaveLength(asked);
  });

  it('keeps the earlier messages loaded when a reply refreshes the latest page', async () => {
    let server = conversation(60);
    const user = stored(61, 'user', 'And the bridge?');
    const reply = stored(62, 'assistant', 'Keep it short.');
    route(
      () => server,
      () => {
        server = [...server, user, reply];
        return streamResponse([sse('user', user), sse('delta', { text: 'Keep it short.' }), sse('done', { message: reply, engine: 'Built-in guide' })]).response;
      },
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));
    act(() => result.current.loadEarlier());
    await waitFor(() => expect(result.current.messages).toHaveLength(60));

    await act(async () => {
      await result.current.send('And the bridge?');
    });
    await waitFor(() => expect(result.current.phase).toBe('idle'));
    // The turn's refresh asks for the latest page only, and what was loaded above it stays.
    await waitFor(() => expect(gets().at(-1)).toBe(`${MESSAGES_URL}?limit=50`));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(contents(result.current.messages)).toEqual([...range(1, 60), 'And the bridge?', 'Keep it short.']);
    expect(result.current.hasEarlier).toBe(false);
  });

  it('says so when earlier messages cannot be loaded, and keeps what is loaded', async () => {
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url.includes('before=')) return Promise.resolve(Response.json({ message: 'Database unavailable' }, { status: 500 }));
      return Promise.resolve(messagesPageResponse(conversation(80), url));
    });
    const toasts = renderHook(() => useToast());
    const { result } = setup();
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    act(() => result.current.loadEarlier());
    await waitFor(() => expect(result.current.loadingEarlier).toBe(false));
    expect(toasts.result.current.toasts[0]).toMatchObject({
      title: 'Error loading messages',
      description: 'Could not load earlier messages. Please try again.',
      variant: 'destructive',
    });
    expect(contents(result.current.messages)).toEqual(range(31, 80));
    expect(result.current.hasEarlier).toBe(true);
  });
});

describe('useSecondsUntil', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down to a Retry-After, then says 0; none is 0 at once', () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { result, rerender } = renderHook(({ at }: { at: number | null }) => useSecondsUntil(at), { initialProps: { at: start + 3000 as number | null } });
    expect(result.current).toBe(3);
    act(() => void vi.advanceTimersByTime(1100));
    expect(result.current).toBe(2);
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    rerender({ at: null });
    expect(result.current).toBe(0);
  });
});
