import {
  BUILT_IN_REVIEWER,
  NO_STREAM_ESTIMATE,
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  parseReviewScores,
} from '@members-only/shared/review';
import { Bot, Cpu } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { FeedbackMarkdown } from '@/components/feedback-markdown';
import { Progress } from '@/components/ui/progress';

/** The score lines and box lines at the top of a review: shown as bars and boxes, so the text below starts at the analysis. */
const HEAD_LINE = /^[\s>*_#-]*(?:Flow|Marketability|Lyrics|Versatility|Originality|Vocabulary|Estimated Streams|Streams|Target Audience|Audience)[\s*_]*(?:\([^)\n]*\)[\s*_]*)?[:\-–—=]/i;

/** The review's text without the lines the bars and boxes already show (before its first heading). */
export function reviewBody(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const firstHeading = lines.findIndex((l) => /^\s*#{1,6}\s/.test(l));
  const head = firstHeading === -1 ? lines.length : firstHeading;
  return lines
    .filter((l, i) => i >= head || !HEAD_LINE.test(l))
    .join('\n')
    .trim();
}

/**
 * One review: who wrote it, bars out of 10 for the six scores, boxes for Target Audience and
 * Estimated Streams, and the detailed analysis as Markdown (spec §2). Everything is read from the
 * review's own text (spec §9), so saved reviews look the same as new ones.
 */
export function ReviewView({ text, engine }: { text: string; engine: string | null }) {
  const parsed = useMemo(() => parseReviewScores(text), [text]);
  const body = useMemo(() => reviewBody(text), [text]);
  const builtIn = engine === BUILT_IN_REVIEWER;
  const id = useId();

  return (
    <div className="grid gap-5">
      <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="review-engine">
        {builtIn ? <Cpu aria-hidden="true" className="size-3.5" /> : <Bot aria-hidden="true" className="size-3.5" />}
        {builtIn ? 'Built-in reviewer: scores computed from your lyrics and the audio analysis' : `Reviewed by ${engine ?? 'an AI model'}`}
      </p>
      <ul aria-label="Scores" className="grid gap-3 sm:grid-cols-2">
        {REVIEW_CATEGORIES.map((category) => {
          const score = parsed.scores[category];
          const label = REVIEW_CATEGORY_LABELS[category];
          return (
            <li key={category} className="grid gap-1.5">
              <div className="flex items-baseline justify-between text-sm">
                <span id={`${id}-${category}`} className="font-medium">
                  {label}
                </span>
                <span className="tabular-nums text-muted-foreground" data-testid={`score-${category}`}>
                  {score === null ? 'Not scored' : `${score}/10`}
                </span>
              </div>
              <Progress value={(score ?? 0) * 10} aria-labelledby={`${id}-${category}`} aria-valuetext={score === null ? 'Not scored' : `${score} out of 10`} />
            </li>
          );
        })}
      </ul>
      <div className="grid gap-3 sm:grid-cols-2">
        <Box title="Target Audience" testId="review-audience">
          {parsed.audience}
          {parsed.audienceIsFallback && <span className="mt-1 block text-xs text-muted-foreground">The review named no audience; this is a general default.</span>}
        </Box>
        <Box title="Estimated Streams" testId="review-streams">
          {parsed.streams ?? NO_STREAM_ESTIMATE}
        </Box>
      </div>
      {body && (
        <section aria-label="Detailed analysis" className="rounded-xl border border-border p-3 sm:p-4">
          <FeedbackMarkdown text={body} headingLevel={4} />
        </section>
      )}
    </div>
  );
}

function Box({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-background p-3 sm:p-4">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h4>
      <p className="mt-1 text-sm" data-testid={testId}>
        {children}
      </p>
    </section>
  );
}
