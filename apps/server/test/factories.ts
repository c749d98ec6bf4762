// Test factories: whole rows built from one set of defaults, so a test names only the columns it
// is about and a new column is added here once instead of in every test that builds a row.
import type { TrackRow } from '../src/db/types';

/** A track row without its id: what a test inserts (or, with an id, hands to a presenter). Times are ISO strings, as the repositories write them. */
export type TrackValues = Omit<TrackRow, 'id' | 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/**
 * A track row as an upload whose analysis has finished leaves it: a 1000-byte WAV with a random
 * stored name, no audio facts, no lyrics. Pass the owner and whatever the test is about.
 */
export function trackRow(values: Pick<TrackValues, 'user_id'> & Partial<TrackValues>): TrackValues {
  const now = new Date().toISOString();
  return {
    filename: `${Math.random().toString(16).slice(2).padEnd(32, '0')}.wav`,
    original_name: 'track.wav',
    title: 'track',
    mime_type: 'audio/wav',
    size_bytes: 1000,
    duration: null,
    bpm: null,
    musical_key: null,
    lufs: null,
    true_peak: null,
    waveform: null,
    loudness_curve: null,
    analysis_status: 'done',
    analysis_error: null,
    analysis_engine: null,
    analysis_job_id: null,
    transcription: null,
    transcription_status: 'unavailable',
    transcription_error: null,
    transcription_source: null,
    transcription_job_id: null,
    song_id: null,
    version_label: null,
    created_at: now,
    updated_at: now,
    ...values,
  };
}
