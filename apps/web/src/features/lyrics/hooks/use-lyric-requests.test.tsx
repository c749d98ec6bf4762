import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, useToast } from '@/components/ui/use-toast';
import { useLyricRequests } from './use-lyric-requests';

const UNAVAILABLE = 'The AI service is unavailable (it answered 500). Please try again later.';
const ideas = { suggestions: ['a', 'b', 'c', 'd'], engine: 'e2e-model', kind: 'model' };

/** Each suggestions request waits here until the test answers it. */
let pending: { text: string; answer: (res: Response) => void }[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useLyricRequests(), { wrapper });
}

const suggestionCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/lyrics/suggestions');

beforeEach(() => {
  pending = [];
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    if (String(input) !== '/api/lyrics/suggestions') return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    const { text } = JSON.parse(String(init?.body));
    return new Promise<Response>((resolve, reject) => {
      pending.push({ text, answer: resolve });
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('line suggestions asked for while an automatic request runs', () => {
  it('a click adopts the automatic request for the same text: one request, busy buttons, and its failure is shown', async () => {
    const toasts = renderHook(() => useToast());
    const { result } = setup();
    // The typing pause asks first, quietly: the buttons stay free to click.
    act(() => void result.current.requestSuggestions('first line here\nsecond line there', false));
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(result.current.suggestionsLoading).toBe(true);
    expect(result.current.ideasRequested).toBe(false);

    // The artist clicks Get Line Ideas a moment later, for the same text.
    act(() => void result.current.requestSuggestions('first line here\nsecond line there', true));
    expect(result.current.ideasRequested).toBe(true);
    expect(suggestionCalls()).toHaveLength(1);

    await act(async () => pending[0]!.answer(Response.json({ message: UNAVAILABLE, code: 'upstream_unavailable' }, { status: 503 })));
    await waitFor(() => expect(result.current.suggestionsLoading).toBe(false));
    expect(result.current.ideasRequested).toBe(false);
    expect(toasts.result.current.toasts[0]).toMatchObject({ title: 'Failed to generate suggestions', description: UNAVAILABLE, variant: 'destructive' });
    expect(suggestionCalls()).toHaveLength(1);
  });

  it('an automatic request that fails stays quiet, and a click on other text sends its own', async () => {
    const toasts = renderHook(() => useToast());
    const { result } = setup();
    act(() => void result.current.requestSuggestions('one line', false));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.answer(Response.json({ message: UNAVAILABLE }, { status: 503 })));
    await waitFor(() => expect(result.current.suggestionsLoading).toBe(false));
    // (an earlier test's toast is closed, not yet removed)
    expect(toasts.result.current.toasts.filter((t) => t.open)).toHaveLength(0);

    // The same text, clicked after the quiet failure: asked again, and answered.
    act(() => void result.current.requestSuggestions('one line', true));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(result.current.ideasRequested).toBe(true);
    await act(async () => pending[1]!.answer(Response.json(ideas)));
    await waitFor(() => expect(result.current.suggestions?.suggestions).toEqual(['a', 'b', 'c', 'd']));
    expect(result.current.ideasRequested).toBe(false);

    // A click while an automatic request for older text runs: that one is dropped, the click's goes.
    act(() => void result.current.requestSuggestions('one line\ntwo lines', false));
    await waitFor(() => expect(pending).toHaveLength(3));
    act(() => void result.current.requestSuggestions('one line\ntwo lines\nthree', true));
    await waitFor(() => expect(pending).toHaveLength(4));
    expect(pending[3]!.text).toBe('one line\ntwo lines\nthree');
    await act(async () => pending[3]!.answer(Response.json({ message: UNAVAILABLE }, { status: 503 })));
    await waitFor(() => expect(toasts.result.current.toasts[0]).toMatchObject({ title: 'Failed to generate suggestions', description: UNAVAILABLE }));
  });

  it('a click after an answer for the same text asks again (Refresh)', async () => {
    const { result } = setup();
    act(() => void result.current.requestSuggestions('one line', false));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.answer(Response.json(ideas)));
    await waitFor(() => expect(result.current.suggestionsLoading).toBe(false));
    // A typing pause on the same text asks nothing; a click does.
    act(() => void result.current.requestSuggestions('one line', false));
    expect(suggestionCalls()).toHaveLength(1);
    act(() => void result.current.requestSuggestions('one line', true));
    await waitFor(() => expect(suggestionCalls()).toHaveLength(2));
  });
});
