import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A native `<select>` drawn like `Input` (same height, border, card background, focus ring, disabled
 * and invalid states), so a form's fields line up. Native on purpose: the phone's own picker, and
 * labels, `aria-*` and form validation work as for any field.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
