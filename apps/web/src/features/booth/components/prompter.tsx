import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import type { PrompterLine } from '../lib/placement';

/**
 * The song's lyrics bar by bar (issue 29): the bar being played highlighted, the list scrolled
 * inside its own box so the next bar is always in view.
 */
export function Prompter({ lines, current, next, bar, progress }: { lines: PrompterLine[]; current: number; next: number; bar: number; progress: number }) {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = box.current;
    const target = list?.children[next >= 0 ? next : current] as HTMLElement | undefined;
    if (!list || !target) return;
    // Only the box scrolls (never the page): the next line sits in the lower part of it.
    const top = target.offsetTop - list.offsetTop - list.clientHeight * 0.55;
    list.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  }, [current, next]);

  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No lyrics yet: write them in Lyric Assist and they appear here bar by bar.</p>;
  return (
    <ol ref={box} aria-label="Lyrics bar by bar" className="relative flex max-h-72 flex-col gap-1 overflow-x-hidden overflow-y-auto pr-1" data-testid="prompter">
      {lines.map((line, i) => {
        const now = i === current;
        return (
          <li
            key={i}
            aria-current={now ? 'true' : undefined}
            className={cn(
              'relative grid w-full shrink-0 grid-cols-[2rem_minmax(0,1fr)] items-baseline gap-2 overflow-hidden rounded-lg px-2 py-1.5 transition-colors',
              now ? 'bg-primary-soft text-primary-soft-foreground' : i === next ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            <span className="text-xs tabular-nums text-muted-foreground">{line.bar}</span>
            <span className={cn('min-w-0 text-base break-words', now && 'font-semibold')}>
              {line.section ? <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-primary">{line.section}</span> : null}
              {line.text}
            </span>
            {now ? <span aria-hidden="true" className="absolute bottom-0 left-0 h-0.5 bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} /> : null}
          </li>
        );
      })}
      <li className="sr-only" aria-live="polite">
        {bar > 0 ? `Bar ${bar}` : ''}
      </li>
    </ol>
  );
}
