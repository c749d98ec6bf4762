import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LyricsPage } from './lyrics-page';

const NEW_ID = 41;

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let createConversation: ReturnType<typeof vi.fn<() => Promise<{ id: number }>>>;

const emptyAnalysis = (text: string) => ({
  lines: text.split('\n').map((line, index) => ({ index, kind: 'bar', bar: index + 1, start: 0, end: line.length, syllables: 0, scheme: null })),
  tokens: [],
  families: [],
  measures: {
    bars: 0, verses: 0, words: 0, syllables: 0, syllablesPerBar: [], meanSyllables: 0, syllableStdDev: 0, rhymeDensity: 0,
    rhymingSyllables: 0, endRhymeRatio: 0, perfectRhymes: 0, slantRhymes: 0, multiRhymes: 0, internalRhymes: 0, longestMulti: 0,
    families: 0, schemes: [], uniqueWords: 0, vocabularyRichness: 0, barJumps: [], repetitions: [], cliches: [],
  },
});

beforeEach(() => {
  createConversation = vi.fn(() => Promise.resolve({ id: NEW_ID }));
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    if (url === '/api/lyrics/analyze') return Promise.resolve(Response.json(emptyAnalysis(body.text)));
    if (url === `/api/conversations/${NEW_ID}/lyrics` && !init?.method) return Promise.resolve(Response.json([]));
    if (url === `/api/conversations/${NEW_ID}/lyrics` && init?.method === 'POST') {
      return Promise.resolve(Response.json({ id: 1, conversationId: NEW_ID, userId: 1, content: body.content, position: 0, createdAt: '2026-11-23T10:00:00.000Z' }, { status: 201 }));
    }
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/lyrics/:id?', element: <LyricsPage createConversation={createConversation} /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => String(u) === url && (init?.method ?? 'GET') === method);

describe('a new Lyric Assist notepad', () => {
  it('stores nothing on a visit: the first save creates the conversation, and the URL follows without starting over', async () => {
    const router = renderAt('/lyrics');
    const editor = await screen.findByRole('textbox', { name: 'Lyrics' });
    // Give any create-on-visit effect time to run.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(createConversation).not.toHaveBeenCalled();
    expect(calls('POST', '/api/conversations')).toHaveLength(0);

    fireEvent.change(editor, { target: { value: 'late night in the city' } });
    fireEvent.click(screen.getByRole('button', { name: /Save Lyrics/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/lyrics/${NEW_ID}`));
    expect(createConversation).toHaveBeenCalledTimes(1);
    expect(calls('POST', `/api/conversations/${NEW_ID}/lyrics`)).toHaveLength(1);
    // A brand-new conversation has no snippets to replace: nothing is read or deleted first.
    expect(calls('GET', `/api/conversations/${NEW_ID}/lyrics`)).toHaveLength(0);
    // The same notepad, not a reload of it, and no 'Leave without saving?' on the way.
    expect(screen.getByRole('textbox', { name: 'Lyrics' })).toBe(editor);
    expect((editor as HTMLTextAreaElement).value).toBe('late night in the city');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Saving again goes to the same conversation.
    fireEvent.change(editor, { target: { value: 'late night in the city\nlights so pretty' } });
    fireEvent.click(screen.getByRole('button', { name: /Save Lyrics/ }));
    await waitFor(() => expect(calls('POST', `/api/conversations/${NEW_ID}/lyrics`)).toHaveLength(2));
    expect(createConversation).toHaveBeenCalledTimes(1);
  });

  it('leaves the text in place when the conversation cannot be created, and tries again on the next save', async () => {
    createConversation.mockRejectedValueOnce(new Error('offline'));
    const router = renderAt('/lyrics');
    const editor = await screen.findByRole('textbox', { name: 'Lyrics' });
    fireEvent.change(editor, { target: { value: 'a bar worth keeping' } });
    fireEvent.click(screen.getByRole('button', { name: /Save Lyrics/ }));
    await waitFor(() => expect(createConversation).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /Save Lyrics/ }).hasAttribute('disabled')).toBe(false));
    expect(router.state.location.pathname).toBe('/lyrics');
    expect((editor as HTMLTextAreaElement).value).toBe('a bar worth keeping');

    fireEvent.click(screen.getByRole('button', { name: /Save Lyrics/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/lyrics/${NEW_ID}`));
    expect(createConversation).toHaveBeenCalledTimes(2);
  });
});

describe('opening a saved lyric', () => {
  it('asks for the built-in feedback only, so opening spends nothing of the lyrics quota', async () => {
    const saved = [{ id: 3, conversationId: 7, userId: 1, content: 'late night in the city\nlights so pretty', position: 0, createdAt: '2026-11-23T10:00:00.000Z' }];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/conversations/7/lyrics' && !init?.method) return Promise.resolve(Response.json(saved));
      if (url === '/api/lyrics/feedback') return Promise.resolve(Response.json({ message: 'later' }, { status: 503 }));
      return base(input, init);
    });
    renderAt('/lyrics/7');
    const editor = await screen.findByRole('textbox', { name: 'Lyrics' });
    expect((editor as HTMLTextAreaElement).value).toBe(saved[0]!.content);
    await waitFor(() => expect(calls('POST', '/api/lyrics/feedback')).toHaveLength(1));
    const [, init] = calls('POST', '/api/lyrics/feedback')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ text: saved[0]!.content, builtIn: true });
    // Nothing is generated on opening: no suggestions until the artist writes or asks.
    expect(calls('POST', '/api/lyrics/suggestions')).toHaveLength(0);
  });
});
