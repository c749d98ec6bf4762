// Marketing planner: pure, deterministic TypeScript (uses the lyric engine for quotable lines).
// Imported by the server as `@members-only/engines/marketing`.
export { buildMarketingPlan } from './marketing/plan';
export type { BuiltInMarketingPlan, MarketingPlanInput } from './marketing/plan';
export { planCalendar, datedCalendar, missedItems, RELEASE_RULES, DEFAULT_TRACKS, MAX_SPOTLIGHTS } from './marketing/calendar';
export { readGoals, formatCount } from './marketing/goals';
export type { ArtistGoals, GoalTarget, ReleaseFormat } from './marketing/goals';
export type { CalendarItem, CalendarItemKind, DatedCalendarItem } from './marketing/calendar';
export { rankQuotableLines } from './marketing/quotes';
export type { QuotableLine } from './marketing/quotes';
export { buildHashtags, lyricKeywords, lyricNouns } from './marketing/hashtags';
export type { Hashtags } from './marketing/hashtags';
export { marketingPrompt, formatDuration, withSentenceBreaks } from './marketing/prompt';
export type { MarketingPromptInput } from './marketing/prompt';
export { addDays, daysBetween, isIsoDate, isoDateOf, longDate, shortDate } from './marketing/dates';
export { GOALS_CASES, LYRIC_NOUN_CASES, fridayReleases, runMarketingEval } from './marketing/eval-set';
export type { MarketingEvalReport } from './marketing/eval-set';
