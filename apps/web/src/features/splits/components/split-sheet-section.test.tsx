import type { SplitSheet } from '@members-only/shared/splits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SplitSheetSection } from './split-sheet-section';

const SONG = 7;
const HASH = 'a'.repeat(12) + 'b'.repeat(52);
const ME = { id: 3, username: 'nova' };

type Handler = (url: string, init: RequestInit | undefined, body: unknown) => Response | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let handler: Handler;

const signature = (over: Partial<SplitSheet['contributors'][number]['signature']> = {}) => ({
  state: 'unsigned' as const, fullName: null, signedAt: null, declinedAt: null, declineReason: null, ...over,
});

function sheet(over: Partial<SplitSheet> = {}): SplitSheet {
  return {
    songId: SONG, title: 'Night Drive', isrc: null, date: '2026-11-27', statement: '', status: 'awaiting_signatures', contentHash: HASH,
    canEdit: true, myContributorId: 1, updatedAt: '2026-11-27T03:00:00.000Z',
    contributors: [
      { id: 1, userId: 3, name: 'nova', email: null, roles: ['writer'], publishingBps: 5000, masterBps: 6667, signature: signature({ state: 'signed', fullName: 'Nova Reyes', signedAt: '2026-11-27T02:00:00.000Z' }), invite: null, owed: [] },
      { id: 2, userId: null, name: 'Sam Lee', email: 'sam@example.com', roles: ['producer'], publishingBps: 5000, masterBps: 3333, signature: signature({ state: 'declined', declinedAt: '2026-11-27T02:30:00.000Z', declineReason: 'Master too low' }), invite: { state: 'none', expiresAt: null }, owed: [] },
    ],
    ...over,
  };
}

beforeEach(() => {
  handler = () => undefined;
  fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    return Promise.resolve(handler(url, init, body) ?? Response.json({ message: 'Not found' }, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SplitSheetSection songId={SONG} me={ME} />
    </QueryClientProvider>,
  );
}

const sent = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === url && (init?.method ?? 'GET') === method).map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

describe('no split sheet yet', () => {
  it('explains, and the owner starts one: shares typed as percentages are sent as exact basis points', async () => {
    handler = (url, init) =>
      url === `/api/songs/${SONG}/splits` && init?.method === 'PUT' ? Response.json({ ...sheet(), changed: true, signaturesVoided: false }) : undefined;
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Start a split sheet' }));

    // The owner is on it with 100% of both columns to start with.
    expect(screen.getByText('nova')).toBeTruthy();
    expect((screen.getByLabelText('Publishing %') as HTMLInputElement).value).toBe('100.00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Writer' }));

    fireEvent.click(screen.getByRole('button', { name: /Add a person by email/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    const sam = screen.getByRole('listitem', { name: 'Sam Lee' });
    fireEvent.click(within(sam).getByRole('checkbox', { name: 'Producer' }));

    const [myPublishing, samPublishing] = screen.getAllByLabelText('Publishing %');
    const [myMaster, samMaster] = screen.getAllByLabelText('Master %');
    fireEvent.change(myPublishing!, { target: { value: '66.67' } });
    fireEvent.change(samPublishing!, { target: { value: '33.32' } });
    fireEvent.change(myMaster!, { target: { value: '70' } });
    fireEvent.change(samMaster!, { target: { value: '30' } });

    // Live totals: publishing is one hundredth short, and saving is refused until it reads 100.00%.
    expect(screen.getByText('99.99%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(0);

    fireEvent.change(samPublishing!, { target: { value: '33.33' } });
    expect(screen.getAllByText('100.00%')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));

    await waitFor(() => expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(1));
    expect(sent('PUT', `/api/songs/${SONG}/splits`)[0]).toEqual({
      contributors: [
        { userId: 3, roles: ['writer'], publishingBps: 6667, masterBps: 7000 },
        { name: 'Sam Lee', email: 'sam@example.com', roles: ['producer'], publishingBps: 3333, masterBps: 3000 },
      ],
      statement: '',
    });
  });

  it('shows the server’s message under the field it is about', async () => {
    handler = (url, init) =>
      url === `/api/songs/${SONG}/splits` && init?.method === 'PUT'
        ? Response.json({ message: 'There is no member with the id 3.', fieldErrors: { 'contributors.0.userId': ['There is no member with the id 3.'] } }, { status: 400 })
        : undefined;
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Start a split sheet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Writer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    // Under the member's row, and only there.
    const row = screen.getByRole('listitem', { name: 'nova' });
    expect(await within(row).findByText('There is no member with the id 3.')).toBeTruthy();
    expect(screen.getAllByText('There is no member with the id 3.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a message the form has no field for on top', async () => {
    handler = (url, init) =>
      url === `/api/songs/${SONG}/splits` && init?.method === 'PUT' ? Response.json({ message: 'Only the song’s owner can change its split sheet.' }, { status: 403 }) : undefined;
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Start a split sheet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Writer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only the song’s owner can change its split sheet.');
  });
});

describe('adding another member by username', () => {
  it('asks for the username, shows the server’s “no member” under that field, and sends the username', async () => {
    let unknown = true;
    handler = (url, init, body) => {
      if (url !== `/api/songs/${SONG}/splits` || init?.method !== 'PUT') return undefined;
      const name = (body as { contributors: { username?: string }[] }).contributors[1]?.username;
      if (unknown) return Response.json({ message: `No member is called ${name}.`, fieldErrors: { 'contributors.1.username': [`No member is called ${name}.`] } }, { status: 400 });
      return Response.json({ ...sheet(), changed: true, signaturesVoided: false });
    };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Start a split sheet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Writer' }));
    // "Add myself" is not offered: the owner is on it already; "Add a member" and "Add a person by email" are.
    expect(screen.queryByRole('button', { name: /Add myself/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add a member/ }));
    const [myPublishing, otherPublishing] = screen.getAllByLabelText('Publishing %');
    const [myMaster, otherMaster] = screen.getAllByLabelText('Master %');
    fireEvent.change(myPublishing!, { target: { value: '50' } });
    fireEvent.change(otherPublishing!, { target: { value: '50' } });
    fireEvent.change(myMaster!, { target: { value: '50' } });
    fireEvent.change(otherMaster!, { target: { value: '50' } });
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Member 2' })).getByRole('checkbox', { name: 'Composer' }));

    // An empty username is caught before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    expect(screen.getByText('Enter the member’s username.')).toBeTruthy();
    expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(0);

    const username = screen.getByLabelText('Member’s username') as HTMLInputElement;
    fireEvent.change(username, { target: { value: ' kai ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    const row = screen.getByRole('listitem', { name: 'kai' });
    expect(await within(row).findByText('No member is called kai.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent('PUT', `/api/songs/${SONG}/splits`)[0]).toEqual({
      contributors: [
        { userId: 3, roles: ['writer'], publishingBps: 5000, masterBps: 5000 },
        { username: 'kai', roles: ['composer'], publishingBps: 5000, masterBps: 5000 },
      ],
      statement: '',
    });

    unknown = false;
    fireEvent.change(username, { target: { value: 'Kai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));
    await waitFor(() => expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(2));
    expect(sent('PUT', `/api/songs/${SONG}/splits`)[1].contributors[1]).toEqual({ username: 'Kai', roles: ['composer'], publishingBps: 5000, masterBps: 5000 });
  });
});

describe('a split sheet', () => {
  it('shows status, each person’s signature, the short fingerprint with the full one, and the PDF', async () => {
    handler = (url) => (url === `/api/songs/${SONG}/splits` ? Response.json(sheet()) : undefined);
    renderSection();
    expect(await screen.findByText('Awaiting signatures')).toBeTruthy();
    expect(screen.getByText(/Signed as Nova Reyes on/)).toBeTruthy();
    expect(screen.getByText(/Declined on .*“Master too low”/)).toBeTruthy();
    const code = screen.getByTitle(HASH);
    expect(code.textContent).toBe('aaaaaaaaaaaa…');
    expect(screen.getByRole('link', { name: /Download PDF/ }).getAttribute('href')).toBe(`/api/songs/${SONG}/splits.pdf`);
    expect(screen.getByText('66.67%')).toBeTruthy();
  });

  it('warns before a save that voids signatures, and saves only when confirmed', async () => {
    handler = (url, init) => {
      if (url !== `/api/songs/${SONG}/splits`) return undefined;
      if (init?.method === 'PUT') return Response.json({ ...sheet(), changed: true, signaturesVoided: true });
      return Response.json(sheet());
    };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: /Edit split sheet/ }));
    const [, samMaster] = screen.getAllByLabelText('Master %');
    const [myMaster] = screen.getAllByLabelText('Master %');
    expect((myMaster as HTMLInputElement).value).toBe('66.67');
    fireEvent.change(myMaster!, { target: { value: '60' } });
    fireEvent.change(samMaster!, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save split sheet' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/One person has signed this sheet/)).toBeTruthy();
    expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(sent('PUT', `/api/songs/${SONG}/splits`)).toHaveLength(1));
    expect(sent('PUT', `/api/songs/${SONG}/splits`)[0].contributors.map((c: { masterBps: number }) => c.masterBps)).toEqual([6000, 4000]);
  });

  it('a member signs by typing their full name, with the fingerprint they read', async () => {
    const unsigned = sheet({ canEdit: false, myContributorId: 1 });
    unsigned.contributors[0]!.signature = signature();
    handler = (url, init) => {
      if (url === `/api/songs/${SONG}/splits/sign` && init?.method === 'POST') return Response.json({ message: 'The sheet changed since you read it.' }, { status: 409 });
      return url === `/api/songs/${SONG}/splits` ? Response.json(unsigned) : undefined;
    };
    renderSection();
    fireEvent.change(await screen.findByLabelText('Your full name'), { target: { value: 'Nova Reyes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('The sheet changed since you read it.')).toBeTruthy();
    expect(sent('POST', `/api/songs/${SONG}/splits/sign`)).toEqual([{ fullName: 'Nova Reyes', contentHash: HASH }]);
    expect(screen.queryByRole('button', { name: /Edit split sheet/ })).toBeNull();
  });

  it('the owner creates an invitation link for an invited person and can revoke it', async () => {
    let current = sheet();
    handler = (url, init) => {
      if (url === `/api/songs/${SONG}/splits/invites/2` && init?.method === 'POST') {
        current = { ...current, contributors: current.contributors.map((c) => (c.id === 2 ? { ...c, invite: { state: 'active' as const, expiresAt: '2026-12-11T03:00:00.000Z' } } : c)) };
        return Response.json({ contributorId: 2, url: 'https://example.test/split-invite/tok', expiresAt: '2026-12-11T03:00:00.000Z' }, { status: 201 });
      }
      if (url === `/api/songs/${SONG}/splits/invites/2/revoke` && init?.method === 'POST') {
        current = { ...current, contributors: current.contributors.map((c) => (c.id === 2 ? { ...c, invite: { state: 'revoked' as const, expiresAt: null } } : c)) };
        return Response.json(current);
      }
      return url === `/api/songs/${SONG}/splits` ? Response.json(current) : undefined;
    };
    renderSection();
    expect(await screen.findByText('No invitation link yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Create invitation link for Sam Lee/ }));
    const link = (await screen.findByLabelText('Invitation link for Sam Lee')) as HTMLInputElement;
    expect(link.value).toBe('https://example.test/split-invite/tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke link for Sam Lee' }));
    expect(await screen.findByText('The invitation link was revoked.')).toBeTruthy();
    expect(screen.queryByLabelText('Invitation link for Sam Lee')).toBeNull();
  });
});
