import type { Mix, MixSettings, Take } from '@members-only/shared/booth';
import type { MixRow, TakeRow } from '../db/types';

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** A Booth take (issue 29). */
export function presentTake(row: TakeRow): Take {
  return {
    id: row.id,
    songId: row.song_id,
    name: row.name,
    sampleRate: row.sample_rate,
    startMs: row.start_ms,
    fromBar: row.from_bar,
    toBar: row.to_bar,
    latencyMs: row.latency_ms,
    receivedBytes: Number(row.received_bytes),
    durationMs: Math.round((Number(row.received_bytes) / 2 / row.sample_rate) * 1000),
    complete: Boolean(row.complete),
    createdAt: iso(row.created_at),
  };
}

/** A finished mix: the version it made, its settings and comp. */
export function presentMix(row: MixRow): Mix {
  return {
    trackId: row.track_id ?? 0,
    settings: JSON.parse(row.settings) as MixSettings,
    takes: JSON.parse(row.takes) as Mix['takes'],
    createdAt: iso(row.created_at),
  };
}
