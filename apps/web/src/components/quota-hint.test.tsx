import type { QuotasResponse } from '@members-only/shared/quotas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { QuotaHint } from './quota-hint';
import { stubFetchForEachTest } from '@/test/fetch-stub';

const quotaOf = (kind: keyof QuotasResponse['quotas'], limit: number, used: number) => ({
  kind,
  limit,
  used,
  remaining: Math.max(0, limit - used),
  resetsAt: '2026-11-24T00:00:00.000Z',
});

const quotas: QuotasResponse = {
  plan: 'free',
  quotas: {
    chat: quotaOf('chat', 30, 18),
    lyrics: quotaOf('lyrics', 20, 20),
    review: quotaOf('review', 3, 0),
    marketing: quotaOf('marketing', 0, 0),
    cover: quotaOf('cover', 0, 0),
    beat: quotaOf('beat', 0, 0),
  },
};

const fetchMock = stubFetchForEachTest();

function renderHint(kind: 'chat' | 'lyrics') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <QuotaHint kind={kind} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

describe('QuotaHint', () => {
  it('shows what is left of the tool’s quota from GET /api/quotas', async () => {
    fetchMock.mockResolvedValue(Response.json(quotas));
    renderHint('chat');
    expect(await screen.findByText('12 of 30 chat messages left today')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/quotas', expect.objectContaining({ credentials: 'include' }));
  });

  it('shows the used-up state for a quota at 0', async () => {
    fetchMock.mockResolvedValue(Response.json(quotas));
    renderHint('lyrics');
    const hint = await screen.findByTestId('quota-hint-lyrics');
    expect(hint.textContent).toMatch(/^You've used today's 20 lyric suggestions and feedback\. They reset at .+\.$/);
    expect(hint.dataset.exhausted).toBe('true');
  });

  it('renders nothing when the server has no quotas endpoint (404)', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Route GET:/api/quotas not found' }, { status: 404 }));
    const { container, queryClient } = renderHint('chat');
    await waitFor(() => expect(queryClient.getQueryState(QUOTAS_QUERY_KEY)?.status).toBe('success'));
    expect(queryClient.getQueryData(QUOTAS_QUERY_KEY)).toBeNull();
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing when the quotas cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const { container, queryClient } = renderHint('chat');
    await waitFor(() => expect(queryClient.getQueryState(QUOTAS_QUERY_KEY)?.status).toBe('error'));
    expect(container.innerHTML).toBe('');
  });

  it('follows a refetch after the tool was used', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(quotas));
    const { queryClient } = renderHint('chat');
    await screen.findByText('12 of 30 chat messages left today');

    fetchMock.mockResolvedValueOnce(Response.json({ ...quotas, quotas: { ...quotas.quotas, chat: quotaOf('chat', 30, 30) } }));
    await queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY });
    expect(await screen.findByText(/^You've used today's 30 chat messages\./)).toBeTruthy();
  });
});
