import { PAYMENTS_CLOSED } from '@members-only/shared/membership';
import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What an artist reads where joining online is not possible yet (no configuration words; ADRs 029, 034). */

export function PaymentsNotOpen({ className }: { className?: string }) {
  return (
    <p role="status" data-testid="payments-not-open" className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {PAYMENTS_CLOSED}
    </p>
  );
}
