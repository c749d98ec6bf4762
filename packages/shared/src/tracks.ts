import { z } from 'zod';
import { text } from './text';

export const MAX_UPLOAD_MB = 50;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** What the upload picker offers; the server decides by the file's content, not these. */
export const ACCEPTED_AUDIO_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac', 'video/mp4'];
export const ACCEPTED_AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.mp4', '.aac'];
export const UNTITLED_TRACK = 'Untitled Track';
/** Why a track has no lyrics from its recording when this installation cannot transcribe (plain words, no settings). */
export const TRANSCRIPTION_UNAVAILABLE = "Lyrics from the recording aren't available here; paste or type them.";

export const analysisStatusSchema = z.enum(['pending', 'processing', 'done', 'failed']);
export const transcriptionStatusSchema = z.enum(['pending', 'processing', 'done', 'unavailable', 'failed']);

export const trackSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  filename: z.string(),
  originalName: z.string(),
  title: z.string(),
  /**
   * The song this upload is a version of (issue 26): every upload belongs to exactly one (the
   * upload path and migration 022 see to it; null only for a row written around them).
   */
  songId: z.number().int().nullable(),
  /** The version's name on its song: "v1", "v2"… or the artist's own ("Radio mix"). */
  versionLabel: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Seconds, once analysed. */
  duration: z.number().nullable(),
  transcription: z.string().nullable(),
  transcriptionStatus: transcriptionStatusSchema,
  transcriptionError: z.string().nullable(),
  transcriptionSource: z.enum(['speech-to-text', 'manual']).nullable(),
  transcriptionProgress: z.number().nullable(),
  /** Where the private audio streams from (owner or admin only). */
  audioUrl: z.string(),
  analysis: z.object({
    status: analysisStatusSchema,
    progress: z.number(),
    error: z.string().nullable(),
    engine: z.string().nullable(),
    jobId: z.number().int().nullable(),
    bpm: z.number().nullable(),
    key: z.string().nullable(),
    lufs: z.number().nullable(),
    truePeak: z.number().nullable(),
    /** Peaks 0..1 for drawing; only on GET /api/tracks/:id. */
    waveform: z.array(z.number()).nullable().optional(),
    /** Short-term (3 s) loudness in LUFS once a second (null: silence); only on GET /api/tracks/:id, null for older analyses. */
    loudnessCurve: z.array(z.number().nullable()).nullable().optional(),
  }),
  createdAt: z.string(),
});
export type Track = z.infer<typeof trackSchema>;

export const setTranscriptionSchema = z.object({
  transcription: text()
    .trim()
    .min(1, 'Lyrics cannot be empty')
    .max(20_000, 'Lyrics must be at most 20,000 characters'),
});

export const jobSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  error: z.string().nullable(),
  /** What a finished job made, when it makes something to open: a Booth mixdown's new version (issue 29). */
  result: z.object({ trackId: z.number().int() }).optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** Spec §3: the part after the last dash and before the extension is the default title. */
export function titleFromFilename(filename: string): string {
  const base = filename.replace(/\.[^.]*$/, '');
  const afterDash = base.slice(base.lastIndexOf('-') + 1).trim();
  return afterDash || UNTITLED_TRACK;
}

/** GET /api/storage: what an artist's uploads take of their plan's storage allowance (ADR 031). */
export const storageUsageSchema = z.object({ usedBytes: z.number().int().min(0), limitBytes: z.number().int().min(0) });
export type StorageUsage = z.infer<typeof storageUsageSchema>;

const MB = 1024 * 1024;
/** "862 KB", "12.3 MB", "9.8 GB": sizes as an artist reads them (binary units, as the allowance is set). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1000 * MB) return `${(bytes / (1024 * MB)).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes <= 0) return '0 KB';
  return `${Math.ceil(bytes / 1024)} KB`;
}
