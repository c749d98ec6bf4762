// The built-in marketing planner: a complete release plan from the track's lyrics, the artist's
// goals and a release date, with no model. It quotes, it counts and it schedules; it invents no
// lines and no figures.
import { analyzeLyrics } from '../lyrics/analyze';
import { missedItems, planCalendar, RELEASE_RULES, type CalendarItem } from './calendar';
import { addDays, daysBetween, longDate } from './dates';
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
}

export interface BuiltInMarketingPlan {
  /** The plan as Markdown, without the calendar (which is shown, edited and exported on its own). */
  markdown: string;
  quotes: QuotableLine[];
  hashtags: Hashtags;
  calendar: CalendarItem[];
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
  const analysis = lyrics ? analyzeLyrics(lyrics) : undefined;
  const quotes = analysis ? rankQuotableLines(lyrics, { analysis, limit: 5 }) : [];
  const hashtags = buildHashtags({ title, lyrics, context: input.context, analysis });
  const calendar = planCalendar({ title, quotes: quotes.map((q) => q.text) });
  const allTags = [hashtags.title, ...hashtags.lyrics, ...hashtags.genre, ...hashtags.audience];
  const captionTags = [hashtags.title, ...hashtags.genre.slice(0, 2), ...hashtags.lyrics.slice(0, 2)].join(' ');
  const daysLeft = daysBetween(input.today, input.releaseDate);
  const missed = missedItems(input.releaseDate, calendar, input.today);
  const duration = formatDuration(input.duration);

  const md: string[] = [
    '> Written by the built-in planner from your lyrics, your notes and the release date. No AI model was used: the lines are quoted from your lyrics and the dates follow the usual release lead times.',
    '',
    '## At a glance',
    `- **Release day**: ${longDate(input.releaseDate)}${daysLeft >= 0 ? ` (${daysLeft} days from today)` : ' (already past)'}`,
    ...(duration ? [`- **Length**: ${duration}${input.duration && input.duration > 60 ? ' — clip the hook, not the intro' : ''}`] : []),
    `- **Deliver to your distributor by**: ${longDate(datedOf(input.releaseDate, -RELEASE_RULES.distributorLeadDays))}`,
    `- **Pitch to Spotify editorial by**: ${longDate(datedOf(input.releaseDate, -RELEASE_RULES.pitchDeadlineDays))} at the latest (at least 7 days before release)`,
    `- **Calendar**: ${calendar.length} steps from ${longDate(datedOf(input.releaseDate, calendar[0]!.offsetDays))} to ${longDate(datedOf(input.releaseDate, calendar[calendar.length - 1]!.offsetDays))}, in the release calendar with this plan`,
  ];
  if (missed.length) {
    md.push(
      '',
      `**The release is ${daysLeft < 0 ? 'already past' : `${daysLeft} days away`}**, so ${missed.length} step${missed.length === 1 ? ' is' : 's are'} already late (${missed.map((i) => i.title).join('; ')}). Do them as soon as you can, or move the release date so every step fits.`,
    );
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
    `- **Genre**: ${hashtags.genre.join(' ')}`,
    ...(hashtags.audience.length ? [`- **Your audience**: ${hashtags.audience.join(' ')}`] : []),
    `- **The song**: ${hashtags.title}`,
    '',
    `Use 3-5 per post (for example ${captionTags}); rotate the rest. All together: ${allTags.join(' ')}`,
    '',
    '## Content ideas',
    ...contentIdeas(title, quotes, captionTags),
    '',
    '## Your goals and audience',
    ...input.context.trim().split('\n').map((l) => `> ${l}`),
  );
  return { markdown: md.join('\n'), quotes, hashtags, calendar };
}

const datedOf = addDays;
