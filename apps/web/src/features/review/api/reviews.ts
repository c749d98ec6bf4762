import { reviewResponseSchema, trackReviewListSchema, trackReviewSchema, type CreateTrackReviewInput } from '@members-only/shared/review';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export function trackReviewsQueryKey(trackId: number) {
  return ['/api/tracks', trackId, 'reviews'] as const;
}

/** POST /api/review (spec §7): the review of a track's lyrics, with its audio facts when `trackId` is given, and the artist's focus if any. */
export function generateReview({ lyrics, trackId, focus }: { lyrics: string; trackId: number; focus?: string }, signal?: AbortSignal) {
  const trimmed = focus?.trim();
  return sendJson('POST', '/api/review', { lyrics, trackId, ...(trimmed ? { focus: trimmed } : {}) }, reviewResponseSchema, { signal });
}

/** POST /api/tracks/:id/reviews: keeps a review with the track. */
export function saveTrackReview(trackId: number, review: CreateTrackReviewInput) {
  return sendJson('POST', `/api/tracks/${trackId}/reviews`, review, trackReviewSchema);
}

/** GET /api/tracks/:id/reviews: the track's saved reviews, newest first. */
export function useTrackReviews(trackId: number) {
  return useQuery({
    queryKey: trackReviewsQueryKey(trackId),
    queryFn: ({ signal }) => getJson(`/api/tracks/${trackId}/reviews`, trackReviewListSchema, { signal }),
  });
}
