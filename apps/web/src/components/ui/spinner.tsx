import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative spinning icon; pair it with text or use PageSpinner for a labelled one. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A centred, announced loading state (role="status", 'Loading' for screen readers). */
export function PageSpinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex min-h-dvh w-full items-center justify-center', className)}>
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
