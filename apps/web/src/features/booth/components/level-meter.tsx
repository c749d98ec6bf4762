import { cn } from '@/lib/utils';
import { FLOOR_DB, type MeterState } from '../lib/meter';

const position = (db: number) => (Number.isFinite(db) ? Math.max(0, Math.min(1, (db - FLOOR_DB) / -FLOOR_DB)) : 0);

/**
 * The microphone's level on a dB scale from −60 (lib/meter.ts: rises at once, falls back slowly,
 * the highest recent peak marked), and a clip warning.
 */
export function LevelMeter({ meter, clipped }: { meter: MeterState; clipped: boolean }) {
  const { db, holdDb } = meter;
  const fill = position(db);
  const hold = position(holdDb);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">Input level</span>
        <span className={cn('text-xs tabular-nums', clipped ? 'font-semibold text-destructive-text' : 'text-muted-foreground')} role={clipped ? 'alert' : undefined}>
          {clipped ? 'Too loud: move back a little or turn the input down' : Number.isFinite(holdDb) ? `Peak ${Math.round(holdDb)} dB` : 'Silent'}
        </span>
      </div>
      <div
        className="relative h-3 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={FLOOR_DB}
        aria-valuemax={0}
        aria-valuenow={Number.isFinite(db) ? Math.round(Math.max(FLOOR_DB, db)) : FLOOR_DB}
        data-testid="level-meter"
      >
        <div className={cn('h-full rounded-full', clipped ? 'bg-destructive' : 'bg-success')} style={{ width: `${Math.round(fill * 100)}%` }} />
        {hold > 0 && (
          <div aria-hidden="true" className={cn('absolute inset-y-0 w-0.5', clipped ? 'bg-destructive' : 'bg-foreground/70')} style={{ left: `calc(${(hold * 100).toFixed(1)}% - 2px)` }} />
        )}
      </div>
    </div>
  );
}
