import type { Release, ReleaseStats } from '@members-only/shared/releases';
import type { SongDetail } from '@members-only/shared/songs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchForEachTest } from '@/test/fetch-stub';
import { ReleaseSection } from './release-section';

const fetchMock = stubFetchForEachTest();

const song = (overrides: Partial<SongDetail> = {}): SongDetail =>
  ({
    id: 7,
    title: 'Paper Plan',
    artistName: 'Lil Nova',
    releaseDate: null,
    versions: [{ label: 'v1', track: { id: 71, duration: 120 }, comparison: null }],
    covers: [],
    ...overrides,
  }) as unknown as SongDetail;

const release = (overrides: Partial<Release> = {}): Release => ({
  songId: 7,
  slug: 'paper-plan',
  published: false,
  links: [],
  previewStart: 0,
  previewSeconds: 30,
  coverArtId: null,
  releaseDate: null,
  url: 'https://fans.example/r/paper-plan',
  signups: 0,
  saved: false,
  ...overrides,
});

const stats: ReleaseStats = {
  days: [
    { date: '2026-11-25', views: 4, clicks: 1 },
    { date: '2026-11-26', views: 10, clicks: 3 },
  ],
  totals: { views: 14, clicks: 4 },
  byLink: [
    { service: 'spotify', label: 'Spotify', clicks: 3 },
    { service: 'bandcamp', label: 'Bandcamp', clicks: 1 },
  ],
  signups: 2,
};

type Answer = { status: number; body: unknown };
/** GET answers the stored page; PUT answers `put` (or echoes a saved page built from the body). */
function serve(stored: Release, put?: (body: Record<string, unknown>) => Answer) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/songs/7/release' && method === 'GET') return Response.json(stored);
    if (url === '/api/songs/7/release/stats') return Response.json(stats);
    if (url === '/api/songs/7/release' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const answer = put?.(body) ?? { status: 200, body: { ...stored, ...body, saved: true, url: `https://fans.example/r/${String(body.slug)}` } };
      return Response.json(answer.body, { status: answer.status });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function renderSection(detail = song()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReleaseSection song={detail} />
    </QueryClientProvider>,
  );
}

describe('the release page editor', () => {
  it('starts from the suggested address, and publishing with a store link sends the page and shows its links', async () => {
    serve(release());
    renderSection();
    const slug = await screen.findByLabelText('Page address');
    expect((slug as HTMLInputElement).value).toBe('paper-plan');
    expect(screen.getByText(/^https:\/\/fans\.example\/r\/paper-plan \(suggested/)).toBeTruthy();
    expect(screen.queryByTestId('release-published')).toBeNull();
    expect(screen.queryByTestId('release-stats')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: /Public/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a store' }));
    expect((screen.getByLabelText('Store 1') as HTMLSelectElement).value).toBe('spotify');
    fireEvent.change(screen.getByLabelText('Link 1'), { target: { value: 'https://open.spotify.com/track/abc' } });
    fireEvent.change(screen.getByLabelText('Release date'), { target: { value: '2027-01-22' } });
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));

    await screen.findByText('Saved. Your page is public.');
    expect(puts()).toEqual([
      { slug: 'paper-plan', published: true, links: [{ service: 'spotify', url: 'https://open.spotify.com/track/abc' }], previewStart: 0, previewSeconds: 20, releaseDate: '2027-01-22' },
    ]);
    const panel = await screen.findByTestId('release-published');
    expect(within(panel).getByRole('link', { name: /QR code/ }).getAttribute('href')).toBe('/r/paper-plan/qr.svg');
    expect(within(panel).getByRole('link', { name: /Flyer \(PDF\)/ }).getAttribute('href')).toBe('/r/paper-plan/flyer.pdf');
    expect(within(panel).getByRole('link', { name: /Open the page/ }).getAttribute('target')).toBe('_blank');
  });

  it('shows a taken address under the address field with the server’s words', async () => {
    serve(release(), () => ({ status: 409, body: { message: 'That address is taken: choose another', code: 'conflict', fieldErrors: { slug: ['That address is taken: choose another'] } } }));
    renderSection();
    fireEvent.change(await screen.findByLabelText('Page address'), { target: { value: 'taken-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    await waitFor(() => expect(screen.getAllByText('That address is taken: choose another')).toHaveLength(2));
    expect(screen.getByLabelText('Page address').getAttribute('aria-invalid')).toBe('true');
    expect(puts()[0]?.slug).toBe('taken-one');
  });

  it('puts a server link error under the row it belongs to, counting the empty rows left out of the request', async () => {
    serve(release(), () => ({ status: 400, body: { message: 'This is not a Bandcamp link', fieldErrors: { 'links.1.url': ['This is not a Bandcamp link'] } } }));
    renderSection();
    await screen.findByLabelText('Page address');
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Add a store' }));
    // Row 1 Spotify, row 2 left empty, row 3 Deezer; the server only sees two links.
    fireEvent.change(screen.getByLabelText('Link 1'), { target: { value: 'https://open.spotify.com/track/abc' } });
    fireEvent.change(screen.getByLabelText('Store 2'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Store 3'), { target: { value: 'deezer' } });
    fireEvent.change(screen.getByLabelText('Link 3'), { target: { value: 'https://www.deezer.com/track/1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    await waitFor(() => expect(screen.getByLabelText('Link 3').getAttribute('aria-invalid')).toBe('true'));
    expect(puts()[0]?.links).toEqual([
      { service: 'spotify', url: 'https://open.spotify.com/track/abc' },
      { service: 'deezer', url: 'https://www.deezer.com/track/1' },
    ]);
    expect(screen.getByLabelText('Link 1').getAttribute('aria-invalid')).toBe('false');
  });

  it('checks a link against its store before sending anything', async () => {
    serve(release());
    renderSection();
    await screen.findByLabelText('Page address');
    fireEvent.click(screen.getByRole('button', { name: 'Add a store' }));
    fireEvent.change(screen.getByLabelText('Link 1'), { target: { value: 'https://bandcamp.com.evil.example/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    expect(await screen.findByText('This is not a Spotify link')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('refuses a preview that would run past the end of the latest version', async () => {
    serve(release());
    renderSection(song({ versions: [{ label: 'v1', track: { id: 71, duration: 40 }, comparison: null }] } as unknown as Partial<SongDetail>));
    fireEvent.change(await screen.findByLabelText('Starts at (seconds)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    expect(await screen.findByText('The preview would run past the end of the latest version')).toBeTruthy();
    expect(screen.getByText('0 to 25 for this version')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('offers the song’s covers and sends the chosen one', async () => {
    serve(release());
    renderSection(song({ covers: [{ id: 12, title: 'Paper Plan', style: 'Neon' }, { id: 9, title: 'Paper Plan', style: 'Film' }] } as unknown as Partial<SongDetail>));
    fireEvent.change(await screen.findByLabelText('Cover'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    await screen.findByText('Saved. Your page is hidden until you publish it.');
    expect(puts()[0]?.coverArtId).toBe(9);
  });

  it('leaves the cover to the server when the song has none', async () => {
    serve(release());
    renderSection();
    await screen.findByLabelText('Page address');
    expect(screen.queryByLabelText('Cover')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save release page' }));
    await screen.findByText('Saved. Your page is hidden until you publish it.');
    expect(puts()[0]).not.toHaveProperty('coverArtId');
  });
});

describe('a published page', () => {
  it('shows sign-ups with the export, and views and clicks per day and per store', async () => {
    serve(release({ saved: true, published: true, signups: 2, links: [{ service: 'spotify', url: 'https://open.spotify.com/track/abc' }] }));
    renderSection();
    const panel = await screen.findByTestId('release-published');
    expect(within(panel).getByText(/fans signed up/).textContent).toContain('2');
    expect(within(panel).getByRole('link', { name: /Export sign-ups \(CSV\)/ }).getAttribute('href')).toBe('/api/songs/7/release/signups.csv');

    const chart = await screen.findByTestId('release-stats');
    const table = within(chart).getByRole('table', { name: 'Views and store clicks per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', '3']);
    const perStore = within(chart).getByRole('list', { name: 'Clicks per store' });
    expect(within(perStore).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spotify3 clicks', 'Bandcamp1 click']);
    expect(within(chart).getByTestId('release-chart').getAttribute('aria-hidden')).toBe('true');
  });
});
