import { TRANSCRIPTION_UNAVAILABLE, type Job, type Track } from '@members-only/shared';
import type { JobRow, TrackRow } from '../db/types';
import { toIso } from '../db/index';

type Row = Omit<TrackRow, 'song_id' | 'version_label'> & { song_id?: number | null; version_label?: string | null } & { analysis_progress?: number | null; transcription_progress?: number | null };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function presentTrack(row: Row, { withWaveform = false } = {}): Track {
  const analysisStatus = row.analysis_status as Track['analysis']['status'];
  return {
    id: row.id,
    userId: row.user_id,
    filename: row.filename,
    originalName: row.original_name,
    title: row.title,
    songId: row.song_id ?? null,
    versionLabel: row.version_label ?? null,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    duration: num(row.duration),
    transcription: row.transcription,
    transcriptionStatus: row.transcription_status as Track['transcriptionStatus'],
    // Rows stored before the wording changed still say which setting was missing: artists get plain words.
    transcriptionError: row.transcription_status === 'unavailable' ? TRANSCRIPTION_UNAVAILABLE : row.transcription_error,
    transcriptionSource: row.transcription_source as Track['transcriptionSource'],
    transcriptionProgress: num(row.transcription_progress),
    audioUrl: `/uploads/tracks/${encodeURIComponent(row.filename)}`,
    analysis: {
      status: analysisStatus,
      progress: analysisStatus === 'done' ? 1 : Number(row.analysis_progress ?? 0),
      error: row.analysis_error,
      engine: row.analysis_engine,
      jobId: row.analysis_job_id,
      bpm: num(row.bpm),
      key: row.musical_key,
      lufs: num(row.lufs),
      truePeak: num(row.true_peak),
      ...(withWaveform
        ? {
            waveform: row.waveform ? (JSON.parse(row.waveform) as number[]) : null,
            loudnessCurve: row.loudness_curve ? (JSON.parse(row.loudness_curve) as (number | null)[]) : null,
          }
        : {}),
    },
    createdAt: toIso(row.created_at),
  };
}

export function presentJob(row: JobRow & { result?: { trackId: number } }): Job {
  return {
    ...(row.result ? { result: row.result } : {}),
    id: row.id,
    type: row.type,
    status: row.status as Job['status'],
    progress: Number(row.progress),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    error: row.last_error,
  };
}
