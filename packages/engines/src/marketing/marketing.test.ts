import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildMarketingPlan,
  datedCalendar,
  daysBetween,
  formatDuration,
  isIsoDate,
  marketingPrompt,
  rankQuotableLines,
  RELEASE_RULES,
  withSentenceBreaks,
} from '../marketing';

const LYRICS = `[Verse 1]
I been on the grind all night
trying to get my money right
never let them dim my light
keep my vision in my sight

[Hook]
Rain on the window, neon on the chrome
city never sleeps so I never go home
diamonds in the dark, I'm a king on a throne
Rain on the window, neon on the chrome`;

const base = { title: 'Neon Chrome', lyrics: LYRICS, context: 'Drill fans in London and the gym crowd. Goal: first playlist.', releaseDate: '2026-12-18', today: '2026-11-20' };

describe('dates', () => {
  it('adds days across months, years and leap days in UTC', () => {
    expect(addDays('2026-12-18', 14)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-20', '2026-12-18')).toBe(28);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });
});

describe('quotable lines', () => {
  it('are lines of the lyrics, verbatim, distinct and best first', () => {
    const quotes = rankQuotableLines(LYRICS, { limit: 5 });
    expect(quotes.length).toBe(5);
    const lines = LYRICS.split('\n').map((l) => l.trim());
    for (const q of quotes) expect(lines).toContain(q.text);
    expect(new Set(quotes.map((q) => q.text)).size).toBe(quotes.length);
    for (let i = 1; i < quotes.length; i++) expect(quotes[i - 1]!.score).toBeGreaterThanOrEqual(quotes[i]!.score);
    // The repeated, rhyming, image-heavy hook line leads; section headers are never quoted.
    expect(quotes[0]!.text).toBe('Rain on the window, neon on the chrome');
    expect(quotes.some((q) => q.text.startsWith('['))).toBe(false);
  });

  it('rank a rhyming, vivid line of caption length above a flat one', () => {
    const [first] = rankQuotableLines('we went to the place and then we left\nsmoke in the mirror, diamonds on my chest\nbullet in the chamber, I never get rest');
    expect(first!.text).toBe('smoke in the mirror, diamonds on my chest');
  });

  it('keep the artist\u2019s spelling, punctuation and case', () => {
    const weird = "Runnin' thru the CITY wit' my dawgs, yeah!\nGunnin' for the pity, it's all for the cause, yeah!";
    const quotes = rankQuotableLines(weird);
    for (const q of quotes) expect(weird).toContain(q.text);
  });
});

describe('the built-in plan', () => {
  const plan = buildMarketingPlan(base);

  it('quotes the lyrics verbatim in its Markdown', () => {
    expect(plan.quotes.length).toBeGreaterThan(0);
    for (const q of plan.quotes) {
      expect(LYRICS).toContain(q.text);
      expect(plan.markdown).toContain(`"${q.text}"`);
    }
  });

  it('says it is the built-in planner', () => {
    expect(plan.markdown).toMatch(/built-in planner/);
    expect(plan.markdown).toMatch(/No AI model was used/);
  });

  it('has hashtags from the lyrics, the genre and the audience', () => {
    expect(plan.hashtags.lyrics).toEqual(expect.arrayContaining(['#neon', '#chrome']));
    expect(plan.hashtags.genre).toEqual(expect.arrayContaining(['#drill', '#hiphop']));
    expect(plan.hashtags.audience).toEqual(expect.arrayContaining(['#gym', '#londonrap']));
    expect(plan.hashtags.title).toBe('#neonchrome');
    for (const tag of [...plan.hashtags.lyrics, ...plan.hashtags.genre]) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
  });

  it('has content ideas per platform', () => {
    for (const heading of ['### Short-form video', '### Stories', '### Posts']) expect(plan.markdown).toContain(heading);
  });

  it('plans 6 to 8 weeks backwards from release day, ending after it', () => {
    const dated = datedCalendar(base.releaseDate, plan.calendar);
    const first = dated[0]!.date;
    const last = dated[dated.length - 1]!.date;
    const span = daysBetween(first, last);
    expect(span).toBeGreaterThanOrEqual(42);
    expect(span).toBeLessThanOrEqual(56);
    expect(last > base.releaseDate).toBe(true);
    expect(dated.filter((i) => i.kind === 'release').map((i) => i.date)).toEqual([base.releaseDate]);
    // Everything before release as planned falls on or before release day; only post-release steps come after.
    for (const item of dated) {
      if (item.kind === 'post-release') expect(item.date > base.releaseDate).toBe(true);
      else expect(item.date <= base.releaseDate, `${item.title} on ${item.date}`).toBe(true);
    }
    // Dates in order, ids unique.
    expect(dated.map((i) => i.date)).toEqual([...dated.map((i) => i.date)].sort());
    expect(new Set(plan.calendar.map((i) => i.id)).size).toBe(plan.calendar.length);
  });

  it('has the dates that matter: delivery lead time, pitch at least 7 days before, pre-save, teasers', () => {
    const byId = new Map(datedCalendar(base.releaseDate, plan.calendar).map((i) => [i.id, i]));
    expect(daysBetween(byId.get('upload')!.date, base.releaseDate)).toBe(RELEASE_RULES.distributorLeadDays);
    const pitches = plan.calendar.filter((i) => i.kind === 'pitch' || i.id === 'pitch-deadline');
    expect(pitches.length).toBe(2);
    for (const p of pitches) expect(-p.offsetDays).toBeGreaterThanOrEqual(7);
    expect(byId.get('pitch-deadline')!.date).toBe('2026-12-11');
    // The pre-save starts after delivery (the distributor makes the link) and before the pitch deadline.
    expect(byId.get('presave')!.offsetDays).toBeGreaterThan(byId.get('upload')!.offsetDays);
    expect(plan.calendar.filter((i) => i.kind === 'teaser').length).toBeGreaterThanOrEqual(3);
    // The hook teaser carries the best line.
    expect(byId.get('teaser-1')!.description).toContain(plan.quotes[0]!.text);
  });

  it('moves every date with the release date (offsets, not dates, are kept)', () => {
    const later = datedCalendar('2027-03-05', plan.calendar);
    const now = datedCalendar(base.releaseDate, plan.calendar);
    later.forEach((item, i) => expect(daysBetween(now[i]!.date, item.date)).toBe(daysBetween(base.releaseDate, '2027-03-05')));
  });

  it('with the default four weeks, nothing is late; with less, it names the late steps', () => {
    expect(plan.markdown).not.toMatch(/already late/);
    const rushed = buildMarketingPlan({ ...base, today: '2026-12-01' });
    expect(rushed.markdown).toContain('17 days away**, so 5 steps are already late (Lock the release; Deliver to your distributor; Launch the pre-save; Pitch to Spotify editorial; Teaser 1: the hook).');
  });

  it('without lyrics, still writes a whole plan and says what lyrics would add', () => {
    const bare = buildMarketingPlan({ ...base, lyrics: null });
    expect(bare.quotes).toEqual([]);
    expect(bare.markdown).toMatch(/No lyrics to quote/);
    expect(bare.hashtags.lyrics).toEqual([]);
    expect(bare.calendar.length).toBe(plan.calendar.length);
  });
});

describe('the model prompt (spec §9)', () => {
  it('formats the duration as m:ss', () => {
    expect(formatDuration(185.4)).toBe('3:05');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3600)).toBe('60:00');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });

  it('breaks the transcription after each sentence end', () => {
    expect(withSentenceBreaks('I was there. You know it! Right? yes... ok')).toBe('I was there.\nYou know it!\nRight?\nyes...\nok');
    expect(withSentenceBreaks('He said "go." Then left')).toBe('He said "go."\nThen left');
    // Decimal points and existing lines stay as they are.
    expect(withSentenceBreaks('worth 2.5 million\nnext line')).toBe('worth 2.5 million\nnext line');
  });

  it('carries the title, duration, transcription, context and five numbered instructions', () => {
    const prompt = marketingPrompt({ title: 'Neon Chrome', duration: 185, transcription: 'Rain on the window. Neon on the chrome.', context: 'London drill fans', releaseDate: '2026-12-18' });
    expect(prompt).toContain('Song title: Neon Chrome');
    expect(prompt).toContain('Duration: 3:05');
    expect(prompt).toContain('Rain on the window.\nNeon on the chrome.');
    expect(prompt).toContain('London drill fans');
    const instructions = prompt.split('\n').filter((l) => /^\d\. /.test(l));
    expect(instructions.map((l) => l[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(instructions[0]).toMatch(/lyrics/i);
    expect(instructions[1]).toMatch(/quot/i);
    expect(instructions[2]).toMatch(/social/i);
    expect(instructions[3]).toMatch(/hashtags/i);
    expect(instructions[4]).toMatch(/calendar/i);
  });
});
