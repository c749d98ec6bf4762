import type { StudioMusicItem } from '@members-only/shared/studio';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STUDIO_MUSIC_QUERY_KEY } from '../api/studio';
import { BeatLibrary } from './beat-library';
import { stubFetchForEachTest } from '@/test/fetch-stub';

const beat: StudioMusicItem = {
  id: 7,
  conversationId: null,
  title: 'Dark trap, F# minor, 142',
  model: 'trap',
  prompt: 'dark trap in F# minor, 142 bpm',
  audioUrl: '/uploads/beats/aaaa.mp3',
  status: 'done',
  progress: 1,
  style: 'trap',
  bpm: 142,
  key: 'F# minor',
  durationSec: 30,
  seed: 3,
  engine: 'Built-in beat engine',
  ownership: 'yours',
  error: null,
  stemsUrl: '/api/studio/music/7/stems',
  midiUrl: '/api/studio/music/7/midi',
  sourceId: null,
  derivation: null,
  derivable: true,
  createdAt: '2026-11-26T12:00:00.000Z',
};

const fetchMock = stubFetchForEachTest();

function renderLibrary() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(STUDIO_MUSIC_QUERY_KEY, [beat]);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <BeatLibrary items={[beat]} playingId={null} onToggle={() => {}} onAction={() => {}} busy={false} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

describe('BeatLibrary rename', () => {
  it('renames a beat with PATCH /api/studio/music/:id and shows the new name', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PATCH' ? Response.json({ ...beat, title: 'Night Drive' }) : Response.json([{ ...beat, title: 'Night Drive' }]),
    );
    const { queryClient } = renderLibrary();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Dark trap, F# minor, 142' }));
    const field = screen.getByRole('textbox', { name: 'Beat name' }) as HTMLInputElement;
    expect(field.value).toBe('Dark trap, F# minor, 142');
    fireEvent.change(field, { target: { value: '  Night Drive ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Beat name' })).toBeNull());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/studio/music/7');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ title: 'Night Drive' });
    expect(queryClient.getQueryData<StudioMusicItem[]>(STUDIO_MUSIC_QUERY_KEY)![0].title).toBe('Night Drive');
  });

  it('keeps the field open with the server’s message when the name is refused, and Escape leaves it unchanged', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Title cannot contain line breaks, tabs or control characters' }, { status: 400 }));
    renderLibrary();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Dark trap, F# minor, 142' }));
    const field = screen.getByRole('textbox', { name: 'Beat name' });
    fireEvent.change(field, { target: { value: 'Bad\tname' } });
    fireEvent.submit(field.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Title cannot contain line breaks, tabs or control characters');
    expect(screen.getByRole('textbox', { name: 'Beat name' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Beat name' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Beat name' })).toBeNull();
    expect(screen.getByText('Dark trap, F# minor, 142')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
  });

  it('does not send a blank name', () => {
    renderLibrary();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Dark trap, F# minor, 142' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Beat name' }), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('textbox', { name: 'Beat name' }).closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
