import { parseReviewScores } from '@members-only/shared';
import { SONG, type Song, type SongDetail, type SongListItem, type SongProgress } from '@members-only/shared/songs';
import type { SongRow } from '../db/types';
import { toIso } from '../db/index';
import type { SongDetailRecord, SongListRecord } from '../services/song.service';
import { presentTrack } from './track.presenter';
import { coverImageUrl } from './cover-art.presenter';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function presentSong(row: SongRow): Song {
  return {
    id: row.id,
    title: row.title,
    artistName: row.artist_name,
    explicit: Boolean(row.explicit),
    genre: row.genre,
    releaseDate: row.release_date,
    isrc: row.isrc,
    upc: row.upc,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function presentSongListItem(row: SongListRecord): SongListItem {
  const done: SongProgress = {
    lyrics: Number(row.lyrics_snippets) > 0 || row.latest?.transcription_status === 'done',
    review: Number(row.review_count) > 0,
    cover: row.cover_id !== null,
    plan: Number(row.plan_count) > 0,
  };
  const { latest } = row;
  return {
    ...presentSong(row),
    coverThumbnail: row.cover_id === null ? null : coverImageUrl(Number(row.cover_id)),
    latestVersion: latest
      ? {
          trackId: latest.id,
          label: latest.version_label ?? '',
          originalName: latest.original_name,
          duration: num(latest.duration),
          lufs: num(latest.lufs),
          analysisStatus: latest.analysis_status as NonNullable<SongListItem['latestVersion']>['analysisStatus'],
          createdAt: toIso(latest.created_at),
        }
      : null,
    versionCount: Number(row.version_count),
    done,
  };
}

export function presentSongDetail(record: SongDetailRecord): SongDetail {
  const { song, versions, comparisons, reviews, covers, plan, nextDates, lyrics, lyricsSource } = record;
  return {
    ...presentSong(song),
    versions: versions.map((t) => ({ label: t.version_label ?? '', track: presentTrack(t, { withWaveform: true }), comparison: comparisons.get(t.id) ?? null })),
    lyricsId: song.lyrics_conversation_id,
    lyrics,
    lyricsSource,
    beatId: song.beat_id,
    reviews: reviews.map((r) => ({
      id: r.id,
      trackId: r.track_id,
      versionLabel: r.version_label ?? '',
      rating: num(r.rating),
      scores: parseReviewScores(r.review_text).scores,
      engine: r.engine,
      reviewText: r.review_text,
      createdAt: toIso(r.created_at),
    })),
    covers: covers.map((c) => ({
      id: c.id,
      trackId: c.track_id,
      parentId: c.parent_id,
      title: c.title,
      style: c.style,
      engine: c.engine,
      imageUrl: coverImageUrl(c.id),
      thumbnailUrl: coverImageUrl(c.id),
      createdAt: toIso(c.created_at),
    })),
    plan: plan
      ? {
          id: plan.id,
          conversationId: plan.conversation_id,
          title: plan.title,
          releaseDate: plan.release_date,
          engine: plan.engine,
          createdAt: toIso(plan.created_at),
          nextDates: nextDates.slice(0, SONG.nextDates).map((d) => ({ date: d.date, title: d.title, kind: d.kind })),
        }
      : null,
    done: { lyrics: lyrics !== null, review: reviews.length > 0, cover: covers.length > 0, plan: plan !== undefined },
  };
}
