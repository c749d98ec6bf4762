import type { Track } from '@members-only/shared/tracks';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { trackQueryKey } from './api/get-track';
import { TRACKS_QUERY_KEY, type TrackPages } from './api/get-tracks';
import { forgetTrack, rememberTrack } from './api/track-cache';
import { formatDuration, formatUploadTime, hasTranscription, isTrackBusy, uploadLabels } from './track-status';

const track = (id: number, overrides: Partial<Track> = {}): Track => ({
  id,
  userId: 1,
  filename: `${id}.mp3`,
  originalName: `Artist - Song ${id}.mp3`,
  title: `Song ${id}`,
  songId: null,
  versionLabel: null,
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

describe('upload time', () => {
  // 23 Nov 2026, 16:30 in London (UTC+0 in November).
  const now = new Date('2026-11-23T16:30:00.000Z');
  const options = { now, locale: 'en-GB', timeZone: 'Europe/London' };

  it.each([
    ['2026-11-23T14:05:00.000Z', 'Uploaded today at 14:05'],
    ['2026-11-23T00:00:00.000Z', 'Uploaded today at 00:00'],
    ['2026-11-22T23:59:00.000Z', 'Uploaded yesterday at 23:59'],
    ['2026-11-03T09:00:00.000Z', 'Uploaded 3 Nov'],
    ['2025-12-31T12:00:00.000Z', 'Uploaded 31 Dec 2025'],
    ['not a date', ''],
  ])('%s reads "%s"', (iso, expected) => {
    expect(formatUploadTime(iso, options)).toBe(expected);
  });

  it('counts days in the reader’s time zone', () => {
    // 02:00 UTC on the 24th is still the evening of the 23rd in New York, when the upload was.
    const evening = { now: new Date('2026-11-24T02:00:00.000Z'), locale: 'en-US', timeZone: 'America/New_York' };
    expect(formatUploadTime('2026-11-23T23:00:00.000Z', evening)).toBe('Uploaded today at 06:00 PM');
    expect(formatUploadTime('2026-11-23T04:00:00.000Z', evening)).toBe('Uploaded yesterday at 11:00 PM');
  });

  it('tells two uploads of the same file apart by their time, even on an older day', () => {
    const list = [
      track(3, { title: 'Night Drive', createdAt: '2026-11-23T14:06:00.000Z' }),
      track(2, { title: 'Night Drive', createdAt: '2026-11-23T14:05:00.000Z' }),
      track(1, { title: 'Night Drive', createdAt: '2026-11-03T09:00:00.000Z' }),
      track(0, { title: 'Night Drive', createdAt: '2026-11-03T18:30:00.000Z' }),
      track(9, { title: 'Hook Demo', createdAt: '2026-11-03T10:00:00.000Z' }),
      // Twice within one minute.
      track(8, { title: 'Hook Demo', createdAt: '2026-11-23T15:00:05.000Z' }),
      track(7, { title: 'Hook Demo', createdAt: '2026-11-23T15:00:41.000Z' }),
    ];
    expect([...uploadLabels(list, options).values()]).toEqual([
      'Uploaded today at 14:06',
      'Uploaded today at 14:05',
      'Uploaded 3 Nov at 09:00',
      'Uploaded 3 Nov at 18:30',
      'Uploaded 3 Nov',
      'Uploaded today at 15:00:05',
      'Uploaded today at 15:00:41',
    ]);
  });
});
