import type { SongDetail, SongListItem } from '@members-only/shared/songs';
import type { Track } from '@members-only/shared/tracks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetchForEachTest } from '@/test/fetch-stub';
import { SongPage } from './pages/song-page';
import { SongsPage } from './pages/songs-page';

const fetchMock = stubFetchForEachTest();
/** The song schemas load with the first answer (a dynamic import): give it time on a busy machine. */
const SLOW = { timeout: 5000 };

const listItem = (id: number, title: string, overrides: Partial<SongListItem> = {}): SongListItem => ({
  id,
  title,
  artistName: null,
  explicit: false,
  genre: null,
  releaseDate: null,
  isrc: null,
  upc: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  coverThumbnail: null,
  latestVersion: { trackId: id * 10, label: 'v1', originalName: `${title}.wav`, duration: 185, lufs: -9.1, analysisStatus: 'done', createdAt: '2026-11-20T10:00:00.000Z' },
  versionCount: 1,
  done: { lyrics: false, review: false, cover: false, plan: false },
  ...overrides,
});

const track = (id: number, label: string, createdAt: string): Track => ({
  id,
  userId: 1,
  filename: `${id}.wav`,
  originalName: `Paper Plan ${label}.wav`,
  title: 'Paper Plan',
  songId: 7,
  versionLabel: label,
  mimeType: 'audio/wav',
  sizeBytes: 1000,
  duration: 10,
  transcription: null,
  transcriptionStatus: 'unavailable',
  transcriptionError: null,
  transcriptionSource: null,
  transcriptionProgress: null,
  audioUrl: `/api/tracks/${id}/audio`,
  analysis: { status: 'done', progress: 1, error: null, engine: 'built-in', jobId: null, bpm: 95, key: 'A minor', lufs: -9, truePeak: -1 },
  createdAt,
});

const detail = (overrides: Partial<SongDetail> = {}): SongDetail => ({
  id: 7,
  title: 'Paper Plan',
  artistName: 'Lil Nova',
  explicit: true,
  genre: 'Hip-hop',
  releaseDate: '2027-01-22',
  isrc: 'USS1Z9900001',
  upc: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  versions: [
    { label: 'v2', track: track(72, 'v2', '2026-11-21T10:00:00.000Z'), comparison: { previousTrackId: 71, previousLabel: 'v1', lines: ['- **Loudness**: -9.0 LUFS, up 2.1 dB from v1'] } },
    { label: 'v1', track: track(71, 'v1', '2026-11-20T10:00:00.000Z'), comparison: null },
  ],
  lyricsId: 31,
  lyrics: 'paper plans in the night\nwe fold them tight',
  lyricsSource: 'lyric-assist',
  beatId: null,
  reviews: [
    {
      id: 3,
      trackId: 71,
      versionLabel: 'v1',
      rating: 6.5,
      scores: { flow: 7, marketability: 6, lyrics: 7, versatility: 6, originality: 7, vocabulary: 6 },
      engine: 'Built-in reviewer',
      reviewText: 'Flow: 7/10',
      createdAt: '2026-11-20T11:00:00.000Z',
    },
  ],
  covers: [],
  plan: {
    id: 5,
    conversationId: 40,
    title: 'Paper Plan',
    releaseDate: '2027-01-22',
    engine: 'Built-in planner',
    createdAt: '2026-11-20T12:00:00.000Z',
    nextDates: [{ date: '2026-12-01', title: 'Pitch to playlists', kind: 'pitch' }],
  },
  done: { lyrics: true, review: true, cover: false, plan: true },
  ...overrides,
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function route(handler: Handler) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    return Promise.resolve(handler(url, init) ?? Response.json({ message: 'Not found' }, { status: 404 }));
  });
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/songs', element: <SongsPage upload={<p>upload area</p>} /> },
      { path: '/songs/:id', element: <SongPage renderPlayer={(t) => <p data-testid="player">player {t.id}</p>} renderUpload={(id) => <p>upload to {id}</p>} /> },
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

const listCalls = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === '/api/songs');

describe('the Songs list', () => {
  it('shows each song with its latest version and what is done, linking to its page', async () => {
    route((url) =>
      url.pathname === '/api/songs'
        ? Response.json([
            listItem(2, 'Paper Plan', { versionCount: 2, latestVersion: { ...listItem(2, 'x').latestVersion!, label: 'v2' }, done: { lyrics: true, review: true, cover: false, plan: false } }),
            listItem(1, 'Night Drive'),
          ])
        : undefined,
    );
    renderAt('/songs');
    const list = await screen.findByRole('list', { name: 'Your Songs' }, SLOW);
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/songs/2', '/songs/1']);
    expect(rows[0]!.textContent).toContain('Paper Plan');
    expect(within(rows[0]!).getByTestId('song-latest').textContent).toBe('Latest: v2 · 3:05 · 2 versions');
    const chips = within(rows[0]!).getByTestId('song-progress');
    expect([...chips.querySelectorAll('[data-done="true"]')].map((c) => c.textContent)).toEqual(['Lyrics done', 'Review done']);
    expect([...chips.querySelectorAll('[data-done="false"]')].map((c) => c.textContent)).toEqual(['Cover not yet', 'Plan not yet']);
  });

  it('searches by what the artist types, and says when nothing matches', async () => {
    route((url) => {
      if (url.pathname !== '/api/songs') return undefined;
      const q = url.searchParams.get('q');
      if (q === 'zzz') return Response.json([]);
      if (q === 'night') return Response.json([listItem(1, 'Night Drive')]);
      return Response.json([listItem(2, 'Paper Plan'), listItem(1, 'Night Drive')]);
    });
    renderAt('/songs');
    await screen.findByText('Paper Plan', undefined, SLOW);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search songs' }), { target: { value: 'night' } });
    await waitFor(() => expect(screen.queryByText('Paper Plan')).toBeNull(), SLOW);
    expect(screen.getByText('Night Drive')).toBeTruthy();
    expect(listCalls().at(-1)!.searchParams.get('q')).toBe('night');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search songs' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No songs match “zzz”.', undefined, SLOW)).toBeTruthy();
  });

  it('says so when there is no song yet, and offers a retry when the list fails', async () => {
    let fail = true;
    route((url) => (url.pathname === '/api/songs' ? (fail ? Response.json({ message: 'boom' }, { status: 500 }) : Response.json([])) : undefined));
    renderAt('/songs');
    expect(await screen.findByText('Failed to load songs. Please try again later.', undefined, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No songs yet. Upload a track to start one.', undefined, SLOW)).toBeTruthy();
  });
});

describe('a song’s page', () => {
  it('shows the versions newest first with their comparison, the review, plan, lyrics and the tools on this song', async () => {
    route((url) => (url.pathname === '/api/songs/7' ? Response.json(detail()) : undefined));
    renderAt('/songs/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paper Plan' }, SLOW)).toBeTruthy();
    const versions = screen.getAllByTestId('song-version');
    expect(versions.map((v) => v.querySelector('h3')?.textContent)).toEqual(['v2', 'v1']);
    expect(screen.getAllByTestId('player').map((p) => p.textContent)).toEqual(['player 72', 'player 71']);
    const comparison = within(versions[0]!).getByTestId('version-comparison');
    expect(comparison.textContent).toContain('Compared with v1');
    expect(comparison.textContent).toContain('Loudness: -9.0 LUFS, up 2.1 dB from v1');
    expect(within(versions[1]!).queryByTestId('version-comparison')).toBeNull();
    expect(screen.getByText('upload to 7')).toBeTruthy();

    const review = screen.getByTestId('song-review');
    expect(review.textContent).toContain('6.5');
    expect(within(review).getByRole('progressbar', { name: 'Flow' }).getAttribute('aria-valuenow')).toBe('7');
    expect(within(screen.getByTestId('song-plan')).getByRole('list', { name: 'Next dates' }).textContent).toContain('Pitch to playlists');
    expect(screen.getByTestId('song-lyrics').textContent).toContain('we fold them tight');
    expect(screen.getByTestId('song-facts').textContent).toContain('US-S1Z-99-00001');

    const tools = screen.getByRole('navigation', { name: 'Tools for this song' });
    expect(within(tools).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/lyrics/31?song=7',
      '/review?song=7',
      '/cover-art?song=7',
      '/marketing?song=7',
      '/studio?song=7',
      '/songs/7/booth',
    ]);
  });

  it('says the song is not found for a 404 or a bad id', async () => {
    route(() => undefined);
    renderAt('/songs/99');
    expect(await screen.findByRole('heading', { level: 2, name: 'Song not found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your songs' }).getAttribute('href')).toBe('/songs');
  });

  it('shows the server’s field errors when the details do not save, and sends only what changed', async () => {
    const patches: unknown[] = [];
    route((url, init) => {
      if (url.pathname !== '/api/songs/7') return undefined;
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return Response.json({ message: 'Invalid request', fieldErrors: { isrc: ['An ISRC has 12 characters'] } }, { status: 400 });
      }
      return Response.json(detail());
    });
    renderAt('/songs/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Song details' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText('ISRC'), { target: { value: 'nope' } });
    fireEvent.change(within(dialog).getByLabelText('Genre'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await within(dialog).findByText('An ISRC has 12 characters', undefined, SLOW)).toBeTruthy();
    expect(within(dialog).getByLabelText('ISRC').getAttribute('aria-invalid')).toBe('true');
    expect(patches).toEqual([{ genre: null, isrc: 'nope' }]);
  });

  it('deletes only after the confirmation, then goes back to the list', async () => {
    route((url, init) => {
      if (url.pathname === '/api/songs/7' && init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (url.pathname === '/api/songs/7') return Response.json(detail());
      if (url.pathname === '/api/songs') return Response.json([]);
      return undefined;
    });
    const router = renderAt('/songs/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this song?' }, SLOW);
    expect(confirm.textContent).toContain('“Paper Plan”, its 2 versions and their audio files will be deleted.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', undefined, SLOW)).getByRole('button', { name: 'Delete song' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/songs'), SLOW);
    expect(fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/songs/7' && init?.method === 'DELETE')).toHaveLength(1);
  });
});
