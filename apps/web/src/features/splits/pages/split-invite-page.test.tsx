import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SplitInvitePage } from './split-invite-page';

const TOKEN = 'A'.repeat(43);
const URL_ = `/api/split-invites/${TOKEN}`;
const HASH = 'c'.repeat(64);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answer: (url: string, init?: RequestInit) => Response;

const page = (youState: 'unsigned' | 'signed' | 'declined' = 'unsigned') => ({
  title: 'Night Drive', isrc: 'USRC17607839', date: '2026-11-27', statement: 'Demo split.', status: 'awaiting_signatures', contentHash: HASH,
  owner: 'nova', expiresAt: '2026-12-11T03:00:00.000Z',
  contributors: [
    { name: 'nova', roles: ['writer'], publishingBps: 6667, masterBps: 7000, state: 'signed', signedAt: '2026-11-27T02:00:00.000Z', you: false },
    { name: 'Sam Lee', roles: ['producer'], publishingBps: 3333, masterBps: 3000, state: youState, signedAt: youState === 'signed' ? '2026-11-27T03:10:00.000Z' : null, you: true },
  ],
});

beforeEach(() => {
  answer = () => Response.json(page());
  fetchMock = vi.fn<typeof fetch>((input, init) => Promise.resolve(answer(String(input), init)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/split-invite/:token', element: <SplitInvitePage /> }], { initialEntries: [`/split-invite/${TOKEN}`] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the invitation page', () => {
  it('says plainly when the link has expired', async () => {
    answer = () => Response.json({ message: 'This invitation has expired.' }, { status: 410 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This invitation link has expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('says plainly when the link is unknown', async () => {
    answer = () => Response.json({ message: 'Invitation not found' }, { status: 404 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeTruthy();
  });

  it('shows only this sheet and signs it with the typed name and the fingerprint read', async () => {
    answer = (url, init) => (url === `${URL_}/sign` && init?.method === 'POST' ? Response.json(page('signed')) : Response.json(page()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Split sheet for “Night Drive”', level: 1 })).toBeTruthy();
    expect(screen.getByText('Sam Lee (you)')).toBeTruthy();
    expect(screen.getByText('33.33%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Type your full name to sign.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Samuel Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(/You signed this split sheet/)).toBeTruthy();
    const signs = fetchMock.mock.calls.filter(([u, init]) => String(u) === `${URL_}/sign` && init?.method === 'POST');
    expect(signs.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ fullName: 'Samuel Lee', contentHash: HASH }]);
  });

  it('declines with a reason', async () => {
    answer = (url, init) => (url === `${URL_}/decline` && init?.method === 'POST' ? Response.json(page('declined')) : Response.json(page()));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    fireEvent.change(screen.getByLabelText('Why do you decline?'), { target: { value: 'My share is wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send and decline' }));
    expect(await screen.findByText('You declined this split sheet.')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u) === `${URL_}/decline`).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
        { reason: 'My share is wrong' },
      ]),
    );
  });
});
