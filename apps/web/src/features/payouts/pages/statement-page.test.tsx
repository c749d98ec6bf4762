import type { Statement, StatementEntry } from '@members-only/shared/payouts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementPage } from './statement-page';

const entry = (over: Partial<StatementEntry>): StatementEntry => ({
  id: 1, kind: 'earning', amountMinor: 0, currency: 'USD', source: 'DistroCo', period: '2026-10', note: '', status: 'recorded', paidTo: null, paidAt: null,
  reversesId: null, reason: null, reversedById: null, createdAt: '2026-10-05T10:00:00.000Z', song: null, ...over,
});

const statement: Statement = {
  period: '2026-10',
  artist: 'nova',
  entries: [
    entry({ id: 1, amountMinor: 400, note: 'Midnight Run: 40.00% of the master (split sheet)', song: { songId: 7, title: 'Midnight Run', masterBps: 4000, earningMinor: 1001 } }),
    entry({ id: 2, amountMinor: 1250, source: 'Gig', note: 'Door money' }),
    entry({ id: 3, amountMinor: 200, source: 'Spotify', song: { songId: 7, title: 'Midnight Run', masterBps: 4000, earningMinor: 500 } }),
    entry({ id: 4, amountMinor: 3333, source: 'Tidal', song: { songId: 9, title: 'Paper Planes', masterBps: 3333, earningMinor: 10_001 } }),
  ],
  totals: [{ currency: 'USD', earnedMinor: 5183, paidMinor: 0, pendingMinor: 0, balanceMinor: 5183 }],
  balances: [{ currency: 'USD', earnedMinor: 5183, paidMinor: 0, pendingMinor: 0, balanceMinor: 5183 }],
  generatedAt: '2026-11-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>((input) => Promise.resolve(String(input).startsWith('/api/payouts/statement?period=2026-10') ? Response.json(statement) : Response.json({ message: 'Not found' }, { status: 404 }))));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the monthly statement (/payouts/statement/:period)', () => {
  it('groups song-split shares by song with the artist’s master share, and keeps other entries in the table', async () => {
    const router = createMemoryRouter([{ path: '/payouts/statement/:period', element: <StatementPage /> }], { initialEntries: ['/payouts/statement/2026-10'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const songs = await screen.findByRole('region', { name: 'Your share of songs' });
    const midnight = within(songs).getByRole('region', { name: 'Midnight Run (USD)' });
    expect(within(midnight).getByRole('heading', { level: 3 }).textContent).toBe('Midnight Run$6.00');
    expect(within(midnight).getAllByRole('listitem').map((li) => li.firstElementChild!.firstChild!.textContent)).toEqual(['Midnight Run — 40.00% of $10.01 = $4.00', 'Midnight Run — 40.00% of $5.00 = $2.00']);
    expect(within(songs).getByRole('region', { name: 'Paper Planes (USD)' }).textContent).toContain('Paper Planes — 33.33% of $100.01 = $33.33');
    // The table holds only the entry that is no song's share.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('Door money');
  });
});
