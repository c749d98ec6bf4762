import { bench, describe } from 'vitest';
import Holidays from 'date-holidays';
import { analyzeLyrics, warmRhymeIndex } from '@members-only/engines/lyrics';
import { buildMarketingPlan, lyricKeywords, marketingPrompt, readGoals, runMarketingEval } from '@members-only/engines/marketing';
import { BUSINESS_DAY_KINDS, datedItems, marketingPlanDocument } from '@members-only/shared/marketing';

/**
 * Target (docs/benchmarks.md): the built-in marketing planner on 64 bars of lyrics (quotable
 * lines ranked, hashtags, content ideas, the calendar, the Markdown and the downloadable
 * document), under 100 ms; the model prompt for the same lyrics, under 1 ms.
 */
const BARS = [
  'I been on the grind all night, trying to get my money right',
  'never let them dim my light, keep my vision in my sight',
  'came up from the basement floor, now they knocking at my door',
  'every verse I write is war, always hungry, want some more',
  'Rain on the window, neon on the chrome',
  'city never sleeps so I never go home',
  "diamonds in the dark, I'm a king on a throne",
  'Rain on the window, neon on the chrome',
];
const verse64 = Array.from({ length: 8 }, () => BARS.join('\n')).join('\n');
const input = { title: 'Neon Chrome', lyrics: verse64, context: 'Drill fans in London and the gym crowd', releaseDate: '2027-01-15', today: '2026-12-01', duration: 185 };

warmRhymeIndex();
analyzeLyrics(verse64);

// The evaluation set (packages/engines/src/marketing/eval-set.ts): goals read, lyric hashtags that
// are nouns, and deadlines on business days over every Friday release of 2026-2027 (US holidays).
const us = new Holidays('US');
const holidays = [2025, 2026, 2027, 2028].flatMap((y) => us.getHolidays(y).filter((h) => h.type === 'public').map((h) => ({ date: h.date.slice(0, 10), name: h.name })));
const singleCalendar = buildMarketingPlan({ title: 'Eval', lyrics: null, context: 'a single', releaseDate: '2027-01-01', today: '2026-01-01' }).calendar;
const evalReport = runMarketingEval({
  readGoals,
  lyricTags: (lyrics) => lyricKeywords(analyzeLyrics(lyrics)),
  deadlines: (releaseDate) => datedItems(releaseDate, singleCalendar, holidays).filter((i) => BUSINESS_DAY_KINDS.has(i.kind)),
  holidays: new Set(holidays.map((h) => h.date)),
});
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const { goals, hashtags, deadlines } = evalReport;
console.log(
  [
    `Marketing eval: goals read ${pct(goals.recall)} of labelled facts (${goals.found}/${goals.labelled}), ${pct(goals.precision)} of what it read right (${goals.correct}/${goals.extracted})`,
    ...goals.misses.map((m) => `  ${m}`),
    `  lyric hashtags that are nouns: ${pct(hashtags.precision)} (${hashtags.nouns}/${hashtags.tags})${hashtags.wrong.length ? `; not nouns: ${hashtags.wrong.join(' ')}` : ''}`,
    `  deadlines on business days: ${pct(deadlines.share)} (${deadlines.onBusinessDays}/${deadlines.total}, 104 Friday releases, US holidays)`,
  ].join('\n'),
);

describe('built-in marketing planner', () => {
  bench('plan from 64 bars (quotes, hashtags, ideas, calendar, Markdown file)', () => {
    const plan = buildMarketingPlan(input);
    marketingPlanDocument({ title: input.title, engine: 'Built-in release planner', markdown: plan.markdown, createdAt: '2026-12-01T00:00:00Z' }, input.releaseDate, plan.calendar);
  });
  bench('model prompt for 64 bars', () => {
    marketingPrompt(input);
  });
});
