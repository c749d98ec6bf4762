import { Info } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What an artist reads where joining online is not possible yet (no configuration words; ADR 029). */
export const PAYMENTS_NOT_OPEN = "Payments aren't open yet: an admin can give you Premium.";

export function PaymentsNotOpen({ className }: { className?: string }) {
  return (
    <p role="status" data-testid="payments-not-open" className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {PAYMENTS_NOT_OPEN}
    </p>
  );
}
