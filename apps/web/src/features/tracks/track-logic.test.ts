import type { Track } from '@members-only/shared/tracks';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { trackQueryKey } from './api/get-track';
import { TRACKS_QUERY_KEY, type TrackPages } from './api/get-tracks';
import { forgetTrack, rememberTrack } from './api/track-cache';
import { formatDuration, hasTranscription, isTrackBusy } from './track-status';

const track = (id: number, overrides: Partial<Track> = {}): Track => ({
  id,
  userId: 1,
  filename: `${id}.mp3`,
  originalName: `Artist - Song ${id}.mp3`,
  title: `Song ${id}`,
  mimeType: 'audio/mpeg',
  sizeBytes: 1000,
  duration: 180,
  transcription: null,
  transcriptionStatus: 'unavailable',
  transcriptionError: null,
  transcriptionSource: null,
  transcriptionProgress: null,
  audioUrl: `/uploads/tracks/${id}.mp3`,
  analysis: { status: 'done', progress: 1, error: null, engine: 'built-in', jobId: null, bpm: 92, key: 'A minor', lufs: -9, truePeak: -1, waveform: [0.1, 0.5] },
  createdAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('track status', () => {
  it('is busy while analysis or transcription is pending or processing', () => {
    expect(isTrackBusy(track(1))).toBe(false);
    expect(isTrackBusy(track(1, { transcriptionStatus: 'processing' }))).toBe(true);
    expect(isTrackBusy(track(1, { analysis: { ...track(1).analysis, status: 'pending' } }))).toBe(true);
    expect(isTrackBusy(track(1, { analysis: { ...track(1).analysis, status: 'failed' } }))).toBe(false);
  });

  it('has a transcription only when it is done and not blank', () => {
    expect(hasTranscription(track(1, { transcriptionStatus: 'done', transcription: 'verse one' }))).toBe(true);
    expect(hasTranscription(track(1, { transcriptionStatus: 'done', transcription: '  ' }))).toBe(false);
    expect(hasTranscription(track(1, { transcriptionStatus: 'failed', transcription: 'verse one' }))).toBe(false);
  });

  it.each([
    [null, '0:00'],
    [-4, '0:00'],
    [Number.NaN, '0:00'],
    [59.9, '0:59'],
    [61, '1:01'],
    [3725, '1:02:05'],
  ])('formats %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('track cache', () => {
  const pages = (...lists: Track[][]): TrackPages => ({ pages: lists, pageParams: lists.map((_, i) => i * 50) });
  const listOf = (client: QueryClient) => client.getQueryData<TrackPages>(TRACKS_QUERY_KEY)!.pages.map((p) => p.map((t) => t.id));

  it('puts a new track first in the list, without its waveform', () => {
    const client = new QueryClient();
    client.setQueryData(TRACKS_QUERY_KEY, pages([track(2), track(1)]));
    rememberTrack(client, track(3));
    expect(listOf(client)).toEqual([[3, 2, 1]]);
    expect(client.getQueryData<TrackPages>(TRACKS_QUERY_KEY)!.pages[0]![0]!.analysis).not.toHaveProperty('waveform');
    expect(client.getQueryData<Track>(trackQueryKey(3))?.analysis.waveform).toEqual([0.1, 0.5]);
  });

  it('replaces a known track where it is', () => {
    const client = new QueryClient();
    client.setQueryData(TRACKS_QUERY_KEY, pages([track(3)], [track(2), track(1)]));
    rememberTrack(client, track(2, { title: 'Renamed' }));
    expect(listOf(client)).toEqual([[3], [2, 1]]);
    expect(client.getQueryData<TrackPages>(TRACKS_QUERY_KEY)!.pages[1]![0]!.title).toBe('Renamed');
  });

  it('keeps waveform peaks already loaded when an answer carries none', () => {
    const client = new QueryClient();
    client.setQueryData(trackQueryKey(5), track(5));
    const { waveform: _waveform, ...analysis } = track(5).analysis;
    rememberTrack(client, track(5, { transcriptionStatus: 'done', analysis }));
    const cached = client.getQueryData<Track>(trackQueryKey(5))!;
    expect(cached.transcriptionStatus).toBe('done');
    expect(cached.analysis.waveform).toEqual([0.1, 0.5]);
  });

  it('leaves an unloaded list alone', () => {
    const client = new QueryClient();
    rememberTrack(client, track(1));
    expect(client.getQueryData(TRACKS_QUERY_KEY)).toBeUndefined();
  });

  it('drops a deleted track from the list and forgets its unobserved query', () => {
    const client = new QueryClient();
    client.setQueryData(TRACKS_QUERY_KEY, pages([track(2), track(1)]));
    client.setQueryData(trackQueryKey(2), track(2));
    forgetTrack(client, 2);
    expect(listOf(client)).toEqual([[1]]);
    expect(client.getQueryState(trackQueryKey(2))).toBeUndefined();
  });
});
