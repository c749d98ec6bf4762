import type { ConversationCategory } from '@members-only/shared/constants';
import type { QuickAction } from '@/lib/quick-actions';

interface QuickActionsProps {
  actions: QuickAction[];
  /** The chip's text to put in the input (and its label, for pages that give a chip its own meaning). */
  onFill: (text: string, label: string) => void;
  onNavigate?: (category: ConversationCategory) => void;
}

/** Suggestion chips under the input (spec §2). */
export function QuickActions({ actions, onFill, onNavigate }: QuickActionsProps) {
  const visible = actions.filter((a) => a.kind === 'fill' || onNavigate);
  if (visible.length === 0) return null;
  return (
    <ul aria-label="Quick actions" className="flex flex-wrap gap-2">
      {visible.map((action) => (
        <li key={action.label}>
          <button
            type="button"
            onClick={() => (action.kind === 'fill' ? onFill(action.text, action.label) : onNavigate?.(action.category))}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-xs font-medium text-foreground transition-colors hover:border-primary/50 hover:bg-primary-soft hover:text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60"
          >
            {action.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
