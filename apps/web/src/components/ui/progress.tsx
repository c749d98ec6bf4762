import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A determinate progress bar (role="progressbar" with aria-valuenow 0..100). Give it an
 * accessible name with `aria-label` or `aria-labelledby`. Out-of-range values are clamped
 * (Radix logs an error for them).
 */
export function Progress({
  value,
  className,
  indicatorClassName,
  ...props
}: Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & { value: number; indicatorClassName?: string }) {
  const clamped = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full rounded-full bg-primary transition-transform duration-200 ease-out', indicatorClassName)}
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
