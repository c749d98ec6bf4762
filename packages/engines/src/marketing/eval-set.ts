/**
 * The marketing planner's evaluation set (issue 27), written for this project (original lyrics):
 * - goals texts as artists type them, labelled with the numbers, platforms, places and format in them;
 * - short lyrics labelled with every noun in them: a lyric hashtag is right only if it is one of
 *   them (verbs and adjectives such as "creeping", "focused", "turned" are not);
 * - every Friday release day of 2026 and 2027, for deadlines on business days (US public holidays).
 */
import type { ReleaseFormat } from './goals';

export interface GoalsCase {
  text: string;
  targets: { value: number; metric: string }[];
  platforms: string[];
  places: string[];
  format: ReleaseFormat;
}

export const GOALS_CASES: readonly GoalsCase[] = [
  {
    text: 'I want 10k monthly listeners and 1,000 pre-saves. Fans in Atlanta and London, mostly on TikTok and Instagram. Dropping a 5-track EP.',
    targets: [{ value: 10_000, metric: 'monthly listeners' }, { value: 1_000, metric: 'pre-saves' }],
    platforms: ['TikTok', 'Instagram'],
    places: ['Atlanta', 'London'],
    format: 'EP',
  },
  { text: 'Drill fans in London and the gym crowd. Goal: first playlist.', targets: [], platforms: [], places: ['London'], format: 'single' },
  { text: 'trying to hit 50k streams on spotify this month, my audience is mostly college kids in Chicago', targets: [{ value: 50_000, metric: 'streams' }], platforms: ['Spotify'], places: ['Chicago'], format: 'single' },
  { text: 'Album drop. Want 2,500 followers on Instagram and 500 subscribers on YouTube. Toronto and Montreal heads.', targets: [{ value: 2_500, metric: 'followers' }, { value: 500, metric: 'subscribers' }], platforms: ['Instagram', 'YouTube'], places: ['Toronto', 'Montreal'], format: 'album' },
  { text: 'first single ever, no budget, just want people to hear it', targets: [], platforms: [], places: [], format: 'single' },
  { text: 'my mixtape, 12 songs, aiming for 100k plays on SoundCloud and Audiomack, fans in Lagos', targets: [{ value: 100_000, metric: 'streams' }], platforms: ['SoundCloud', 'Audiomack'], places: ['Lagos'], format: 'album' },
  { text: 'EP rollout for the summer. 300 pre-saves would be huge. Houston underground scene.', targets: [{ value: 300, metric: 'pre-saves' }], platforms: [], places: ['Houston'], format: 'EP' },
  { text: 'Single for the skaters and streetwear crowd in Los Angeles, 1.5k TikTok followers now, want 5k followers on TikTok', targets: [{ value: 5_000, metric: 'followers' }], platforms: ['TikTok'], places: ['Los Angeles'], format: 'single' },
  { text: 'Want 20,000 views on youtube for the video and 1000 monthly listeners. People in Berlin and Paris vibe with it.', targets: [{ value: 20_000, metric: 'views' }, { value: 1_000, metric: 'monthly listeners' }], platforms: ['YouTube'], places: ['Berlin', 'Paris'], format: 'single' },
  { text: 'boom bap single for the heads, twitter and threads are where my people are', targets: [], platforms: ['X', 'Threads'], places: [], format: 'single' },
  { text: 'A 4 track EP about my city, Detroit. 2k pre-saves.', targets: [{ value: 2_000, metric: 'pre-saves' }], platforms: [], places: ['Detroit'], format: 'EP' },
  { text: 'sell 200 tickets for the release show in Atlanta and get 10k streams', targets: [{ value: 200, metric: 'tickets' }, { value: 10_000, metric: 'streams' }], platforms: [], places: ['Atlanta'], format: 'single' },
];

export interface LyricNounsCase {
  lyrics: string;
  /** Every word the lyrics use as a noun (a tag may be any of them, and nothing else). */
  nouns: string[];
}

export const LYRIC_NOUN_CASES: readonly LyricNounsCase[] = [
  {
    lyrics: 'Creeping through the city, focused on the paper plan\nturned the corner in the rain, I was measuring the land\nmy mother used to pray for every step I took\nlaundromat dryer spinning like a record book',
    nouns: ['city', 'paper', 'plan', 'corner', 'rain', 'land', 'mother', 'step', 'laundromat', 'dryer', 'record', 'book'],
  },
  {
    lyrics: 'Streetlights hum on the avenue at night\nI write it in the margin till the page turns white\nfocused and determined, I was creeping past the gate\nmeasure every word because the pressure never wait',
    nouns: ['streetlights', 'avenue', 'night', 'margin', 'page', 'word', 'pressure', 'gate'],
  },
  {
    lyrics: 'Grandpa had a saxophone he never played\nhe kept it in the closet like a debt unpaid\nbroken but still golden, every key was turned\nI was burning every bridge until the bridges burned',
    nouns: ['grandpa', 'saxophone', 'closet', 'debt', 'key', 'bridge', 'bridges'],
  },
  {
    lyrics: 'Winter on the stoop with a thermos full of tea\nmy brother drew the future in the frost for me\nhungry and ambitious, running with the heat\nfrozen in the moment, with the snow beneath my feet',
    nouns: ['winter', 'stoop', 'thermos', 'tea', 'brother', 'future', 'frost', 'heat', 'moment', 'snow', 'feet'],
  },
  {
    lyrics: 'Chalk lines on the asphalt where the kids would race\nI still can see the finish line in every face\nfaded jeans and borrowed chains, I was shining anyway\nwe were young and reckless, dancing in the alleyway',
    nouns: ['chalk', 'lines', 'asphalt', 'kids', 'race', 'finish', 'line', 'face', 'jeans', 'chains', 'alleyway'],
  },
  {
    lyrics: 'Pawn shop guitar with a price tag on the neck\nI bought it with the money from my very first check\ntwisted and exhausted, I was grinding for the rent\nevery dollar counted, every minute that I spent',
    nouns: ['pawn', 'shop', 'guitar', 'price', 'tag', 'neck', 'money', 'check', 'rent', 'dollar', 'minute'],
  },
  {
    lyrics: 'Rooftop conversations when the city sleeps\npromises we made are the promises it keeps\nquiet and collected, I was climbing every stair\nsilver in the ceiling and the smoke up in the air',
    nouns: ['rooftop', 'conversations', 'city', 'promises', 'stair', 'silver', 'ceiling', 'smoke', 'air'],
  },
  {
    lyrics: 'Late shift at the warehouse stacking boxes high\nI wrote a hundred hooks before the trucks went by\nfocused on the hustle, creeping through the night\nturned another page and I was reaching for the light',
    nouns: ['shift', 'warehouse', 'boxes', 'hooks', 'trucks', 'hustle', 'night', 'page', 'light'],
  },
];

/** Every Friday of 2026 and 2027: release days for the business-day check. */
export function fridayReleases(): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2026, 0, 2); t < Date.UTC(2028, 0, 1); t += 7 * 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export interface MarketingEvalReport {
  goals: { labelled: number; found: number; extracted: number; correct: number; recall: number; precision: number; misses: string[] };
  hashtags: { tags: number; nouns: number; precision: number; wrong: string[] };
  deadlines: { total: number; onBusinessDays: number; share: number; onHolidays: string[] };
}

export interface MarketingEvalDeps {
  readGoals: (text: string) => { targets: { value: number; metric: string }[]; platforms: string[]; places: string[]; format: ReleaseFormat };
  /** The lyric hashtags the planner makes for these lyrics (words, without '#'). */
  lyricTags: (lyrics: string) => string[];
  /** Dated deadlines of a plan released on `releaseDate`. */
  deadlines: (releaseDate: string) => { id: string; date: string }[];
  /** Public holidays (YYYY-MM-DD) the check counts as non-business days. */
  holidays: ReadonlySet<string>;
}

/** Runs the three parts of the marketing eval (pure: the caller passes the planner's functions and the holidays). */
export function runMarketingEval(deps: MarketingEvalDeps): MarketingEvalReport {
  let labelled = 0;
  let found = 0;
  let extracted = 0;
  let correct = 0;
  const misses: string[] = [];
  for (const c of GOALS_CASES) {
    const got = deps.readGoals(c.text);
    const want = [...c.targets.map((t) => `${t.value} ${t.metric}`), ...c.platforms.map((p) => `platform ${p}`), ...c.places.map((p) => `place ${p}`), `format ${c.format}`];
    const have = [...got.targets.map((t) => `${t.value} ${t.metric}`), ...got.platforms.map((p) => `platform ${p}`), ...got.places.map((p) => `place ${p}`), `format ${got.format}`];
    labelled += want.length;
    extracted += have.length;
    for (const w of want) {
      if (have.includes(w)) found++;
      else misses.push(`missed "${w}" in "${c.text.slice(0, 40)}…"`);
    }
    for (const h of have) {
      if (want.includes(h)) correct++;
      else misses.push(`wrong "${h}" in "${c.text.slice(0, 40)}…"`);
    }
  }
  let tags = 0;
  let nouns = 0;
  const wrong: string[] = [];
  for (const c of LYRIC_NOUN_CASES) {
    for (const t of deps.lyricTags(c.lyrics)) {
      tags++;
      if (c.nouns.includes(t)) nouns++;
      else wrong.push(`#${t}`);
    }
  }
  let total = 0;
  let onBusinessDays = 0;
  const onHolidays: string[] = [];
  for (const release of fridayReleases()) {
    for (const d of deps.deadlines(release)) {
      total++;
      const day = new Date(`${d.date}T00:00:00Z`).getUTCDay();
      if (day !== 0 && day !== 6 && !deps.holidays.has(d.date)) onBusinessDays++;
      else if (deps.holidays.has(d.date)) onHolidays.push(`${d.id} on ${d.date} (release ${release})`);
    }
  }
  return {
    goals: { labelled, found, extracted, correct, recall: found / labelled, precision: extracted ? correct / extracted : 1, misses },
    hashtags: { tags, nouns, precision: tags ? nouns / tags : 1, wrong },
    deadlines: { total, onBusinessDays, share: total ? onBusinessDays / total : 1, onHolidays },
  };
}
