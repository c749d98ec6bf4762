import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetchForEachTest } from '@/test/fetch-stub';
import { SongPicker, type SongChoice } from './song-picker';

const fetchMock = stubFetchForEachTest();
/** The song schemas load with the first answer (a dynamic import): give it time on a busy machine. */
const SLOW = { timeout: 5000 };

const song = (id: number, title: string) => ({
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
});
const track = (id: number, label: string) => ({
  id,
  userId: 1,
  filename: `${id}.wav`,
  originalName: `${label}.wav`,
  title: 'Paper Plan',
  songId: 7,
  versionLabel: label,
  mimeType: 'audio/wav',
  sizeBytes: 1,
  duration: 10,
  transcription: null,
  transcriptionStatus: 'unavailable',
  transcriptionError: null,
  transcriptionSource: null,
  transcriptionProgress: null,
  audioUrl: `/a/${id}`,
  analysis: { status: 'done', progress: 1, error: null, engine: null, jobId: null, bpm: null, key: null, lufs: null, truePeak: null },
  createdAt: '2026-11-20T10:00:00.000Z',
});
const listItem = (id: number, title: string) => ({ ...song(id, title), coverThumbnail: null, latestVersion: null, versionCount: 0, done: { lyrics: false, review: false, cover: false, plan: false } });
const detail = {
  ...song(7, 'Paper Plan'),
  versions: [
    { label: 'v2', track: track(72, 'v2'), comparison: null },
    { label: 'v1', track: track(71, 'v1'), comparison: null },
  ],
  lyricsId: null,
  lyrics: null,
  lyricsSource: null,
  beatId: null,
  reviews: [],
  covers: [],
  plan: null,
  done: { lyrics: false, review: false, cover: false, plan: false },
};

function Harness({ initial }: { initial: SongChoice }) {
  const [choice, setChoice] = useState(initial);
  return (
    <>
      <SongPicker value={choice} onChange={setChoice} />
      <output data-testid="choice">{JSON.stringify(choice)}</output>
    </>
  );
}

function renderPicker(initial: SongChoice, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith('/api/songs?')) return Promise.resolve(Response.json([listItem(7, 'Paper Plan'), listItem(3, 'Night Drive')]));
    if (url === '/api/songs/7') return Promise.resolve(Response.json(detail));
    return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness initial={initial} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SongPicker', () => {
  it('takes the newest version of a chosen song, and lets another version be picked', async () => {
    renderPicker({ songId: null, trackId: null });
    const songField = await screen.findByLabelText('Song');
    await waitFor(() => expect([...songField.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose a song', 'Paper Plan', 'Night Drive']), SLOW);
    fireEvent.change(songField, { target: { value: '7' } });
    await waitFor(() => expect(screen.getByTestId('choice').textContent).toBe('{"songId":7,"trackId":72}'), SLOW);
    const version = screen.getByLabelText('Version');
    expect([...version.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['v2 (latest) · v2.wav', 'v1 · v1.wav']);
    fireEvent.change(version, { target: { value: '71' } });
    expect(screen.getByTestId('choice').textContent).toBe('{"songId":7,"trackId":71}');
    expect(screen.getByRole('link', { name: 'Open the song’s page' }).getAttribute('href')).toBe('/songs/7');
  });

  it('keeps a version given with the song (a link to ?song=7&track=71)', async () => {
    renderPicker({ songId: 7, trackId: 71 });
    await waitFor(() => expect((screen.getByLabelText('Version') as HTMLSelectElement).value).toBe('71'), SLOW);
    expect(screen.getByTestId('choice').textContent).toBe('{"songId":7,"trackId":71}');
  });

  it('keeps a version newer than the cached song while the song is fetched again (Review this mix, just made in the Booth)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The song as cached before the mix: v1 only, stale.
    client.setQueryData(['/api/songs', 7], { ...detail, versions: [detail.versions[1]] });
    await client.invalidateQueries({ queryKey: ['/api/songs', 7] });
    renderPicker({ songId: 7, trackId: 72 }, client);
    await waitFor(() => expect([...screen.getByLabelText('Version').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['v2 (latest) · v2.wav', 'v1 · v1.wav']), SLOW);
    expect((screen.getByLabelText('Version') as HTMLSelectElement).value).toBe('72');
    expect(screen.getByTestId('choice').textContent).toBe('{"songId":7,"trackId":72}');
  });
});
