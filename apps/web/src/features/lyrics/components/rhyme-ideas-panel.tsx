import type { RhymeIdeaView } from '@members-only/shared/lyrics';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRhymeIdeas } from '../api/get-rhyme-ideas';
import { Select } from '@/components/ui/select';

const syllableLabel = (n: number) => `${n} syllable${n === 1 ? '' : 's'}`;

/**
 * Rhymes for the word under the caret (or the last line's ending), grouped by syllable count so
 * an artist can pick one that fits the flow; slant rhymes are marked. A click inserts one.
 */
export function RhymeIdeasPanel({ word, onInsert }: { word: string | null; onInsert: (idea: string) => void }) {
  const settledWord = useDebouncedValue(word, 250);
  const [syllables, setSyllables] = useState<number | undefined>(undefined);
  const ideas = useRhymeIdeas(settledWord, syllables);
  const data = settledWord ? ideas.data : undefined;

  return (
    <section aria-labelledby="rhyme-ideas-title" aria-busy={ideas.isFetching} className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="rhyme-ideas-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="rhyme-ideas-title" className="min-w-0 truncate font-semibold">
          {data ? (
            <>
              Rhymes for <span className="text-primary">“{data.word}”</span>
            </>
          ) : (
            'Rhyme ideas'
          )}
        </h2>
        <label className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          Syllables
          <Select
            className="h-7 w-auto px-1.5 text-xs"
            value={syllables ?? ''}
            onChange={(e) => setSyllables(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">Any</option>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <p className="mt-1 text-xs text-muted-foreground">From the built-in rhyme finder · click a word to put it at the cursor; dashed ones are slant rhymes</p>
      {!settledWord ? (
        <p className="mt-3 text-sm text-muted-foreground">Put the cursor on a word to see what rhymes with it.</p>
      ) : ideas.isPending ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Finding rhymes…
        </p>
      ) : ideas.isError ? (
        <p className="mt-3 text-sm text-muted-foreground">Could not load rhyme ideas right now.</p>
      ) : data && data.groups.length ? (
        <div className="mt-3 flex flex-col gap-3">
          {data.groups.map((group) => (
            <IdeaGroup key={group.syllables} label={syllableLabel(group.syllables)} ideas={group.ideas} onInsert={onInsert} />
          ))}
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">No rhymes found for “{data?.word ?? settledWord}”{syllables ? ` with ${syllables} syllable${syllables === 1 ? '' : 's'}` : ''}.</p>
      )}
    </section>
  );
}

function IdeaGroup({ label, ideas, onInsert }: { label: string; ideas: RhymeIdeaView[]; onInsert: (idea: string) => void }) {
  return (
    <div role="group" aria-label={`Rhymes of ${label}`}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</h3>
      <ul className="mt-1.5 flex flex-wrap gap-1.5">
        {ideas.map((idea) => (
          <li key={idea.text}>
            <button
              type="button"
              // Keep the caret where it is: the textarea keeps focus until the insert moves it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onInsert(idea.text)}
              className={cn(
                'rounded-full border border-border bg-background px-2.5 py-0.5 text-sm transition-colors hover:border-ring hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                idea.type === 'slant' && 'border-dashed',
              )}
              title={`${idea.type === 'multi' ? 'Multisyllabic' : idea.type === 'slant' ? 'Slant' : 'Perfect'} rhyme, ${syllableLabel(idea.syllables)}`}
            >
              {idea.text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
