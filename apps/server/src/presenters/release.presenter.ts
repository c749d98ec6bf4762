import { stringify } from 'csv-stringify/sync';
import type { Release } from '@members-only/shared/releases';
import type { ReleaseRecord } from '../services/release.service';
import { neutralizeCell } from './csv-cell';

export function presentRelease(record: ReleaseRecord, origin: string): Release {
  return {
    songId: record.song.id,
    slug: record.slug,
    published: record.published,
    links: record.links,
    previewStart: record.previewStart,
    previewSeconds: record.previewSeconds,
    coverArtId: record.coverArtId,
    releaseDate: record.song.release_date,
    url: `${origin}/r/${record.slug}`,
    signups: record.signups,
    saved: record.row !== undefined,
  };
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : v);

/** The sign-ups as CSV: address, when, and the words the fan agreed to; formula-looking cells neutralised. */
export function signupsCsv(rows: { email: string; consent_text: string; created_at: Date | string }[]): string {
  return stringify([['email', 'signed_up_at', 'consent'], ...rows.map((r) => [neutralizeCell(r.email), iso(r.created_at), neutralizeCell(r.consent_text)])], { record_delimiter: '\r\n' });
}
