import { z } from 'zod';
import { line, MAX_ID, text } from './text';

/** Marketing Plan (spec §2, §4, §5, §8, §9). */
export const MARKETING = {
  titleMax: 200,
  contextMax: 4_000,
  /** The release date input starts this many days out (four weeks). */
  defaultLeadDays: 28,
  /** The result scrolls into view this long after it appears (spec §9). */
  scrollDelayMs: 200,
  /** Calendar items a plan may hold, and how far from release day one may move. */
  calendarMaxItems: 40,
  offsetMin: -180,
  offsetMax: 180,
  itemTitleMax: 120,
  itemDescriptionMax: 600,
} as const;

export const MARKETING_MESSAGES = {
  needsTitleAndContext: 'Please enter both your song title and marketing information',
  failedTitle: 'Error',
  failed: 'Failed to generate marketing plan. Please try again.',
  success: 'Lyrics-focused marketing plan generated successfully!',
  lyricsHint: 'Selecting one of your uploaded tracks makes the plan use its lyrics.',
} as const;

/** Who wrote a plan when no model is configured (amendment C6: the UI says which engine answered). */
export const BUILT_IN_MARKETING_PLANNER = 'Built-in release planner';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
export const isoDateSchema = z.string().refine(realDate, 'Enter a date as YYYY-MM-DD');

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const calendarItemKindSchema = z.enum(['prep', 'deadline', 'pitch', 'presave', 'teaser', 'release', 'post-release']);
export type CalendarItemKind = z.infer<typeof calendarItemKindSchema>;

export const calendarItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Invalid item id'),
  /** Days from release day (negative before it); the date follows the release date. */
  offsetDays: z.number().int().min(MARKETING.offsetMin).max(MARKETING.offsetMax),
  title: line('Title').min(1, 'Title cannot be empty').max(MARKETING.itemTitleMax),
  description: text().max(MARKETING.itemDescriptionMax),
  kind: calendarItemKindSchema,
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

/** PUT /api/marketing-plans/:id/calendar: the edited calendar (release date and items). */
export const updateMarketingCalendarSchema = z.object({
  releaseDate: isoDateSchema,
  items: z
    .array(calendarItemSchema)
    .max(MARKETING.calendarMaxItems)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Calendar items must have different ids'),
});
export type UpdateMarketingCalendarInput = z.infer<typeof updateMarketingCalendarSchema>;

/** POST /api/marketing: a plan for a track (its lyrics and length) or for a title alone. */
export const createMarketingPlanSchema = z.object({
  /** The marketing conversation to save into; without it one is created with the plan. */
  conversationId: bodyId('Invalid conversation').optional(),
  trackId: bodyId('Invalid track').nullable().optional(),
  title: line('Title').min(1, MARKETING_MESSAGES.needsTitleAndContext).max(MARKETING.titleMax, `Title must be at most ${MARKETING.titleMax} characters`),
  context: text()
    .max(MARKETING.contextMax, `Goals and audience must be at most ${MARKETING.contextMax} characters`)
    .refine((s) => s.trim().length > 0, MARKETING_MESSAGES.needsTitleAndContext),
  releaseDate: isoDateSchema,
});
export type CreateMarketingPlanInput = z.infer<typeof createMarketingPlanSchema>;

/**
 * The body POST /api/marketing accepts: the page's form (`createMarketingPlanSchema`), a song's
 * plan (`songId`: its title, lyrics, newest version and release date stand in for what the body
 * leaves out; no release date anywhere: four weeks out), or the spec's `{ prompt }` (the goals and
 * audience, answered with `{ response }` among the plan's fields).
 */
export const marketingRequestSchema = z
  .object({
    conversationId: bodyId('Invalid conversation').optional(),
    trackId: bodyId('Invalid track').nullable().optional(),
    songId: bodyId('Invalid song ID').optional(),
    title: line('Title').min(1, MARKETING_MESSAGES.needsTitleAndContext).max(MARKETING.titleMax, `Title must be at most ${MARKETING.titleMax} characters`).optional(),
    context: text().max(MARKETING.contextMax, `Goals and audience must be at most ${MARKETING.contextMax} characters`).optional(),
    prompt: text().max(MARKETING.contextMax, `The prompt must be at most ${MARKETING.contextMax} characters`).optional(),
    releaseDate: isoDateSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const hasPrompt = (b.prompt ?? '').trim().length > 0;
    if (b.prompt !== undefined && !hasPrompt) ctx.addIssue({ code: 'custom', path: ['prompt'], message: MARKETING_MESSAGES.needsTitleAndContext });
    if (hasPrompt) return;
    if (b.title === undefined && b.songId === undefined) ctx.addIssue({ code: 'custom', path: ['title'], message: MARKETING_MESSAGES.needsTitleAndContext });
    if (!(b.context ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['context'], message: MARKETING_MESSAGES.needsTitleAndContext });
    if (b.releaseDate === undefined && b.songId === undefined) ctx.addIssue({ code: 'custom', path: ['releaseDate'], message: 'Enter a date as YYYY-MM-DD' });
  });
export type MarketingRequest = z.infer<typeof marketingRequestSchema>;

export const marketingPlanSummarySchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  trackId: z.number().int().nullable(),
  /** The song the plan is for (issue 26), or null. */
  songId: z.number().int().nullable().optional(),
  title: z.string(),
  releaseDate: z.string(),
  /** Who wrote it: the model's name or the built-in planner. */
  engine: z.string(),
  kind: z.enum(['model', 'built-in']),
  createdAt: z.string(),
});
export type MarketingPlanSummary = z.infer<typeof marketingPlanSummarySchema>;

/** A public holiday on which no deadline falls (the server's holiday country). */
export const holidaySchema = z.object({ date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

export const marketingPlanSchema = marketingPlanSummarySchema.extend({
  userId: z.number().int(),
  context: z.string(),
  /** The plan as Markdown (a model's answer, or the built-in planner's). */
  markdown: z.string(),
  /** Spec §7: POST /api/marketing answers `{ response }`, the plan as Markdown (the same as `markdown`). */
  response: z.string().optional(),
  /** Verbatim lines of the lyrics, best first (the built-in ranking, with a model too). */
  quotes: z.array(z.string()),
  hashtags: z.array(z.string()),
  calendar: z.array(calendarItemSchema),
  /** Public holidays around the release: deadlines that would fall on one move to the business day before. */
  holidays: z.array(holidaySchema),
  updatedAt: z.string(),
});
export type MarketingPlan = z.infer<typeof marketingPlanSchema>;
export const marketingPlanListSchema = z.array(marketingPlanSummarySchema);

// ---------------------------------------------------------------- dates and documents (both sides)

/** 'YYYY-MM-DD' plus whole days, in UTC. */
export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The artist's local date as 'YYYY-MM-DD'. */
export function localIsoDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Steps that need someone at a desk (a distributor, an editor, a partner): never on a weekend or holiday. */
export const BUSINESS_DAY_KINDS: ReadonlySet<CalendarItemKind> = new Set(['deadline', 'pitch', 'prep']);

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

export type DatedItem = CalendarItem & { date: string; /** Set when a deadline moved off a weekend or holiday: what it fell on. */ movedFrom?: { date: string; reason: string } };

/**
 * Items with their dates for a release day, in date order (ties keep their order). Deadlines,
 * pitches and preparation steps that would fall on a weekend or public holiday move to the
 * business day before.
 */
export function datedItems(releaseDate: string, items: readonly CalendarItem[], holidays: readonly Holiday[] = []): DatedItem[] {
  return items
    .map((item, index) => {
      const raw = addDaysIso(releaseDate, item.offsetDays);
      const business = BUSINESS_DAY_KINDS.has(item.kind) ? businessDayOnOrBefore(raw, holidays) : { date: raw };
      const dated: DatedItem = { ...item, date: business.date, ...(business.reason ? { movedFrom: { date: raw, reason: business.reason } } : {}) };
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

/** "Fri 18 Dec 2026", the same on every machine. */
export function calendarDateLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${day} ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

/** "14 days before release", "Release day", "7 days after release". */
export function offsetLabel(offset: number): string {
  if (offset === 0) return 'Release day';
  const n = Math.abs(offset);
  return `${n} day${n === 1 ? '' : 's'} ${offset < 0 ? 'before' : 'after'} release`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The calendar as a Markdown table. */
export function calendarMarkdown(releaseDate: string, items: readonly CalendarItem[], holidays: readonly Holiday[] = []): string {
  return [
    '| Date | When | Step | What to do |',
    '|---|---|---|---|',
    ...datedItems(releaseDate, items, holidays).map(
      (i) => `| ${calendarDateLabel(i.date)} | ${offsetLabel(i.offsetDays)}${i.movedFrom ? ` (moved off ${i.movedFrom.reason})` : ''} | ${cell(i.title)} | ${cell(i.description)} |`,
    ),
  ].join('\n');
}

/** The whole plan as one Markdown file: heading, who wrote it, the plan and the (edited) calendar. */
export function marketingPlanDocument(
  plan: Pick<MarketingPlan, 'title' | 'engine' | 'markdown' | 'createdAt'> & { holidays?: readonly Holiday[] },
  releaseDate: string,
  items: readonly CalendarItem[],
  today?: string,
): string {
  const holidays = plan.holidays ?? [];
  const markdown = today ? refreshGlance(plan.markdown, { releaseDate, items, today, holidays }) : plan.markdown;
  return [
    `# Marketing Plan for ${plan.title}`,
    '',
    `_Written by ${plan.engine} on ${plan.createdAt.slice(0, 10)}. Release day: ${calendarDateLabel(releaseDate)}._`,
    '',
    markdown.trim(),
    '',
    '## Release calendar (dates)',
    '',
    calendarMarkdown(releaseDate, items, holidays),
    '',
  ].join('\n');
}

/** A file name for the plan's downloads: "neon-chrome-marketing-plan.md". */
export function marketingFileName(title: string, extension: 'md' | 'ics'): string {
  const slug = title.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'release';
  return `${slug}-${extension === 'md' ? 'marketing-plan' : 'release-calendar'}.${extension}`;
}
