// The release calendar, planned backwards from release day. Each item is kept as an offset in days
// from release day, so moving the release date moves the whole plan with it (the page re-flows it).
import { addDays, daysBetween } from './dates';

export type CalendarItemKind = 'prep' | 'deadline' | 'pitch' | 'presave' | 'teaser' | 'release' | 'post-release';

export interface CalendarItem {
  /** Stable within a plan ("upload", "pitch"...), so an edited calendar keeps its items apart. */
  id: string;
  /** Days from release day: negative before it, 0 on it, positive after. */
  offsetDays: number;
  title: string;
  description: string;
  kind: CalendarItemKind;
}

export interface DatedCalendarItem extends CalendarItem {
  date: string;
}

/** The dates that matter, as offsets from release day. */
export const RELEASE_RULES = {
  /** Start of the plan, the day of delivery: master, artwork, credits and splits locked. */
  lockDays: 28,
  /**
   * Delivery to the distributor. Most ask for 2-4 weeks so stores list the release in time and
   * it shows in Spotify for Artists as an upcoming release, which a pitch needs.
   */
  distributorLeadDays: 28,
  /** The pre-save link exists a few days after delivery (the distributor creates it). */
  preSaveDays: 24,
  /** Pitch early: editors see a pitch only for an unreleased song, and playlists are built ahead. */
  pitchDays: 21,
  /** Spotify's own rule: pitch at least 7 days before release to reach release-day Release Radar. */
  pitchDeadlineDays: 7,
  /** The plan ends three weeks after release day (7 weeks in all). */
  afterDays: 21,
} as const;

/** Quotable lines the teasers use, best first (may be empty when there are no lyrics). */
export interface CalendarInput {
  title: string;
  quotes: string[];
  /** An EP or album gets a focus track ahead of release and a spotlight per track after it. */
  format?: 'single' | 'EP' | 'album';
  /** Tracks on the EP or album, when the artist said (otherwise 5 for an EP, 10 for an album). */
  tracks?: number | null;
}

/** Tracks assumed when the artist names a format but not its length. */
export const DEFAULT_TRACKS = { EP: 5, album: 10 } as const;
/** At most this many per-track spotlights after release (one a week). */
export const MAX_SPOTLIGHTS = 8;

const q = (quotes: string[], i: number) => (quotes[i] ? `"${quotes[i]}"` : null);

/** The calendar of a release: 7 weeks, from locking and delivering the release to three weeks after it. */
export function planCalendar({ title, quotes, format = 'single', tracks = null }: CalendarInput): CalendarItem[] {
  const r = RELEASE_RULES;
  const hook = q(quotes, 0);
  const second = q(quotes, 1);
  const third = q(quotes, 2);
  const items: CalendarItem[] = [
    {
      id: 'lock',
      offsetDays: -r.lockDays,
      kind: 'prep',
      title: 'Lock the release',
      description: `Final master of "${title}", cover art (3000×3000), credits and splits agreed in writing, lyrics proofread for the stores.`,
    },
    {
      id: 'upload',
      offsetDays: -r.distributorLeadDays,
      kind: 'deadline',
      title: 'Deliver to your distributor',
      description: `Upload audio, artwork and metadata with the release date set. Distributors ask for 2-4 weeks; ${r.distributorLeadDays} days leaves time to fix a rejected upload and to pitch.`,
    },
    {
      id: 'presave',
      offsetDays: -r.preSaveDays,
      kind: 'presave',
      title: 'Launch the pre-save',
      description: 'Put the pre-save link in every bio and post it with the cover art reveal.',
    },
    {
      id: 'pitch',
      offsetDays: -r.pitchDays,
      kind: 'pitch',
      title: 'Pitch to Spotify editorial',
      description: 'In Spotify for Artists, pitch the song from Upcoming: genre, mood, instruments, the story behind it and your marketing plans.',
    },
    {
      id: 'teaser-1',
      offsetDays: -18,
      kind: 'teaser',
      title: 'Teaser 1: the hook',
      description: hook ? `A 10-15 second clip of you performing ${hook}, lyric on screen.` : 'A 10-15 second clip of the hook, lyric on screen.',
    },
    {
      id: 'teaser-2',
      offsetDays: -12,
      kind: 'teaser',
      title: 'Teaser 2: the line',
      description: second ? `Quote card or caption post: ${second}. Ask fans what they think it means.` : 'A quote card with your strongest line; ask fans what they think it means.',
    },
    {
      id: 'pitch-deadline',
      offsetDays: -r.pitchDeadlineDays,
      kind: 'deadline',
      title: 'Last day for the editorial pitch',
      description: 'Spotify needs the pitch at least 7 days before release for release-day Release Radar. Pitch today if you have not.',
    },
    {
      id: 'teaser-3',
      offsetDays: -5,
      kind: 'teaser',
      title: 'Teaser 3: behind the scenes',
      description: third ? `Studio or writing footage around ${third}, with the pre-save link.` : 'Studio or writing footage with the pre-save link.',
    },
    {
      id: 'countdown',
      offsetDays: -1,
      kind: 'teaser',
      title: 'Countdown',
      description: 'Stories countdown sticker and a "tomorrow" post; remind everyone who pre-saved.',
    },
    {
      id: 'release',
      offsetDays: 0,
      kind: 'release',
      title: `Release day: "${title}"`,
      description: 'Post on every platform, swap the pre-save link for the smart link, go live or answer comments for the first hours.',
    },
    {
      id: 'thanks',
      offsetDays: 2,
      kind: 'post-release',
      title: 'Share the reactions',
      description: 'Repost fans\u2019 stories and comments; pin the best one.',
    },
    {
      id: 'first-week',
      offsetDays: 7,
      kind: 'post-release',
      title: 'First week review',
      description: 'Read Spotify for Artists: saves, playlist adds, where listeners come from. Pitch independent curators and blogs with the numbers.',
    },
    {
      id: 'second-wave',
      offsetDays: 14,
      kind: 'post-release',
      title: 'Second wave',
      description: hook ? `A new format around ${hook}: lyric video, acoustic take or a duet challenge.` : 'A new format: lyric video, acoustic take or a duet challenge.',
    },
    {
      id: 'next-move',
      offsetDays: r.afterDays,
      kind: 'post-release',
      title: 'Next move',
      description: 'Keep what worked (the clip format, the line fans quoted) for the next single; decide its release date and start this plan again.',
    },
  ];
  if (format !== 'single') {
    const n = Math.max(2, tracks ?? DEFAULT_TRACKS[format]);
    items.push({
      id: 'focus-upload',
      offsetDays: -35 - r.distributorLeadDays,
      kind: 'deadline',
      title: 'Deliver the focus track',
      description: `The focus track goes to your distributor ${r.distributorLeadDays} days before its own release, with its own artwork, so it can be pitched like a single.`,
    });
    items.push({
      id: 'focus-track',
      offsetDays: -35,
      kind: 'release',
      title: 'Focus track out as a single',
      description: `Put out the strongest track of the ${format} on its own five weeks ahead, so listeners and editors know it before "${title}" lands; pitch it the same way.`,
    });
    // One track a week after release, each with its own clip and pitch (track 1 is the release-day focus).
    for (let k = 2; k <= Math.min(n, MAX_SPOTLIGHTS + 1); k++) {
      items.push({
        id: `track-${k}`,
        offsetDays: 4 + 7 * (k - 2),
        kind: 'post-release',
        title: `Track ${k} of ${n}: its own week`,
        description: `A clip and a lyric card from track ${k}, a story asking which track is the favourite, and a pitch of track ${k} to independent curators.`,
      });
    }
  }
  return items;
}

/** Items with their dates for a release day, in date order (ties keep their order). */
export function datedCalendar(releaseDate: string, items: readonly CalendarItem[]): DatedCalendarItem[] {
  return items
    .map((item, index) => ({ item: { ...item, date: addDays(releaseDate, item.offsetDays) }, index }))
    .sort((a, b) => a.item.offsetDays - b.item.offsetDays || a.index - b.index)
    .map((x) => x.item);
}

/** Items whose date is already past on `today`: the plan says so instead of pretending. */
export function missedItems(releaseDate: string, items: readonly CalendarItem[], today: string): CalendarItem[] {
  const daysLeft = daysBetween(today, releaseDate);
  return items.filter((i) => i.offsetDays < 0 && -i.offsetDays > daysLeft);
}
