import type { Track } from '@members-only/shared/tracks';

/** The server is still analysing the audio. */
export function isAnalysisRunning(track: Track): boolean {
  return track.analysis.status === 'pending' || track.analysis.status === 'processing';
}

/** Speech-to-text is still working on the lyrics. */
export function isTranscriptionRunning(track: Track): boolean {
  return track.transcriptionStatus === 'pending' || track.transcriptionStatus === 'processing';
}

/** Analysis or transcription is under way, so the track is worth polling. */
export function isTrackBusy(track: Track): boolean {
  return isAnalysisRunning(track) || isTranscriptionRunning(track);
}

/** The track has lyrics a review can use (from speech-to-text or typed by the artist). */
export function hasTranscription(track: Track): boolean {
  return track.transcriptionStatus === 'done' && Boolean(track.transcription?.trim());
}

/** Seconds as m:ss (or h:mm:ss past an hour); '0:00' for missing or negative values. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
