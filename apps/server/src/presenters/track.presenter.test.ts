import { TRANSCRIPTION_UNAVAILABLE } from '@members-only/shared';
import { describe, expect, it } from 'vitest';
import type { TrackRow } from '../db/types';
import { presentTrack } from './track.presenter';
import { trackRow } from '../../test/factories';

const row = (overrides: Partial<TrackRow> = {}): TrackRow => ({
  id: 1,
  ...trackRow({
    user_id: 2,
    filename: '0123456789abcdef0123456789abcdef.mp3',
    original_name: 'Hook Demo.mp3',
    title: 'Hook Demo',
    mime_type: 'audio/mpeg',
    duration: 12.5,
    analysis_status: 'pending',
    song_id: 3,
    version_label: 'v1',
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
  }),
  ...overrides,
});

describe('presentTrack', () => {
  it('gives artists plain words when lyrics cannot come from the recording, even for rows stored with the old setting-name text', () => {
    const legacy = row({ transcription_error: 'No speech-to-text service is configured. Paste or type the lyrics instead.' });
    expect(presentTrack(legacy).transcriptionError).toBe(TRANSCRIPTION_UNAVAILABLE);
    expect(TRANSCRIPTION_UNAVAILABLE).not.toMatch(/configur|service|[A-Z]{2,}_/);
  });

  it('keeps the stored reason of a failed transcription', () => {
    const failed = row({ transcription_status: 'failed', transcription_error: 'The speech-to-text service heard no words in this recording' });
    expect(presentTrack(failed).transcriptionError).toBe('The speech-to-text service heard no words in this recording');
  });
});
