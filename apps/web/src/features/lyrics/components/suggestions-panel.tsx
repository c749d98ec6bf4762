import type { LyricSuggestionsResult } from '@members-only/shared/lyrics';
import { CornerDownLeft, RefreshCw, Target } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface SuggestionsPanelProps {
  result: LyricSuggestionsResult | null;
  loading: boolean;
  autoSuggest: boolean;
  canRequest: boolean;
  onRefresh: () => void;
  /** A model's line: appended to the lyrics. */
  onChooseLine: (line: string) => void;
  /** A built-in rhyme target: starts a fresh line to write towards it (no words are pasted). */
  onChooseTarget: () => void;
}

export function SuggestionsPanel({ result, loading, autoSuggest, canRequest, onRefresh, onChooseLine, onChooseTarget }: SuggestionsPanelProps) {
  const targets = result?.kind === 'rhyme-targets';
  return (
    <section aria-labelledby="suggestions-title" aria-busy={loading} className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="suggestions-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="suggestions-title" className="font-semibold">
          Suggested next lines:
        </h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onRefresh} disabled={!canRequest || loading} aria-label="Refresh suggestions" title="Refresh suggestions">
          {loading ? <Spinner /> : <RefreshCw aria-hidden="true" />}
        </Button>
      </div>
      {result ? (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="suggestions-engine">
          {targets ? 'Rhyme targets from the built-in engine' : `Written by ${result.engine}`}
          {targets ? <span className="sr-only"> ({result.engine})</span> : null}
        </p>
      ) : null}
      {result && result.suggestions.length ? (
        <>
          <ul className={cn('mt-3 flex flex-col gap-2', loading && 'opacity-60')}>
            {result.suggestions.map((suggestion, i) => (
              <li key={`${i}:${suggestion}`}>
                <button
                  type="button"
                  className="group flex w-full items-start gap-2 rounded-lg border border-border bg-background px-3 py-2 text-left text-sm transition-colors hover:border-ring hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => (targets ? onChooseTarget() : onChooseLine(suggestion))}
                  title={targets ? 'Start a new line aiming for this target' : 'Add this line to your lyrics'}
                >
                  {targets ? (
                    <Target aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  ) : (
                    <CornerDownLeft aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-foreground" />
                  )}
                  <span>{suggestion}</span>
                </button>
              </li>
            ))}
          </ul>
          {targets ? (
            <p className="mt-3 text-xs text-muted-foreground">
              These are targets, not lines: pick one to start a new line, then use the rhyme ideas below. Configure an AI model to get written lines.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          {loading ? 'Finding ideas…' : autoSuggest ? 'Ideas for your next line appear as you write.' : 'Auto-suggest is off: use Get Line Ideas when you want ideas.'}
        </p>
      )}
    </section>
  );
}
