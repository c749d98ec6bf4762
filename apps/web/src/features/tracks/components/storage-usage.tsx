import { formatBytes } from '@members-only/shared/tracks';
import { useId } from 'react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useStorageUsage } from '../api/get-storage';

/** From this share of the allowance on, the bar and its words say the space is running out. */
const NEARLY_FULL = 0.9;

/**
 * How much of the plan's storage the artist's uploads take, under their tracks list: a bar and
 * "12.3 MB of 500 MB used"; near the limit, how to make room. Nothing while it loads or fails
 * (the list itself says so).
 */
export function StorageUsage() {
  const usage = useStorageUsage();
  const labelId = useId();
  if (!usage.data) return null;
  const { usedBytes, limitBytes } = usage.data;
  const share = limitBytes > 0 ? usedBytes / limitBytes : 1;
  const nearlyFull = share >= NEARLY_FULL;
  return (
    <div className="mt-4 grid gap-1.5 border-t border-border pt-3" data-testid="storage-usage">
      <p id={labelId} className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">Storage</span>
        <span className="tabular-nums">
          {formatBytes(usedBytes)} of {formatBytes(limitBytes)} used
        </span>
      </p>
      <Progress
        value={share * 100}
        aria-labelledby={labelId}
        indicatorClassName={cn(nearlyFull && 'bg-destructive')}
      />
      {nearlyFull ? (
        <p className="text-xs text-destructive-text">
          {share >= 1 ? 'Your storage is full.' : 'Your storage is nearly full.'} Delete tracks you no longer need to free space.
        </p>
      ) : null}
    </div>
  );
}
