import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface ToolCardProps {
  title: string;
  description: string;
  cta: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** Today's use and limit of the tool, when it has a quota. */
  usage?: ReactNode;
}

/** A whole-card button: one tab stop, Enter/Space to open the tool. */
export function ToolCard({ title, description, cta, icon: Icon, onSelect, usage }: ToolCardProps) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-describedby={`tool-${slug}-description`}
      className={cn(
        'group flex h-full flex-col items-start rounded-2xl border border-border bg-card p-6 text-left shadow-sm transition',
        'hover:-translate-y-0.5 hover:border-primary/60 hover:shadow-md',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground transition group-hover:scale-105">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span className="mt-5 text-lg font-semibold tracking-tight">{title}</span>
      <span id={`tool-${slug}-description`} className="mt-1 flex-1 text-sm text-muted-foreground">
        {description}
      </span>
      {usage}
      <span className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
        {cta}
        <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
      </span>
    </button>
  );
}
