import { REVIEW_MESSAGES, type ReviewResponse } from '@members-only/shared/review';
import type { Track } from '@members-only/shared/tracks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Info, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { QuotaHint } from '@/components/quota-hint';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { formatDate } from '@/lib/utils';
import { generateReview, saveTrackReview, trackReviewsQueryKey, useTrackReviews } from '../api/reviews';
import { ReviewFocus } from './review-focus';
import { ReviewView } from './review-view';

/** Lyrics a review can read: from speech-to-text or typed by the artist. */
function hasLyrics(track: Track): boolean {
  return track.transcriptionStatus === 'done' && Boolean(track.transcription?.trim());
}

/**
 * Toasts stack at the bottom of the screen (the whole width on a phone): the height kept clear for
 * them, so a button the artist just pressed is never under one.
 */
export const TOAST_CLEARANCE_PX = 168;

/** Scrolls the page just enough that `el` sits above the toast area (no-op when it already does). */
export function keepClearOfToasts(el: HTMLElement | null, viewportHeight = window.innerHeight): void {
  if (!el) return;
  const overlap = el.getBoundingClientRect().bottom - (viewportHeight - TOAST_CLEARANCE_PX);
  if (overlap > 0) window.scrollBy({ top: overlap, behavior: 'auto' });
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The review area under the selected track: 'Generate Comprehensive Review', then the review
 * (scores as bars, audience and streams boxes, the analysis) saved with the track; the track's
 * earlier reviews follow, newest first.
 */
export function ReviewPanel({ track }: { track: Track }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const ready = hasLyrics(track);
  const reviews = useTrackReviews(track.id);
  // A review that could not be saved is still shown until the page changes.
  const [unsaved, setUnsaved] = useState<ReviewResponse | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const reviewRef = useRef<HTMLElement>(null);
  // After a review arrives: the id of the review shown before it, until the new one is on screen.
  const [scrollFrom, setScrollFrom] = useState<number | null | undefined>(undefined);
  // What the artist asks the review to focus on (optional; the review chips fill it).
  const [focus, setFocus] = useState('');

  const generate = useMutation({
    mutationFn: async () => {
      const review = await generateReview({ lyrics: track.transcription ?? '', trackId: track.id, focus });
      try {
        await saveTrackReview(track.id, { reviewText: review.response, rating: review.rating, engine: review.engine });
        return { review, saved: true };
      } catch (error) {
        toast({ title: 'Failed to create review', description: errorMessage(error), variant: 'destructive' });
        return { review, saved: false };
      }
    },
    onSuccess: ({ review, saved }) => {
      setUnsaved(saved ? null : review);
      setScrollFrom(saved ? (reviews.data?.[0]?.id ?? null) : -1);
      void queryClient.invalidateQueries({ queryKey: trackReviewsQueryKey(track.id) });
      toast({ title: REVIEW_MESSAGES.success, variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Error', description: `${REVIEW_MESSAGES.failed} ${errorMessage(error)}`, variant: 'destructive' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: QUOTAS_QUERY_KEY }),
  });

  const saved = reviews.data ?? [];
  const [latest, ...older] = saved;

  // The new review appears where the artist is looking: scrolled to once it is on the page.
  const arrivedId = unsaved ? -2 : latest?.id;
  useEffect(() => {
    if (scrollFrom === undefined || arrivedId === undefined || arrivedId === scrollFrom) return;
    reviewRef.current?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    setScrollFrom(undefined);
  }, [scrollFrom, arrivedId]);

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border border-border bg-muted/50 p-4 sm:p-5">
      <h3 id={headingId} className="text-base font-semibold">
        {ready ? 'Ready to analyze' : 'Review'}
      </h3>
      {ready ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          Scores for flow, marketability, lyrics, versatility, originality and vocabulary, read from this track&apos;s lyrics and its audio analysis.
        </p>
      ) : (
        <div className="grid gap-1 text-sm" role="note">
          <p className="flex items-start gap-2 font-medium">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {REVIEW_MESSAGES.noTranscription}
          </p>
          <p className="pl-6 text-muted-foreground">Or add its lyrics above to review this one.</p>
        </div>
      )}
      {ready && <ReviewFocus value={focus} onChange={setFocus} disabled={generate.isPending} />}
      <div className="grid gap-1.5">
        <div>
          <Button
            ref={buttonRef}
            disabled={!ready || generate.isPending}
            onClick={() => {
              keepClearOfToasts(buttonRef.current);
              generate.mutate();
            }}
          >
            {generate.isPending ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {generate.isPending ? 'Analyzing Track...' : 'Generate Comprehensive Review'}
          </Button>
        </div>
        {ready && (track.analysis.status === 'pending' || track.analysis.status === 'processing') && (
          <p className="text-xs text-muted-foreground">The audio analysis is still running: a review now has no loudness, tempo or key to check yet.</p>
        )}
        <QuotaHint kind="review" />
      </div>

      {unsaved && (
        <article ref={reviewRef} aria-label="New review (not saved)" className="grid scroll-mt-20 gap-2 rounded-2xl border border-border bg-card p-3 sm:p-4">
          <ReviewView text={unsaved.response} engine={unsaved.engine} />
        </article>
      )}
      {latest && (
        <article
          ref={unsaved ? undefined : reviewRef}
          aria-label="Latest review"
          className="grid scroll-mt-20 gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4"
          data-testid="latest-review"
        >
          <p className="text-xs text-muted-foreground">
            Reviewed <time dateTime={latest.createdAt}>{formatDate(latest.createdAt)}</time>
          </p>
          <ReviewView text={latest.reviewText} engine={latest.engine} />
        </article>
      )}
      {older.length > 0 && (
        <section aria-label="Earlier reviews" className="grid gap-2">
          <h4 className="text-sm font-semibold">Earlier reviews</h4>
          {older.map((review) => (
            <details key={review.id} className="rounded-xl border border-border bg-card p-3">
              <summary className="cursor-pointer text-sm">
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                {review.rating !== null && <span className="text-muted-foreground"> · {review.rating}/10 overall</span>}
                {review.engine && <span className="text-muted-foreground"> · {review.engine}</span>}
              </summary>
              <div className="mt-3">
                <ReviewView text={review.reviewText} engine={review.engine} />
              </div>
            </details>
          ))}
        </section>
      )}
    </section>
  );
}
