import { z } from 'zod';
import { datedItems, refreshGlance } from '@members-only/engines/marketing/glance';
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

// Dates of the release calendar (business days, "At a glance"): pure functions that live with the
// built-in planner in the engines, which import nothing from the workspace (ADR 039).
export {
  addDaysIso,
  BUSINESS_DAY_KINDS,
  businessDayOnOrBefore,
  datedItems,
  glanceDateLines,
  longDateLabel,
  refreshGlance,
  type DatedItem,
  type GlanceInput,
} from '@members-only/engines/marketing/glance';

/** The artist's local date as 'YYYY-MM-DD'. */
export function localIsoDate(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
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
