import { describe, expect, it } from 'vitest';
import { datedItems, type CalendarItem } from '@members-only/shared/marketing';
import { daysFrom, defaultReleaseDate, moveItem, removeItem } from './calendar-edit';

const items: CalendarItem[] = [
  { id: 'upload', offsetDays: -28, title: 'Deliver', description: '', kind: 'deadline' },
  { id: 'pitch-deadline', offsetDays: -7, title: 'Pitch', description: '', kind: 'deadline' },
  { id: 'release', offsetDays: 0, title: 'Release', description: '', kind: 'release' },
];

describe('calendar editing', () => {
  it('moves an item by date and keeps it relative to release day', () => {
    const moved = moveItem(items, 'pitch-deadline', '2027-01-15', '2027-01-05');
    expect(moved.find((i) => i.id === 'pitch-deadline')!.offsetDays).toBe(-10);
    // A new release date re-flows every item, the moved one included.
    expect(datedItems('2027-02-01', moved).map((i) => i.date)).toEqual(['2027-01-04', '2027-01-22', '2027-02-01']);
  });

  it('removes an item', () => {
    expect(removeItem(items, 'upload').map((i) => i.id)).toEqual(['pitch-deadline', 'release']);
  });

  it('counts days and defaults the release to four weeks out', () => {
    expect(daysFrom('2026-12-25', '2027-01-01')).toBe(7);
    expect(defaultReleaseDate('2026-11-23', 28)).toBe('2026-12-21');
  });
});
