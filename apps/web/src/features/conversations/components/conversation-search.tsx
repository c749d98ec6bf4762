import type { Conversation } from '@members-only/shared/conversations';
import { TOOL_PATHS } from '@members-only/shared/constants';
import { Search, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { sectionById } from '@/lib/sections';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useSearchConversations } from '../api/search-conversations';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searches the user's conversations by title and message text. While a search is typed the
 * results replace `children` (the sidebar lists); Escape or the clear button brings them back.
 */
export function ConversationSearch({ children }: { children: ReactNode }) {
  const [value, setValue] = useState('');
  const term = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const active = value.trim().length > 0;
  const inputId = useId();

  return (
    <div className="grid gap-6">
      <div role="search" className="relative">
        <label htmlFor={inputId} className="sr-only">
          Search conversations
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id={inputId}
          type="text"
          value={value}
          placeholder="Search chats"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && value) {
              e.preventDefault();
              setValue('');
            }
          }}
          className="h-9 w-full rounded-lg border border-input bg-card pl-9 pr-8 text-sm text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40"
        />
        {value ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setValue('')}
            className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      {active ? <SearchResults term={term} typing={term !== value.trim()} /> : children}
    </div>
  );
}

function SearchResults({ term, typing }: { term: string; typing: boolean }) {
  const headingId = useId();
  const { pathname } = useLocation();
  const search = useSearchConversations(term);
  const results: Conversation[] = search.data ?? [];
  const pending = typing || search.isFetching;

  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h2 id={headingId} className="flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        Search results {pending ? <Spinner className="size-3" /> : null}
      </h2>
      {search.isError ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">Search failed. Please try again.</p>
      ) : !term || (search.isPending && !search.data) ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">Searching…</p>
      ) : results.length === 0 ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">No conversations match “{term}”</p>
      ) : (
        <ul className="grid gap-0.5">
          {results.map((c) => {
            const href = `${TOOL_PATHS[c.category]}/${c.id}`;
            const active = pathname === href;
            return (
              <li key={c.id}>
                <Link
                  to={href}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'grid rounded-lg px-3 py-1.5 text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    active ? 'bg-accent font-medium text-foreground' : 'text-sidebar-foreground/80 hover:bg-accent hover:text-foreground',
                  )}
                >
                  <span className="truncate">{c.title}</span>
                  <span className="text-xs text-muted-foreground">{sectionById(c.category).label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
