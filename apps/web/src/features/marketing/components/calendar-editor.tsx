import { calendarDateLabel, datedItems, offsetLabel, type CalendarItem, type Holiday } from '@members-only/shared/marketing';
import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { moveItem, removeItem } from '../lib/calendar-edit';

const KIND_LABEL: Record<CalendarItem['kind'], string> = {
  prep: 'Prep',
  deadline: 'Deadline',
  pitch: 'Pitch',
  presave: 'Pre-save',
  teaser: 'Teaser',
  release: 'Release',
  'post-release': 'After release',
};

/**
 * The plan's calendar, editable before it is downloaded: change the release date (every step
 * keeps its distance from release day, so the plan re-flows), move a step to another date, or
 * remove it.
 */
export function CalendarEditor({
  releaseDate,
  items,
  holidays = [],
  onChange,
}: {
  releaseDate: string;
  items: CalendarItem[];
  /** Deadlines that fall on a weekend or one of these move to the business day before. */
  holidays?: readonly Holiday[];
  onChange: (next: { releaseDate: string; items: CalendarItem[] }) => void;
}) {
  const dated = datedItems(releaseDate, items, holidays);
  return (
    <div className="flex flex-col gap-4" data-testid="calendar-editor">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="calendar-release-date">Release date</Label>
          <Input
            id="calendar-release-date"
            type="date"
            className="w-44"
            value={releaseDate}
            required
            onChange={(e) => {
              if (e.target.value) onChange({ releaseDate: e.target.value, items });
            }}
          />
        </div>
        <p className="pb-2 text-xs text-muted-foreground">Changing it moves every step with it.</p>
      </div>
      <ol className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label="Release calendar">
        {dated.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:gap-4" data-testid="calendar-item" data-item-id={item.id}>
            <div className="flex shrink-0 flex-col gap-1 sm:w-44">
              <span className="text-sm font-semibold" data-testid="calendar-item-date">
                {calendarDateLabel(item.date)}
              </span>
              <span className="text-xs text-muted-foreground">{offsetLabel(item.offsetDays)}</span>
              {item.movedFrom ? (
                <span className="text-xs text-muted-foreground" data-testid="calendar-item-moved">
                  Moved off {calendarDateLabel(item.movedFrom.date)} ({item.movedFrom.reason})
                </span>
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{item.title}</span>
                <Badge variant={item.kind === 'deadline' || item.kind === 'release' ? 'soft' : 'outline'}>{KIND_LABEL[item.kind]}</Badge>
              </div>
              {item.description ? <p className="mt-1 text-sm text-muted-foreground">{item.description}</p> : null}
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <Label htmlFor={`move-${item.id}`} className="sr-only">
                Move “{item.title}” to
              </Label>
              <Input
                id={`move-${item.id}`}
                type="date"
                className="h-8 w-40 text-xs"
                value={item.date}
                onChange={(e) => {
                  if (e.target.value) onChange({ releaseDate, items: moveItem(items, item.id, releaseDate, e.target.value) });
                }}
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove “${item.title}”`}
                onClick={() => onChange({ releaseDate, items: removeItem(items, item.id) })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {dated.length === 0 ? <p className="text-sm text-muted-foreground">Every step was removed; the calendar file will be empty.</p> : null}
    </div>
  );
}
