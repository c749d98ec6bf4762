import type { Conversation } from '@members-only/shared/conversations';
import { TOOL_PATHS, type ConversationCategory } from '@members-only/shared/constants';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';

/** How many of the newest conversations each sidebar list shows. */
const LIST_LIMIT = 8;

interface RecentListProps {
  title: string;
  category: ConversationCategory;
  conversations: Conversation[] | undefined;
  emptyText: string;
}

/** One sidebar list ('Recent Chats', 'Lyrics', 'Studio Sessions'), newest first. */
export function RecentList({ title, category, conversations, emptyText }: RecentListProps) {
  const headingId = useId();
  const { pathname } = useLocation();
  const items = (conversations ?? []).filter((c) => c.category === category).slice(0, LIST_LIMIT);
  const base = TOOL_PATHS[category];

  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h2 id={headingId} className="px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {title}
      </h2>
      {conversations === undefined ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">Loading…</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-0.5">
          {items.map((c) => {
            const href = `${base}/${c.id}`;
            const active = pathname === href;
            return (
              <li key={c.id}>
                <Link
                  to={href}
                  aria-current={active ? 'true' : undefined}
                  title={c.title}
                  className={cn(
                    'block truncate rounded-lg px-3 py-1.5 text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    active ? 'bg-accent font-medium text-foreground' : 'text-sidebar-foreground/80 hover:bg-accent hover:text-foreground',
                  )}
                >
                  {c.title}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
