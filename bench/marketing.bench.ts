import { bench, describe } from 'vitest';
import { analyzeLyrics, warmRhymeIndex } from '@members-only/engines/lyrics';
import { buildMarketingPlan, marketingPrompt } from '@members-only/engines/marketing';
import { marketingPlanDocument } from '@members-only/shared/marketing';

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

describe('built-in marketing planner', () => {
  bench('plan from 64 bars (quotes, hashtags, ideas, calendar, Markdown file)', () => {
    const plan = buildMarketingPlan(input);
    marketingPlanDocument({ title: input.title, engine: 'Built-in release planner', markdown: plan.markdown, createdAt: '2026-12-01T00:00:00Z' }, input.releaseDate, plan.calendar);
  });
  bench('model prompt for 64 bars', () => {
    marketingPrompt(input);
  });
});
