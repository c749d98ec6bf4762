import type { LyricSuggestionsResult, RhymeTarget } from '@members-only/shared/lyrics';
import { CornerDownLeft, RefreshCw, Target, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface SuggestionsPanelProps {
  result: LyricSuggestionsResult | null;
  /** Suggestions are on their way, asked for by the artist or as they write. */
  loading: boolean;
  /** The artist's own request is on its way: Refresh is busy (an automatic one leaves it free to click). */
  requested?: boolean;
  autoSuggest: boolean;
  canRequest: boolean;
  onRefresh: () => void;
  /** A model's line: appended to the lyrics. */
  onChooseLine: (line: string) => void;
  /**
   * A built-in rhyme target: starts a fresh line to write towards it (no words are pasted). The
   * target is null when the engine had only a hint to give.
   */
  onChooseTarget: (target: RhymeTarget | null) => void;
  /** The target the line being written aims at: its rhyme words are offered as chips. */
  chosenTarget: RhymeTarget | null;
  /** A chip's word goes in at the cursor. */
  onInsertWord: (word: string) => void;
  onDismissTarget: () => void;
}

/** What the artist is told about who made the suggestions, in plain words. */
export function suggestionsSource(result: Pick<LyricSuggestionsResult, 'kind' | 'engine'>): string {
  return result.kind === 'rhyme-targets' ? 'From the built-in rhyme finder: targets, not written lines.' : `Written by ${result.engine}`;
}

export function SuggestionsPanel({
  result,
  loading,
  requested = false,
  autoSuggest,
  canRequest,
  onRefresh,
  onChooseLine,
  onChooseTarget,
  chosenTarget,
  onInsertWord,
  onDismissTarget,
}: SuggestionsPanelProps) {
  const targets = result?.kind === 'rhyme-targets';
  return (
    <section aria-labelledby="suggestions-title" aria-busy={loading} className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="suggestions-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="suggestions-title" className="font-semibold">
          Suggested next lines:
        </h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onRefresh} disabled={!canRequest || requested} aria-label="Refresh suggestions" title="Refresh suggestions">
          {loading ? <Spinner /> : <RefreshCw aria-hidden="true" />}
        </Button>
      </div>
      {result ? (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="suggestions-engine">
          {suggestionsSource(result)}
        </p>
      ) : null}
      {chosenTarget ? <TargetWords target={chosenTarget} onInsertWord={onInsertWord} onDismiss={onDismissTarget} /> : null}
      {result && result.suggestions.length ? (
        <>
          <ul className={cn('mt-3 flex flex-col gap-2', loading && 'opacity-60')}>
            {result.suggestions.map((suggestion, i) => {
              const target = targets ? (result.targets?.[i] ?? null) : null;
              const chosen = Boolean(target && chosenTarget && target.text === chosenTarget.text);
              return (
                <li key={`${i}:${suggestion}`}>
                  <button
                    type="button"
                    aria-pressed={targets ? chosen : undefined}
                    className={cn(
                      'group flex w-full items-start gap-2 rounded-lg border border-border bg-background px-3 py-2 text-left text-sm transition-colors hover:border-ring hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                      chosen && 'border-primary bg-primary-soft text-primary-soft-foreground',
                    )}
                    onClick={() => (targets ? onChooseTarget(target) : onChooseLine(suggestion))}
                    title={targets ? 'Start a new line aiming for this target' : 'Add this line to your lyrics'}
                  >
                    {targets ? (
                      <Target aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    ) : (
                      <CornerDownLeft aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-foreground" />
                    )}
                    <span className="min-w-0">
                      <span className="block">{suggestion}</span>
                      {target?.stress ? (
                        <span className="mt-0.5 block break-words font-mono text-[11px] leading-4 text-muted-foreground" data-testid="target-stress">
                          Stress: {target.stress}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {targets ? (
            <p className="mt-3 text-xs text-muted-foreground">Pick a target to start a new line, then tap a rhyme word to put it at the cursor.</p>
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

/** The chosen target's rhyme words, ranked: one tap puts a word at the cursor. */
function TargetWords({ target, onInsertWord, onDismiss }: { target: RhymeTarget; onInsertWord: (word: string) => void; onDismiss: () => void }) {
  return (
    <div role="group" aria-label={`Rhyme words for “${target.target}”`} className="mt-3 rounded-xl border border-primary/40 bg-primary-soft/40 p-3" data-testid="target-words">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm">
          <span className="font-medium">New line:</span> rhyme with <span className="font-semibold">“{target.target}”</span>
          <span className="text-muted-foreground">, about {target.syllables} syllables</span>
        </p>
        <Button variant="ghost" size="icon" className="-m-1 size-7 shrink-0" onClick={onDismiss} aria-label="Close rhyme words" title="Close">
          <X aria-hidden="true" />
        </Button>
      </div>
      {target.stress ? <p className="mt-1 break-words font-mono text-[11px] text-muted-foreground">Stress: {target.stress}</p> : null}
      {target.rhymes.length || target.phrases?.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {[...target.rhymes, ...(target.phrases ?? []).filter((p) => !target.rhymes.includes(p))].map((word) => (
            <li key={word}>
              <button
                type="button"
                // Keep the caret where it is: the textarea keeps focus until the insert moves it.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onInsertWord(word)}
                className="rounded-full border border-border bg-background px-2.5 py-0.5 text-sm transition-colors hover:border-ring hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                title="Put this at the cursor"
              >
                {word}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
