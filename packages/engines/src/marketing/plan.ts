// The built-in marketing planner: a complete release plan from the track's lyrics, the artist's
// goals and a release date, with no model. It quotes, it counts and it schedules; it invents no
// lines and no figures.
import { glanceDateLines, type Holiday } from './glance';
import { analyzeLyrics } from '../lyrics';
import { planCalendar, RELEASE_RULES, type CalendarItem } from './calendar';
import { formatCount, readGoals, type ArtistGoals, type GoalTarget } from './goals';
import { buildHashtags, type Hashtags } from './hashtags';
import { formatDuration } from './prompt';
import { rankQuotableLines, type QuotableLine } from './quotes';

export interface MarketingPlanInput {
  title: string;
  /** The track's lyrics; empty when no track (or one without lyrics) was chosen. */
  lyrics?: string | null;
  context: string;
  /** 'YYYY-MM-DD'. */
  releaseDate: string;
  /** 'YYYY-MM-DD': steps already past are named as missed. */
  today: string;
  /** Seconds, when known. */
  duration?: number | null;
  /** Public holidays around the release (the server's holiday country): deadlines avoid them. */
  holidays?: readonly Holiday[];
}

export interface BuiltInMarketingPlan {
  /** The plan as Markdown, without the calendar (which is shown, edited and exported on its own). */
  markdown: string;
  quotes: QuotableLine[];
  hashtags: Hashtags;
  calendar: CalendarItem[];
  /** What the goals and audience text said, as the plan read it. */
  goals: ArtistGoals;
  /** True when lyrics were read (quotes and lyric hashtags come from them). */
  usedLyrics: boolean;
}

const PLATFORM_MOVES: Record<string, string> = {
  Spotify: 'pitch from Spotify for Artists at least 7 days out, put the Canvas loop on the track, and share the pre-save link',
  'Apple Music': 'ask your distributor for the Apple Music pitch form and set up the pre-add link',
  TikTok: 'post the hook clip as a sound first, then three videos on it with different openings in the teaser weeks',
  Instagram: 'Reels of the hook, a countdown sticker in Stories, and the cover reveal as a post',
  YouTube: 'a Short of the hook each teaser week and the lyric video on release day',
  SoundCloud: 'upload a preview snippet with the release date in the description and repost fans who comment',
  Audiomack: 'ask your distributor to deliver to Audiomack and post the release there on the day',
  X: 'post the quote lines as text with the pre-save link, one a teaser week',
  Threads: 'post the quote lines as text with the pre-save link, one a teaser week',
  Snapchat: 'a Spotlight of the hook and the countdown in Stories',
  Twitch: 'a listening stream on release night, with the smart link in chat',
  Facebook: 'the cover reveal and the release-day post in the groups and events where your listeners are',
  Bandcamp: 'a pre-order page with the release date and a note to your followers',
  Tidal: 'ask your distributor about Tidal editorial and share the Tidal link with the smart link',
  Deezer: 'pitch through your distributor and share the Deezer link with the smart link',
  'Amazon Music': 'pitch through your distributor and share the Amazon link with the smart link',
  Boomplay: 'ask your distributor to deliver to Boomplay and post the link for listeners in Africa',
};

/** The plan's line for one target: the pace that reaches it, counted from the calendar. */
function targetLine(t: GoalTarget, calendarDays: number): string {
  const on = t.platform ? ` on ${t.platform}` : '';
  const what = `**${formatCount(t.value)} ${t.metric}${on}**`;
  if (t.metric === 'pre-saves') {
    const days = RELEASE_RULES.preSaveDays;
    return `- ${what} by release day: the pre-save runs ${days} days, so about ${formatCount(Math.ceil(t.value / days))} a day, or ${formatCount(Math.ceil(t.value / (days / 7)))} a week; check the count at every teaser.`;
  }
  if (t.metric === 'monthly listeners' || t.metric === 'listeners') {
    // Spotify counts monthly listeners over 28 days: the plan's last weeks are the window.
    return `- ${what}: monthly listeners count the last 28 days, so the plan's four weeks from release day to "Next move" decide it; at the first-week review aim for about ${formatCount(Math.ceil(t.value / 4))} (a quarter), and if you are short, put the second wave out earlier.`;
  }
  const weeks = Math.max(1, Math.round(calendarDays / 7));
  return `- ${what}: over the ${weeks} weeks of the calendar, about ${formatCount(Math.ceil(t.value / weeks))} a week; note the number at each weekly check and move effort to what brought the most.`;
}

const quote = (q: QuotableLine | undefined, fallback: string) => (q ? `"${q.text}"` : fallback);

function contentIdeas(title: string, quotes: QuotableLine[], tags: string): string[] {
  const [a, b, c] = quotes;
  return [
    '### Short-form video (TikTok, Reels, Shorts)',
    `- **Hook clip**: 10-15 seconds of you performing ${quote(a, 'the hook')}, lyric on screen, cut on the beat. Post it three times with different openings.`,
    `- **Line breakdown**: talk to camera about what ${quote(b ?? a, 'your strongest line')} means to you, then play the bar.`,
    `- **Sound for fans**: upload the hook as a sound and film the first video with it yourself; invite fans to use it.`,
    '- **Studio moment**: a raw take or a beat switch from the session, captioned with the release date.',
    '',
    '### Stories (Instagram, Snapchat, Facebook)',
    `- Countdown sticker to release day, linked to the pre-save.`,
    `- Poll or quiz on a line: ${quote(c ?? a, 'a lyric with a word left out')} — fans fill the blank.`,
    '- Repost every fan story that uses the sound or the pre-save link.',
    '',
    '### Posts (Instagram, X, Threads, Facebook)',
    `- Cover art reveal with the pre-save link and ${tags}.`,
    `- A quote carousel: one slide per line${quotes.length ? ` (${quotes.slice(0, 3).map((q) => `"${q.text}"`).join(', ')})` : ''}, the last slide the release date.`,
    `- Release-day post: "${title}" out now, smart link in bio, thank the people who worked on it.`,
    '',
    '### Everywhere',
    '- One smart link in every bio, pointing to the pre-save until release day and the stores after.',
  ];
}

export function buildMarketingPlan(input: MarketingPlanInput): BuiltInMarketingPlan {
  const title = input.title.trim();
  const lyrics = input.lyrics?.trim() ?? '';
  // The lyrics, then the goals, then the dates, then the Markdown.
  const analysis = lyrics ? analyzeLyrics(lyrics) : undefined;
  const quotes = analysis ? rankQuotableLines(lyrics, { analysis, limit: 5 }) : [];
  const goals = readGoals(input.context);
  const hashtags = buildHashtags({ title, lyrics, context: input.context, analysis, places: goals.places });
  const calendar = planCalendar({ title, quotes: quotes.map((q) => q.text), format: goals.format, tracks: goals.tracks });
  const usedLyrics = Boolean(analysis);
  const allTags = [hashtags.title, ...hashtags.lyrics, ...hashtags.places, ...hashtags.genre, ...hashtags.audience];
  const captionTags = [hashtags.title, ...hashtags.places.slice(0, 1), ...hashtags.genre.slice(0, 2), ...hashtags.lyrics.slice(0, 1)].join(' ');
  const duration = formatDuration(input.duration);
  const glance = glanceDateLines({ releaseDate: input.releaseDate, items: calendar, today: input.today, holidays: input.holidays ?? [] });
  const offsets = calendar.map((i) => i.offsetDays);
  const calendarDays = Math.max(...offsets) - Math.max(Math.min(...offsets), -daysBetween(input.today, input.releaseDate));
  const format = goals.format === 'single' ? 'Single' : `${goals.format}${goals.tracks ? ` of ${goals.tracks} tracks` : ''}`;

  const md: string[] = [
    usedLyrics
      ? '> Written by the built-in planner from your lyrics, your notes and the release date. No AI model was used: the lines are quoted from your lyrics and the dates follow the usual release lead times.'
      : '> Written by the built-in planner from the title, your notes and the release date (no lyrics were chosen). No AI model was used: the dates follow the usual release lead times.',
    '',
    '## At a glance',
    ...glance.lines,
    `- **Format**: ${format}${goals.format === 'single' ? '' : ' — a focus track goes out five weeks ahead and each track gets its own week after release (in the calendar)'}`,
    ...(duration ? [`- **Length**: ${duration}${input.duration && input.duration > 60 ? ' — clip the hook, not the intro' : ''}`] : []),
    ...(goals.targets.length ? [`- **Your targets**: ${goals.targets.map((t) => `${formatCount(t.value)} ${t.metric}${t.platform ? ` on ${t.platform}` : ''}`).join(', ')}`] : []),
    ...(goals.platforms.length ? [`- **Your platforms**: ${goals.platforms.join(', ')}`] : []),
    ...(goals.places.length ? [`- **Your places**: ${goals.places.join(', ')}`] : []),
    ...(glance.late ? ['', glance.late] : []),
  ];

  if (goals.targets.length) {
    md.push('', '## Targets', 'The numbers you gave, turned into a pace. A pace to check against, not a forecast.', '', ...goals.targets.map((t) => targetLine(t, calendarDays)));
  }

  md.push('', '## Lines to quote');
  if (quotes.length) {
    md.push('Ranked by rhyme strength, length and imagery; use them as captions and hook clips, word for word.', '');
    quotes.forEach((q, i) => md.push(`${i + 1}. "${q.text}" — ${q.reasons.join(', ')}`));
  } else {
    md.push('No lyrics to quote: choose an uploaded track with lyrics and the plan will use its best lines for captions and hook clips.');
  }

  md.push(
    '',
    '## Hashtags',
    ...(hashtags.lyrics.length ? [`- **From your lyrics**: ${hashtags.lyrics.join(' ')}`] : []),
    ...(hashtags.places.length ? [`- **Your places**: ${hashtags.places.join(' ')}`] : []),
    `- **Genre**: ${hashtags.genre.join(' ')}`,
    ...(hashtags.audience.length ? [`- **Your audience**: ${hashtags.audience.join(' ')}`] : []),
    `- **The song**: ${hashtags.title}`,
    '',
    `Use 3-5 per post (for example ${captionTags}); rotate the rest. All together: ${allTags.join(' ')}`,
  );

  if (goals.platforms.length) {
    md.push('', '## On the platforms you named', ...goals.platforms.map((p) => `- **${p}**: ${PLATFORM_MOVES[p] ?? 'post the hook clip and the release-day link there'}.`));
  }
  if (goals.places.length) {
    const first = goals.places[0]!.split(',')[0]!;
    md.push(
      '',
      '## Where your listeners are',
      ...goals.places.map((place) => {
        const city = place.split(',')[0]!;
        return `- **${place}**: tag the location on every clip, use ${[`#${city.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}`, `#${city.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}rap`].join(' ')}, send the release to local radio, blogs and playlist curators in ${city} in the pitch week, and book a show or listening night there in release week.`;
      }),
      ...(goals.places.length > 1 ? ['', `Start in ${first}, where you listed first: one city at a time makes the numbers easier to read.`] : []),
    );
  }

  md.push('', '## Content ideas', ...contentIdeas(title, quotes, captionTags), '', '## Your goals and audience', ...input.context.trim().split('\n').map((l) => `> ${l}`));
  return { markdown: md.join('\n'), quotes, hashtags, calendar, goals, usedLyrics };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
