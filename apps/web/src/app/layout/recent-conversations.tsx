import type { Conversation } from '@members-only/shared/conversations';
import { TOOL_PATHS, type ConversationCategory } from '@members-only/shared/constants';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cn } from '@/lib/utils';

// The menu and its dialogs (Radix DropdownMenu + positioning) load after the first paint.
const ConversationActions = lazy(async () => ({
  default: (await import('@/features/conversations/components/conversation-actions')).ConversationActions,
}));

/** How many of the newest conversations each sidebar list shows. */
const LIST_LIMIT = 8;

/** Shown on hover or keyboard focus of the item, while its menu is open, and always on touch screens. */
const actionsClass = cn(
  'absolute right-1 top-1/2 -translate-y-1/2 opacity-0 transition-opacity',
  'group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100',
);

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
  const navigate = useNavigate();
  const items = (conversations ?? []).filter((c) => c.category === category).slice(0, LIST_LIMIT);
  const base = TOOL_PATHS[category];

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-[minmax(0,1fr)] gap-1">
      <h2 id={headingId} className="px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {title}
      </h2>
      {conversations === undefined ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">Loading…</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-1 text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
          {items.map((c) => {
            const href = `${base}/${c.id}`;
            const active = pathname === href;
            return (
              <li key={c.id} className="group relative">
                <Link
                  to={href}
                  aria-current={active ? 'true' : undefined}
                  title={c.title}
                  className={cn(
                    'block truncate rounded-lg py-1.5 pl-3 pr-9 text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    active ? 'bg-accent font-medium text-foreground' : 'text-sidebar-foreground/80 hover:bg-accent hover:text-foreground',
                  )}
                >
                  {c.title}
                </Link>
                <Suspense
                  fallback={
                    <span aria-hidden="true" className={cn(actionsClass, 'inline-flex size-7 items-center justify-center text-muted-foreground')}>
                      <Ellipsis className="size-4" />
                    </span>
                  }
                >
                  <ConversationActions
                    conversation={c}
                    // Deleting the open conversation leaves its page for a fresh chat.
                    onDeleted={() => {
                      if (pathname === href) void navigate('/chat', { replace: true });
                    }}
                    className={actionsClass}
                  />
                </Suspense>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
