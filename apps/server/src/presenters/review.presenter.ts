import type { TrackReview } from '@members-only/shared';
import type { TrackReviewRow } from '../db/types';
import { toIso } from '../db/index';

export function presentTrackReview(row: TrackReviewRow): TrackReview {
  return {
    id: row.id,
    trackId: row.track_id,
    reviewText: row.review_text,
    rating: row.rating === null ? null : Number(row.rating),
    engine: row.engine,
    createdAt: toIso(row.created_at),
  };
}
