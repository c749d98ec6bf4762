import type { MySplitSheet, SplitSheet } from '@members-only/shared/splits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberSplitPage, MySplitsPage } from './my-splits-pages';

const HASH = 'd'.repeat(64);
type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let handler: Handler;

const listed = (over: Partial<MySplitSheet>): MySplitSheet => ({
  songId: 7, title: 'Night Drive', owner: 'nova', status: 'awaiting_signatures', isOwner: false, myState: 'unsigned', updatedAt: '2026-11-27T03:00:00.000Z', ...over,
});

const signature = (over: Partial<SplitSheet['contributors'][number]['signature']> = {}) => ({
  state: 'unsigned' as const, fullName: null, signedAt: null, declinedAt: null, declineReason: null, ...over,
});
function sheet(mine: 'unsigned' | 'signed' = 'unsigned'): SplitSheet {
  return {
    songId: 7, title: 'Night Drive', isrc: null, date: '2026-11-27', statement: 'Demo split.', status: 'awaiting_signatures', contentHash: HASH,
    canEdit: false, myContributorId: 2, updatedAt: '2026-11-27T03:00:00.000Z',
    contributors: [
      { id: 1, userId: 3, name: 'nova', email: null, roles: ['writer'], publishingBps: 6000, masterBps: 6000, signature: signature({ state: 'signed', fullName: 'Nova Reyes', signedAt: '2026-11-27T02:00:00.000Z' }), invite: null, owed: [] },
      { id: 2, userId: 5, name: 'kai', email: null, roles: ['producer'], publishingBps: 4000, masterBps: 4000, signature: signature(mine === 'signed' ? { state: 'signed', fullName: 'Kai Moana', signedAt: '2026-11-27T03:30:00.000Z' } : {}), invite: null, owed: [] },
    ],
  };
}

beforeEach(() => {
  handler = () => undefined;
  fetchMock = vi.fn<typeof fetch>((input, init) => Promise.resolve(handler(String(input), init) ?? Response.json({ message: 'Not found' }, { status: 404 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/splits', element: <MySplitsPage /> },
      { path: '/splits/:songId', element: <MemberSplitPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Split sheets (/splits)', () => {
  it('lists the sheets with whose song it is, the status and where your signature stands, each linking to its page', async () => {
    handler = (url) =>
      url === '/api/splits'
        ? Response.json({ sheets: [listed({}), listed({ songId: 9, title: 'Own Song', owner: 'kai', isOwner: true, myState: null, status: 'draft' }), listed({ songId: 11, title: 'Old One', myState: 'declined' })] })
        : undefined;
    const router = renderAt('/splits');
    expect(await screen.findByRole('heading', { name: 'Split sheets' })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: 'Your split sheets' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Night DriveA song by novaWaiting for your signatureAwaiting signatures',
      'Own SongYour songDraft',
      'Old OneA song by novaYou declinedAwaiting signatures',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Night Drive' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/splits/7'));
  });

  it('says so when you are on no sheet, and offers a retry when loading fails', async () => {
    handler = (url) => (url === '/api/splits' ? Response.json({ sheets: [] }) : undefined);
    renderAt('/splits');
    expect(await screen.findByText(/You are on no split sheet yet/)).toBeTruthy();
    cleanup();
    handler = () => Response.json({ message: 'Boom' }, { status: 500 });
    renderAt('/splits');
    expect((await screen.findByRole('alert')).textContent).toContain('Your split sheets could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('one split sheet (/splits/:songId)', () => {
  it('shows the shares and signs your line with the typed name and the fingerprint read', async () => {
    handler = (url, init) => {
      if (url === '/api/songs/7/splits/sign' && init?.method === 'POST') return Response.json(sheet('signed'));
      if (url === '/api/songs/7/splits') return Response.json(sheet());
      if (url === '/api/splits') return Response.json({ sheets: [] });
      return undefined;
    };
    renderAt('/splits/7');
    expect(await screen.findByRole('heading', { name: 'Split sheet for “Night Drive”' })).toBeTruthy();
    const shares = screen.getByRole('list', { name: 'Contributors and shares' });
    expect(within(shares).getByText('kai (you)')).toBeTruthy();
    expect(within(shares).getByText(/Signed as Nova Reyes/)).toBeTruthy();
    // Not the owner: no edit button.
    expect(screen.queryByRole('button', { name: /Edit split sheet/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Kai Moana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull());
    const signs = fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/songs/7/splits/sign' && i?.method === 'POST');
    expect(signs.map(([, i]) => JSON.parse(String(i?.body)))).toEqual([{ fullName: 'Kai Moana', contentHash: HASH }]);
    expect(within(shares).getByText(/Signed as Kai Moana/)).toBeTruthy();
  });

  it('declines with a reason', async () => {
    handler = (url, init) => {
      if (url === '/api/songs/7/splits/decline' && init?.method === 'POST') {
        const s = sheet();
        s.contributors[1]!.signature = signature({ state: 'declined', declinedAt: '2026-11-27T03:40:00.000Z', declineReason: 'Too low' });
        return Response.json(s);
      }
      if (url === '/api/songs/7/splits') return Response.json(sheet());
      return url === '/api/splits' ? Response.json({ sheets: [] }) : undefined;
    };
    renderAt('/splits/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.change(screen.getByLabelText('Why do you decline?'), { target: { value: 'Too low' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send and decline' }));
    expect(await screen.findByText(/Declined on .*: “Too low”/)).toBeTruthy();
    const declines = fetchMock.mock.calls.filter(([u, i]) => String(u) === '/api/songs/7/splits/decline' && i?.method === 'POST');
    expect(declines.map(([, i]) => JSON.parse(String(i?.body)))).toEqual([{ reason: 'Too low' }]);
  });

  it('says plainly when there is no sheet for you (404), and a link leads back to the list', async () => {
    renderAt('/splits/8');
    expect((await screen.findByRole('alert')).textContent).toMatch(/There is no split sheet here for you/);
    expect(screen.getByRole('link', { name: 'All split sheets' }).getAttribute('href')).toBe('/splits');
  });
});
