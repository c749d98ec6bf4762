// What the artist's goals and audience text says, read for the plan: numbers with what they count
// ("10k monthly listeners", "1,000 pre-saves"), platforms, places and the release format.
import nlp from 'compromise';

export type ReleaseFormat = 'single' | 'EP' | 'album';

export interface GoalTarget {
  /** The number as a count (10k -> 10000). */
  value: number;
  /** What it counts, in the artist's words, normalised ("monthly listeners", "pre-saves"). */
  metric: string;
  /** The platform named with it, if any ("1,000 followers on TikTok" -> "TikTok"). */
  platform?: string;
  /** The words it came from, as written. */
  text: string;
}

export interface ArtistGoals {
  targets: GoalTarget[];
  /** Platforms named, in the order first named, with their usual spelling. */
  platforms: string[];
  /** Places named (cities, regions, countries), as written. */
  places: string[];
  format: ReleaseFormat;
  /** Tracks on an EP or album when the text says ("a 5-track EP"); null when it does not. */
  tracks: number | null;
}

const PLATFORMS: readonly [RegExp, string][] = [
  [/\bspotify\b/i, 'Spotify'],
  [/\bapple music\b|\bitunes\b/i, 'Apple Music'],
  [/\btik ?tok\b/i, 'TikTok'],
  [/\binstagram\b|\binsta\b|\big\b|\breels\b/i, 'Instagram'],
  [/\byou ?tube\b|\bshorts\b/i, 'YouTube'],
  [/\bsound ?cloud\b/i, 'SoundCloud'],
  [/\baudiomack\b/i, 'Audiomack'],
  [/\btwitter\b|\bx\.com\b/i, 'X'],
  [/\bthreads\b/i, 'Threads'],
  [/\bsnapchat\b|\bsnap\b/i, 'Snapchat'],
  [/\btwitch\b/i, 'Twitch'],
  [/\bfacebook\b/i, 'Facebook'],
  [/\bbandcamp\b/i, 'Bandcamp'],
  [/\btidal\b/i, 'Tidal'],
  [/\bdeezer\b/i, 'Deezer'],
  [/\bamazon music\b/i, 'Amazon Music'],
  [/\bboomplay\b/i, 'Boomplay'],
];

const METRICS: readonly [RegExp, string][] = [
  [/^monthly (?:listeners|listens)$/, 'monthly listeners'],
  [/^listeners$/, 'listeners'],
  [/^pre-?saves?$/, 'pre-saves'],
  [/^saves?$/, 'saves'],
  [/^streams?$|^plays?$|^listens$/, 'streams'],
  [/^followers?$/, 'followers'],
  [/^subscribers?$|^subs$/, 'subscribers'],
  [/^views?$/, 'views'],
  [/^fans$/, 'fans'],
  [/^(?:ticket|tickets)(?: sold)?$/, 'tickets'],
  [/^(?:sales|copies|units)$/, 'sales'],
  [/^(?:emails?|email addresses|sign-?ups|mailing list(?: sign-?ups)?)$/, 'email sign-ups'],
  [/^(?:video creations|creations|videos|ugc)$/, 'videos using the sound'],
  [/^(?:playlist adds|playlists?)$/, 'playlist adds'],
];

const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

// "10k monthly listeners", "1,000 pre-saves", "2.5 million streams", "500 followers on TikTok".
const TARGET =
  /(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|m|thousand|million)?\+?\s+(?:new\s+|more\s+)?(monthly (?:listeners|listens)|listeners|pre-?saves?|saves?|streams?|plays|listens|followers?|subscribers?|subs|views?|fans|tickets?(?: sold)?|sales|copies|units|emails?|email addresses|sign-?ups|mailing list(?: sign-?ups)?|video creations|creations|videos|ugc|playlist adds|playlists?)\b(?:\s+(?:on|across|from|in)\s+([A-Z][\w ]{1,20}?)\b(?=[\s,.;!?]|$))?/gi;

function scale(n: string, unit: string | undefined): number {
  const base = Number(n.replace(/,/g, ''));
  const u = unit?.toLowerCase();
  return Math.round(base * (u === 'k' || u === 'thousand' ? 1_000 : u === 'm' || u === 'million' ? 1_000_000 : 1));
}

const platformOf = (text: string) => PLATFORMS.find(([re]) => re.test(text))?.[1];

/** Reads the goals and audience text for what the plan can use. Pure; names only what the text says. */
export function readGoals(context: string): ArtistGoals {
  const text = context.replace(/\s+/g, ' ');
  const targets: GoalTarget[] = [];
  for (const m of text.matchAll(TARGET)) {
    const metricWords = m[3]!.toLowerCase();
    const metric = METRICS.find(([re]) => re.test(metricWords))?.[1] ?? metricWords;
    const platform = (m[4] && platformOf(m[4])) || undefined;
    targets.push({ value: scale(m[1]!, m[2]), metric, ...(platform ? { platform } : {}), text: m[0].trim() });
  }

  const platforms = PLATFORMS.map(([re, name]) => ({ name, at: text.search(re) }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((p) => p.name);

  // Places: compromise's gazetteer and its title-case place guesses, minus platforms and months.
  const doc = nlp(text);
  const places = [
    ...new Set(
      (doc.places().out('array') as string[])
        .map((p) => p.replace(/[.,;:!?]+$/g, '').trim())
        .filter((p) => p && /^\p{Lu}/u.test(p) && !platformOf(p)),
    ),
  ].slice(0, 6);

  const format: ReleaseFormat = /\b(?:album|lp|mixtape|tape|project)\b/i.test(text) ? 'album' : /\be\.?p\.?\b/i.test(text) ? 'EP' : 'single';
  const count = /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ](?:track|song)s?\b/i.exec(text);
  const tracks = count ? (WORD_NUMBERS[count[1]!.toLowerCase()] ?? Number(count[1])) : null;
  return { targets, platforms, places, format: format === 'single' && tracks && tracks > 1 ? (tracks > 7 ? 'album' : 'EP') : format, tracks: format === 'single' && !tracks ? null : tracks };
}

/** "10,000". */
export const formatCount = (n: number) => n.toLocaleString('en-US');
