// The release calendar's business days and the "At a glance" dates of a plan: pure functions used
// by the built-in planner, and through `@members-only/shared/marketing` by the server (exports,
// presenters) and the web app (the calendar editor). The engines import nothing from the workspace
// (ADR 039), so these live here and shared re-exports them.
import type { CalendarItem } from './calendar';

/** A public holiday (the server's holiday country). */
export interface Holiday {
  date: string;
  name: string;
}

/** 'YYYY-MM-DD' plus whole days, in UTC. */
export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Steps that need someone at a desk (a distributor, an editor, a partner): never on a weekend or holiday. */
export const BUSINESS_DAY_KINDS: ReadonlySet<CalendarItem['kind']> = new Set(['deadline', 'pitch', 'prep']);

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The date itself when it is a business day, else the last business day before it (with why it moved). */
export function businessDayOnOrBefore(date: string, holidays: readonly Holiday[] = []): { date: string; reason?: string } {
  const byDate = new Map(holidays.map((h) => [h.date, h.name]));
  let d = date;
  let reason: string | undefined;
  for (let i = 0; i < 14; i++) {
    const day = weekday(d);
    const holiday = byDate.get(d);
    if (day !== 0 && day !== 6 && !holiday) break;
    reason ??= holiday ?? (day === 0 ? 'a Sunday' : 'a Saturday');
    d = addDaysIso(d, -1);
  }
  return reason ? { date: d, reason } : { date: d };
}

export type DatedItem<T extends CalendarItem = CalendarItem> = T & { date: string; /** Set when a deadline moved off a weekend or holiday: what it fell on. */ movedFrom?: { date: string; reason: string } };

/**
 * Items with their dates for a release day, in date order (ties keep their order). Deadlines,
 * pitches and preparation steps that would fall on a weekend or public holiday move to the
 * business day before.
 */
export function datedItems<T extends CalendarItem>(releaseDate: string, items: readonly T[], holidays: readonly Holiday[] = []): DatedItem<T>[] {
  return items
    .map((item, index) => {
      const raw = addDaysIso(releaseDate, item.offsetDays);
      const business = BUSINESS_DAY_KINDS.has(item.kind) ? businessDayOnOrBefore(raw, holidays) : { date: raw };
      const dated: DatedItem<T> = { ...item, date: business.date, ...(business.reason ? { movedFrom: { date: raw, reason: business.reason } } : {}) };
      return { item: dated, index };
    })
    .sort((a, b) => a.item.date.localeCompare(b.item.date) || a.item.offsetDays - b.item.offsetDays || a.index - b.index)
    .map((x) => x.item);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Friday, 18 December 2026". */
export function longDateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export interface GlanceInput {
  releaseDate: string;
  items: readonly CalendarItem[];
  /** The reader's today ('YYYY-MM-DD'): days left and late steps are counted from it. */
  today: string;
  holidays?: readonly Holiday[];
}

const daysBetweenIso = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Labels of the "At a glance" lines that follow the dates (rewritten when the calendar changes). */
const GLANCE_LABELS = ['Release day', 'Deliver to your distributor by', 'Pitch to Spotify editorial by', 'Calendar'] as const;

/** The date lines of a plan's "At a glance", from the release date and the (edited) calendar. */
export function glanceDateLines({ releaseDate, items, today, holidays = [] }: GlanceInput): { lines: string[]; late: string | null } {
  const dated = datedItems(releaseDate, items, holidays);
  const daysLeft = daysBetweenIso(today, releaseDate);
  const when = (i: DatedItem) => `${longDateLabel(i.date)}${i.movedFrom ? ` (moved from ${longDateLabel(i.movedFrom.date)}, ${i.movedFrom.reason})` : ''}`;
  const upload = dated.find((i) => i.id === 'upload');
  const pitch = dated.find((i) => i.id === 'pitch-deadline');
  const lines = [
    `- **${GLANCE_LABELS[0]}**: ${longDateLabel(releaseDate)}${daysLeft >= 0 ? ` (${daysLeft} days from today)` : ' (already past)'}`,
    ...(upload ? [`- **${GLANCE_LABELS[1]}**: ${when(upload)}`] : []),
    ...(pitch ? [`- **${GLANCE_LABELS[2]}**: ${when(pitch)} at the latest (at least 7 days before release)`] : []),
    ...(dated.length ? [`- **${GLANCE_LABELS[3]}**: ${dated.length} steps from ${longDateLabel(dated[0]!.date)} to ${longDateLabel(dated[dated.length - 1]!.date)}, in the release calendar with this plan`] : []),
  ];
  const missed = dated.filter((i) => i.offsetDays < 0 && i.date < today);
  const late = missed.length
    ? `**The release is ${daysLeft < 0 ? 'already past' : `${daysLeft} days away`}**, so ${missed.length} step${missed.length === 1 ? ' is' : 's are'} already late (${missed.map((i) => i.title).join('; ')}). Do them as soon as you can, or move the release date so every step fits.`
    : null;
  return { lines, late };
}

/**
 * The plan's Markdown with its "At a glance" dates recomputed for a new release date or an edited
 * calendar (the other lines stay). A plan without that section (a model's) is returned unchanged.
 */
export function refreshGlance(markdown: string, input: GlanceInput): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === '## At a glance');
  if (start < 0) return markdown;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  const isDateLine = (l: string) => GLANCE_LABELS.some((label) => l.startsWith(`- **${label}**`));
  const section = lines.slice(start + 1, end).filter((l) => !isDateLine(l) && !l.startsWith('**The release is '));
  const { lines: dateLines, late } = glanceDateLines(input);
  // Date lines first, then the section's other lines (length, format, targets...), then the late note.
  const others = section.filter((l) => l.startsWith('- '));
  const rest = [...dateLines, ...others, ...(late ? ['', late] : []), ''];
  return [...lines.slice(0, start + 1), ...rest, ...lines.slice(end)].join('\n');
}
