import { BUILT_IN_RHYME_ENGINE, LYRICS_MESSAGES, scoreBadgeVariant, type LyricFeedbackResult } from '@members-only/shared/lyrics';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { FeedbackMarkdown } from '@/components/feedback-markdown';

const percent = (x: number) => `${Math.round(x * 100)}%`;

export function FeedbackPanel({ result, loading }: { result: LyricFeedbackResult | null; loading: boolean }) {
  return (
    <section aria-labelledby="feedback-title" aria-busy={loading} className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="feedback-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="feedback-title" className="font-semibold">
          Expert Feedback
        </h2>
        <div className="flex items-center gap-2">
          {loading ? <Spinner className="text-muted-foreground" /> : null}
          {result ? (
            <Badge variant={scoreBadgeVariant(result.score)} data-testid="feedback-score" aria-label={`Score ${result.score} out of 10`}>
              {result.score}/10
            </Badge>
          ) : null}
        </div>
      </div>
      {result ? (
        <div className={cn('mt-1 flex flex-col gap-3', loading && 'opacity-60')}>
          <p className="text-xs text-muted-foreground" data-testid="feedback-engine">
            {result.kind === 'model' ? `Feedback by ${result.engine}` : `Scored by the ${BUILT_IN_RHYME_ENGINE.toLowerCase()}`}
            {result.kind === 'model' && result.scoreSource === 'engine' ? '; score from the built-in rhyme finder (the model gave none)' : ''}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
            <Measure label="Bars" value={String(result.measures.bars)} />
            <Measure label="Avg syllables" value={String(result.measures.meanSyllables)} />
            <Measure label="Rhyme density" value={percent(result.measures.rhymeDensity)} />
            <Measure label="Scheme" value={result.measures.schemes.join(' ') || '—'} wrap />
          </dl>
          <FeedbackMarkdown text={result.feedback} />
          {result.kind === 'model' && result.notes.length ? (
            <details className="rounded-lg border border-border px-3 py-2 text-sm">
              <summary className="cursor-pointer text-xs font-semibold text-muted-foreground">
                {BUILT_IN_RHYME_ENGINE}: {result.engineScore}/10
              </summary>
              <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
                {result.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{loading ? 'Reading your lyrics…' : LYRICS_MESSAGES.feedbackNeedsLines}</p>
      )}
    </section>
  );
}

/** `wrap`: long values (a scheme per verse) wrap onto more lines instead of being cut. */
function Measure({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
  return (
    <div className={cn('rounded-lg bg-muted px-2 py-1.5', wrap && 'col-span-2 sm:col-span-4 lg:col-span-2 xl:col-span-4')}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', wrap ? 'break-all font-mono' : 'truncate')} title={value} data-testid={wrap ? 'measure-wrap' : undefined}>
        {value}
      </dd>
    </div>
  );
}
