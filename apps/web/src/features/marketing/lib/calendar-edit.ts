import { addDaysIso, type CalendarItem } from '@members-only/shared/marketing';

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Moves an item to a date: its offset from release day changes, so it moves with the release date later. */
export function moveItem(items: readonly CalendarItem[], id: string, releaseDate: string, date: string): CalendarItem[] {
  const offset = daysFrom(releaseDate, date);
  return items.map((i) => (i.id === id ? { ...i, offsetDays: offset } : i));
}

export const removeItem = (items: readonly CalendarItem[], id: string) => items.filter((i) => i.id !== id);

/** The artist's date for a calendar item. */
export const itemDate = (releaseDate: string, item: CalendarItem) => addDaysIso(releaseDate, item.offsetDays);

/** Four weeks from the artist's today (the release date input's default). */
export function defaultReleaseDate(today: string, leadDays: number): string {
  return addDaysIso(today, leadDays);
}
