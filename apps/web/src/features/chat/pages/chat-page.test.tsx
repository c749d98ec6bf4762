import type { ChatMessage } from '@members-only/shared/conversations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { stubFetchForEachTest } from '@/test/fetch-stub';
import { messagesPageResponse } from '@/test/message-pages';
import { ChatPage } from './chat-page';

const CONVERSATION = 12;
const MESSAGES_URL = `/api/conversations/${CONVERSATION}/messages`;

const fetchMock = stubFetchForEachTest();

/** `count` stored messages, m1 (id 1) to m<count>, oldest first. */
const conversation = (count: number): ChatMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    conversationId: CONVERSATION,
    role: i % 2 ? 'assistant' : 'user',
    content: `m${i + 1}`,
    engine: i % 2 ? 'Built-in guide' : null,
    status: 'complete',
    finishReason: i % 2 ? 'stop' : null,
    createdAt: '2026-11-23T10:00:00.000Z',
  }));

/**
 * The chat page of a conversation of `count` messages; GETs with `before` wait for `wait()` (when
 * given) and are answered by `earlier()` (when given) instead of the messages.
 */
function openChat(count: number, { wait, earlier }: { wait?: () => Promise<void>; earlier?: () => Response } = {}) {
  const all = conversation(count);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.split('?')[0] === MESSAGES_URL && (init?.method ?? 'GET') === 'GET') {
      if (url.includes('before=')) {
        await wait?.();
        if (earlier) return earlier();
      }
      return messagesPageResponse(all, url);
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/chat/:id?', element: <ChatPage createConversation={() => Promise.reject(new Error('not used'))} /> }], {
    initialEntries: [`/chat/${CONVERSATION}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const log = () => screen.getByRole('log', { name: 'Messages' });
/** The texts of the messages on screen, top to bottom. */
const shown = () => within(log()).queryAllByRole('article').map((article) => article.textContent?.match(/m\d+/)?.[0]);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
const messageGets = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(MESSAGES_URL));

describe('the chat page’s earlier messages', () => {
  it('opens with the latest 50 messages and offers no earlier ones when there are none', async () => {
    openChat(50);
    await waitFor(() => expect(shown()).toEqual(range(1, 50)));
    expect(messageGets()).toEqual([`${MESSAGES_URL}?limit=50`]);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('offers earlier messages when there are some, and puts each page above the messages shown', async () => {
    // Each earlier page arrives when the test lets it.
    let release = () => undefined as void;
    openChat(120, { wait: () => new Promise<void>((resolve) => (release = resolve)) });
    await waitFor(() => expect(shown()).toEqual(range(71, 120)));

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    const loading = await screen.findByRole('button', { name: 'Loading…' });
    expect(loading).toHaveProperty('disabled', true);
    expect(messageGets().at(-1)).toBe(`${MESSAGES_URL}?limit=50&before=71`);
    release();
    await waitFor(() => expect(shown()).toEqual(range(21, 120)));

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await screen.findByRole('button', { name: 'Loading…' });
    expect(messageGets().at(-1)).toBe(`${MESSAGES_URL}?limit=50&before=21`);
    release();
    await waitFor(() => expect(shown()).toEqual(range(1, 120)));
    // Nothing earlier is left.
    expect(screen.queryByRole('button', { name: /Show earlier messages|Loading/ })).toBeNull();
  });

  it('says so when earlier messages cannot be loaded, and keeps the messages shown', async () => {
    const earlier = vi.fn(() => Response.json({ message: 'Database unavailable' }, { status: 500 }));
    openChat(80, { earlier });
    await waitFor(() => expect(shown()).toEqual(range(31, 80)));

    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('Error loading messages')).toBeTruthy();
    expect(screen.getByText('Could not load earlier messages. Please try again.')).toBeTruthy();
    expect(earlier).toHaveBeenCalledTimes(1);
    expect(shown()).toEqual(range(31, 80));
    // It can be tried again.
    expect(await screen.findByRole('button', { name: 'Show earlier messages' })).toHaveProperty('disabled', false);
  });
});
