import { describe, expect, it } from 'vitest';
import { datedItems, refreshGlance } from './glance';
import {
  addDays,
  buildMarketingPlan,
  readGoals,
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
    expect(plan.hashtags.audience).toEqual(expect.arrayContaining(['#gym']));
    expect(plan.hashtags.places).toEqual(expect.arrayContaining(['#london', '#londonrap']));
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

describe('plans that use what the artist said (issue 27)', () => {
  const goalsText = 'I want 10k monthly listeners and 1,000 pre-saves. Fans in Atlanta and London, mostly on TikTok and Instagram. Dropping a 5-track EP.';

  it('reads numbers, platforms, places and the release format from the goals', () => {
    const goals = readGoals(goalsText);
    expect(goals.targets).toEqual([
      { value: 10_000, metric: 'monthly listeners', text: '10k monthly listeners' },
      { value: 1_000, metric: 'pre-saves', text: '1,000 pre-saves' },
    ]);
    expect(goals.platforms).toEqual(['TikTok', 'Instagram']);
    expect(goals.places).toEqual(['Atlanta', 'London']);
    expect(goals.format).toBe('EP');
    expect(goals.tracks).toBe(5);
    expect(readGoals('500 followers on TikTok and 2.5 million streams for the album').targets).toEqual([
      { value: 500, metric: 'followers', platform: 'TikTok', text: '500 followers on TikTok' },
      { value: 2_500_000, metric: 'streams', text: '2.5 million streams' },
    ]);
    expect(readGoals('first single, want more fans').format).toBe('single');
    expect(readGoals('a mixtape for the summer').format).toBe('album');
  });

  it('sets targets from the numbers, schedules each track of an EP, and names the places and platforms', () => {
    const plan = buildMarketingPlan({ ...base, context: goalsText });
    expect(plan.markdown).toContain('## Targets');
    expect(plan.markdown).toMatch(/\*\*1,000 pre-saves\*\* by release day: the pre-save runs 24 days, so about 42 a day/);
    expect(plan.markdown).toMatch(/\*\*10,000 monthly listeners\*\*: .*about 2,500/);
    const ids = plan.calendar.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['focus-upload', 'focus-track', 'track-2', 'track-3', 'track-4', 'track-5']));
    expect(plan.calendar.find((i) => i.id === 'focus-upload')!.offsetDays).toBe(-63);
    expect(ids).not.toContain('track-6');
    expect(plan.markdown).toContain('## On the platforms you named');
    expect(plan.markdown).toMatch(/- \*\*TikTok\*\*: /);
    expect(plan.markdown).toMatch(/- \*\*Atlanta\*\*: tag the location/);
    expect(plan.markdown).toContain('- **Format**: EP of 5 tracks');
    // A single gets no per-track weeks.
    expect(buildMarketingPlan(base).calendar.some((i) => i.id.startsWith('track-'))).toBe(false);
  });

  it('makes hashtags of the title, genre, places and nouns of the lyrics, never verbs or adjectives alone', () => {
    const lyrics = ['Creeping through the city, focused on the paper plan', 'turned the corner in the rain, I was measuring the land', 'my mother used to pray for every step I took', 'laundromat dryer spinning like a record book'].join('\n');
    const plan = buildMarketingPlan({ ...base, lyrics, title: 'Paper Plan', context: 'boom bap heads in Atlanta' });
    for (const bad of ['#creeping', '#focused', '#turned', '#measuring', '#spinning', '#took']) expect(plan.hashtags.lyrics).not.toContain(bad);
    expect(plan.hashtags.lyrics).toEqual(expect.arrayContaining(['#city', '#corner']));
    expect(plan.hashtags.places).toEqual(['#atlanta', '#atlantarap']);
    expect(plan.hashtags.title).toBe('#paperplan');
    expect(plan.hashtags.genre[0]).toBe('#boombap');
  });

  it('moves deadlines off weekends and public holidays to the business day before', () => {
    // Release Friday 22 January 2027: delivery 28 days before falls on Friday 25 December.
    const holidays = [{ date: '2026-12-25', name: 'Christmas Day' }];
    const plan = buildMarketingPlan({ ...base, releaseDate: '2027-01-22', today: '2026-11-26', holidays });
    expect(plan.markdown).toContain('- **Deliver to your distributor by**: Thursday, 24 December 2026 (moved from Friday, 25 December 2026, Christmas Day)');
    const dated = datedItems('2027-01-22', plan.calendar, holidays);
    expect(dated.find((i) => i.id === 'upload')!.date).toBe('2026-12-24');
    // A Saturday deadline moves to Friday; teasers stay where they are (they are posts, not deadlines).
    const sat = datedItems('2027-01-16', plan.calendar, []);
    expect(sat.find((i) => i.id === 'pitch-deadline')!.date).toBe('2027-01-08');
    expect(sat.find((i) => i.id === 'pitch-deadline')!.movedFrom).toEqual({ date: '2027-01-09', reason: 'a Saturday' });
    expect(sat.find((i) => i.id === 'countdown')!.date).toBe('2027-01-15');
  });

  it('recomputes "At a glance" when the release date or the calendar changes', () => {
    const plan = buildMarketingPlan(base);
    expect(plan.markdown).toContain('Friday, 18 December 2026 (28 days from today)');
    const later = refreshGlance(plan.markdown, { releaseDate: '2027-02-05', items: plan.calendar, today: '2026-11-20' });
    expect(later).toContain('- **Release day**: Friday, 5 February 2027 (77 days from today)');
    expect(later).toContain('- **Deliver to your distributor by**: Friday, 8 January 2027');
    expect(later).not.toContain('18 December 2026');
    // The other lines of the section stay, once each.
    expect(later.match(/- \*\*Format\*\*/g)).toHaveLength(1);
    const moved = refreshGlance(plan.markdown, { releaseDate: base.releaseDate, items: plan.calendar.map((i) => (i.id === 'upload' ? { ...i, offsetDays: -35 } : i)), today: '2026-11-20' });
    expect(moved).toContain('- **Deliver to your distributor by**: Friday, 13 November 2026');
    expect(moved).toMatch(/\*\*The release is 28 days away\*\*, so 1 step is already late \(Deliver to your distributor\)/);
  });

  it('says "from your lyrics" only when lyrics were used', () => {
    expect(buildMarketingPlan(base).markdown).toMatch(/^> Written by the built-in planner from your lyrics/);
    const none = buildMarketingPlan({ ...base, lyrics: null });
    expect(none.usedLyrics).toBe(false);
    expect(none.markdown).not.toMatch(/from your lyrics/);
    expect(none.markdown).toMatch(/^> Written by the built-in planner from the title, your notes and the release date/);
  });
});
