import type { QuotaKind } from '@members-only/shared/quotas';
import { useQuotas } from '@/lib/api/get-quotas';
import { quotaHintText } from '@/lib/quota-text';
import { cn } from '@/lib/utils';

/**
 * A quiet line saying what is left of today's quota for a tool ("12 of 30 chat messages left
 * today"). Renders nothing while loading, when the quotas cannot be read, or when the server has
 * no quotas endpoint.
 */
export function QuotaHint({ kind, className }: { kind: QuotaKind; className?: string }) {
  const { data } = useQuotas();
  const quota = data?.quotas[kind];
  if (!quota) return null;
  const { text, exhausted } = quotaHintText(quota);
  return (
    <p
      className={cn('text-xs', exhausted ? 'font-medium text-foreground' : 'text-muted-foreground', className)}
      data-testid={`quota-hint-${kind}`}
      data-exhausted={exhausted || undefined}
    >
      {text}
    </p>
  );
}
