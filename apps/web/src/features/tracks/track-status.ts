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

export { formatDuration } from '@/lib/utils';

export interface UploadTimeOptions {
  now?: Date;
  locale?: string;
  timeZone?: string;
  /** The time on older dates too ("Uploaded 3 Nov at 14:05"). */
  withTime?: boolean;
  /** Seconds in the time ("14:05:31"): for two uploads within the same minute. */
  withSeconds?: boolean;
}

/**
 * When a track was uploaded, for the list: "Uploaded today at 14:05", "Uploaded yesterday at
 * 09:12", "Uploaded 3 Nov", "Uploaded 3 Nov 2025" (another year). In the reader's locale and time
 * zone unless given.
 */
export function formatUploadTime(iso: string, { now = new Date(), locale, timeZone, withTime = false, withSeconds = false }: UploadTimeOptions = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  // Calendar days as the zone writes them (YYYY-MM-DD), so midnight is the reader's midnight.
  const dayKey = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const day = dayKey(at);
  const today = dayKey(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}), timeZone }).format(at);
  if (day === today) return `Uploaded today at ${time}`;
  if (day === yesterday) return `Uploaded yesterday at ${time}`;
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone,
  }).format(at);
  return `Uploaded ${date}${withTime || withSeconds ? ` at ${time}` : ''}`;
}

/**
 * The upload label of each listed track. Tracks with the same title (the same file uploaded twice)
 * whose labels would read the same get the time as well, then its seconds, so each can be told apart.
 */
export function uploadLabels(
  tracks: ReadonlyArray<Pick<Track, 'id' | 'title' | 'createdAt'>>,
  options: Pick<UploadTimeOptions, 'now' | 'locale' | 'timeZone'> = {},
): Map<number, string> {
  const levels: UploadTimeOptions[] = [{}, { withTime: true }, { withSeconds: true }];
  const level = new Map(tracks.map((t) => [t.id, 0]));
  const label = (t: Pick<Track, 'id' | 'createdAt'>) => formatUploadTime(t.createdAt, { ...options, ...levels[level.get(t.id)!] });
  for (let round = 1; round < levels.length; round++) {
    const count = new Map<string, number>();
    const keyOf = (t: Pick<Track, 'id' | 'title' | 'createdAt'>) => `${t.title}\u0000${label(t)}`;
    for (const t of tracks) count.set(keyOf(t), (count.get(keyOf(t)) ?? 0) + 1);
    const clashing = tracks.filter((t) => count.get(keyOf(t))! > 1);
    if (!clashing.length) break;
    for (const t of clashing) level.set(t.id, round);
  }
  return new Map(tracks.map((t) => [t.id, label(t)]));
}
