import { cn } from '@/lib/utils';

/** The microphone's level (peak, 0..1, on a dB scale from −60) and a clip warning. */
export function LevelMeter({ peak, clipped }: { peak: number; clipped: boolean }) {
  const db = peak > 0 ? 20 * Math.log10(peak) : -Infinity;
  const fill = Number.isFinite(db) ? Math.max(0, Math.min(1, (db + 60) / 60)) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">Input level</span>
        <span className={cn('text-xs tabular-nums', clipped ? 'font-semibold text-destructive-text' : 'text-muted-foreground')} role={clipped ? 'alert' : undefined}>
          {clipped ? 'Too loud: move back a little or turn the input down' : Number.isFinite(db) ? `${Math.round(db)} dB` : 'Silent'}
        </span>
      </div>
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={-60}
        aria-valuemax={0}
        aria-valuenow={Number.isFinite(db) ? Math.round(Math.max(-60, db)) : -60}
        data-testid="level-meter"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-75', clipped ? 'bg-destructive' : 'bg-success')}
          style={{ width: `${Math.round(fill * 100)}%` }}
        />
      </div>
    </div>
  );
}
