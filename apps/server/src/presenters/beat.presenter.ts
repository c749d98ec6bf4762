import { BUILT_IN_BEAT_ENGINE, beatStyleSchema, type StudioMusicItem } from '@members-only/shared/studio';
import type { BeatRow } from '../db/types';

/** The style the engine made: the description's when it named one (kept in details), else the dropdown's. */
function madeStyle(row: BeatRow) {
  if (row.details) {
    try {
      const style = beatStyleSchema.safeParse((JSON.parse(row.details) as { style?: unknown }).style);
      if (style.success) return style.data;
    } catch {
      // Details that are not JSON: the dropdown's style.
    }
  }
  return beatStyleSchema.catch('rap').parse(row.style);
}

const iso = (t: Date | string) => (t instanceof Date ? t.toISOString() : new Date(t).toISOString());

/** Spec §3 studio music item: id, title, model, prompt, audioUrl, plus what the engine made it from. */
export function presentBeat(row: BeatRow & { job_progress?: number | null }): StudioMusicItem {
  const status = row.status === 'done' || row.status === 'failed' || row.status === 'running' ? row.status : 'queued';
  const builtIn = row.engine === BUILT_IN_BEAT_ENGINE;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    title: row.title,
    model: row.style,
    prompt: row.prompt || null,
    audioUrl: row.status === 'done' && row.filename ? `/uploads/beats/${row.filename}` : null,
    status,
    progress: status === 'done' ? 1 : Math.max(0, Math.min(1, Number(row.job_progress ?? 0))),
    style: madeStyle(row),
    bpm: row.bpm === null ? null : Number(row.bpm),
    key: row.musical_key,
    durationSec: row.duration_sec === null ? null : Number(row.duration_sec),
    seed: row.seed === null ? null : Number(row.seed),
    engine: row.engine,
    ownership: builtIn ? 'yours' : 'per the music service’s terms',
    error: status === 'failed' ? row.error_message : null,
    stemsUrl: status === 'done' && row.stems_filename ? `/api/studio/music/${row.id}/stems` : null,
    midiUrl: status === 'done' && row.midi_filename ? `/api/studio/music/${row.id}/midi` : null,
    sourceId: row.source_beat_id,
    derivation: row.derivation === 'variation' || row.derivation === 'extension' ? row.derivation : null,
    derivable: status === 'done' && builtIn,
    createdAt: iso(row.created_at),
  };
}
