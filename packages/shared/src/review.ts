import { z } from 'zod';
import { idString, text } from './text';

/** Spec §3 'Review scores': six 0-10 scores, each read from a bold line like '**Flow: 7/10**'. */
export const REVIEW_CATEGORIES = ['flow', 'marketability', 'lyrics', 'versatility', 'originality', 'vocabulary'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];
export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  flow: 'Flow',
  marketability: 'Marketability',
  lyrics: 'Lyrics',
  versatility: 'Versatility',
  originality: 'Originality',
  vocabulary: 'Vocabulary',
};

/** The engine name shown when no model is configured. */
export const BUILT_IN_REVIEWER = 'Built-in reviewer';

/**
 * Spec §9 fallbacks. The audience fallback is the spec's; its streams fallback ('5-10 million') is
 * never shown (amendment A1): a review without a stream line shows no figure.
 */
export const REVIEW_AUDIENCE_FALLBACK = 'Music fans aged 18-34 who appreciate authentic hip-hop';
export const NO_STREAM_ESTIMATE = 'No estimate';

export const REVIEW_MESSAGES = {
  noTrack: 'Please upload or select a track for review',
  noTranscription: "This track doesn't have lyrics yet. Add them on the track, or select another track.",
  failed: 'Failed to generate song review. Please try again.',
  success: 'Song review generated successfully!',
  saveFailed: 'Failed to create review. Please try again later.',
} as const;

export interface ReviewScores {
  /** Integers 0-10, null when the review has no line for it. */
  scores: Record<ReviewCategory, number | null>;
  /** The 'Estimated Streams:' text, or null (never the spec's invented fallback). */
  streams: string | null;
  audience: string;
  /** True when the audience line was missing and the spec's fallback stands in. */
  audienceIsFallback: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A number after the label, e.g. "**Flow: 7/10**", "Flow - 8.5 / 10", "- **Lyrics**: 6/10".
const scorePattern = (label: string) =>
  new RegExp(`^[\\s>*_#-]*${escape(label)}[\\s*_]*[:\\-–—=]\\s*[*_]*\\s*(-?\\d{1,3}(?:[.,]\\d+)?)\\s*(?:/\\s*10|out of 10)?`, 'im');
const textLine = (labels: string[]) =>
  new RegExp(`^[\\s>*_#-]*(?:${labels.map(escape).join('|')})[\\s*_]*(?:\\([^)\\n]*\\)[\\s*_]*)?:[\\s*_]*(.+?)[\\s*_]*$`, 'im');
const STREAMS = textLine(['Estimated Streams', 'Streams']);
const AUDIENCE = textLine(['Target Audience', 'Audience']);

/** A score line's number, rounded and held to 0-10. */
function readScore(review: string, category: ReviewCategory): number | null {
  const match = scorePattern(REVIEW_CATEGORY_LABELS[category]).exec(review);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return Math.min(10, Math.max(0, Math.round(value)));
}

function readText(review: string, pattern: RegExp): string | null {
  const value = pattern.exec(review)?.[1]?.replace(/\*\*/g, '').trim();
  return value ? value.slice(0, 300) : null;
}

/**
 * Reads a review's scores (spec §9): bold lines like 'Flow: N/10', capped to 0-10, plus
 * 'Estimated Streams:' and 'Audience:'. Missing scores are null; a missing audience takes the
 * spec's fallback; a missing stream line stays null (amendment A1). Never throws.
 */
export function parseReviewScores(review: string): ReviewScores {
  const source = typeof review === 'string' ? review.slice(0, 100_000) : '';
  const scores = Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c, readScore(source, c)])) as Record<ReviewCategory, number | null>;
  const audience = readText(source, AUDIENCE);
  return {
    scores,
    streams: readText(source, STREAMS),
    audience: audience ?? REVIEW_AUDIENCE_FALLBACK,
    audienceIsFallback: audience === null,
  };
}

/** The saved rating: the mean of the scores present, one decimal; null when none is. */
export function overallRating(scores: Record<ReviewCategory, number | null>): number | null {
  const present = REVIEW_CATEGORIES.map((c) => scores[c]).filter((s): s is number => s !== null);
  if (!present.length) return null;
  return Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 10) / 10;
}

// ---------------------------------------------------------------- API

export const REVIEW_FOCUS_MAX = 500;

/** `POST /api/review`: the spec's `{ lyrics }`, and the track whose audio facts the review reads. */
export const reviewRequestSchema = z
  .object({
    /** Required unless `songId` is given: then the song's lyrics (Lyric Assist, else the version's transcription) stand in. */
    lyrics: text().trim().min(1, REVIEW_MESSAGES.noTranscription).max(20_000, 'Lyrics must be at most 20,000 characters').optional(),
    trackId: z.number().int().positive().optional(),
    /** The song (issue 26): without a trackId its newest version is reviewed. */
    songId: z.number({ error: 'Invalid song ID' }).int('Invalid song ID').positive('Invalid song ID').max(2_147_483_647, 'Invalid song ID').optional(),
    /** What the artist asks the review to focus on (the page's chips fill it); orders the review, never changes a score. */
    focus: text().trim().max(REVIEW_FOCUS_MAX, `The focus must be at most ${REVIEW_FOCUS_MAX} characters`).optional(),
  })
  .refine((b) => b.lyrics !== undefined || b.songId !== undefined, { message: REVIEW_MESSAGES.noTranscription, path: ['lyrics'] });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const technicalCheckItemSchema = z.object({
  label: z.string(),
  value: z.string(),
  status: z.enum(['ok', 'note', 'unknown']),
  note: z.string(),
});
export type TechnicalCheckItem = z.infer<typeof technicalCheckItemSchema>;

export const reviewResponseSchema = z.object({
  /** The review as Markdown, with the score lines the spec parses. */
  response: z.string(),
  engine: z.string(),
  kind: z.enum(['model', 'engine']),
  /** The same numbers the text carries, read by the server with `parseReviewScores`. */
  scores: z.record(z.enum(REVIEW_CATEGORIES), z.number().int().min(0).max(10).nullable()),
  rating: z.number().min(0).max(10).nullable(),
  streams: z.string().nullable(),
  audience: z.string(),
  technical: z.array(technicalCheckItemSchema),
  /** The previous upload with the same title that this review compares against. */
  comparedWith: z.object({ trackId: z.number().int(), createdAt: z.string() }).nullable(),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const trackReviewIdParamsSchema = z.object({ id: idString('Invalid track ID') });

/** `POST /api/tracks/:id/reviews` (spec §7). */
export const createTrackReviewSchema = z.object({
  reviewText: text().trim().min(1, 'The review is empty').max(50_000, 'The review must be at most 50,000 characters'),
  rating: z.number().min(0).max(10).nullable(),
  engine: text().trim().max(200).optional(),
});
export type CreateTrackReviewInput = z.infer<typeof createTrackReviewSchema>;

export const trackReviewSchema = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  reviewText: z.string(),
  rating: z.number().nullable(),
  engine: z.string().nullable(),
  createdAt: z.string(),
});
export type TrackReview = z.infer<typeof trackReviewSchema>;
export const trackReviewListSchema = z.array(trackReviewSchema);
