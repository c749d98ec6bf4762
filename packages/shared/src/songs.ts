import { z } from 'zod';
import { digits, line, MAX_ID } from './text';
import { trackSchema } from './tracks';
import { REVIEW_CATEGORIES } from './review';

/**
 * Songs (issue 26): one place per song that ties its versions (uploaded tracks), lyrics (one Lyric
 * Assist document), beat, reviews, covers and marketing plan. Imported as
 * `@members-only/shared/songs` (like marketing, cover and studio), so pages that never show a song
 * do not load it.
 */
export const SONG = {
  titleMax: 200,
  artistNameMax: 100,
  genreMax: 60,
  versionLabelMax: 60,
  searchMax: 100,
  /** How many of a plan's coming dates a song page shows. */
  nextDates: 3,
} as const;

export const SONG_MESSAGES = {
  titleRequired: 'Give the song a title',
  isrcFormat: 'An ISRC has 12 characters: country (2 letters), registrant (3 letters or digits), year (2 digits) and number (5 digits), e.g. US-S1Z-99-00001',
  upcFormat: 'A UPC has 12 digits',
  upcCheckDigit: 'This UPC’s last digit does not match its check digit: check the number on your distributor’s page',
  invalidSongId: 'Invalid song ID',
  notFound: 'Song not found',
  /** An upload that names no song makes a new one; the web page says so next to the picker. */
  newSongDefault: 'A new song, named from the file',
} as const;

// ---------------------------------------------------------------- codes

/**
 * An ISRC (ISO 3901): CC-XXX-YY-NNNNN, 12 characters once the hyphens are removed: 2 letters
 * (country), 3 letters or digits (registrant), 2 digits (year of reference), 5 digits
 * (designation). Spaces and hyphens are allowed where they usually stand; stored without them,
 * in capitals.
 */
const ISRC = /^[A-Z]{2}[A-Z0-9]{3}[0-9]{2}[0-9]{5}$/;
export function normalizeIsrc(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
export function isValidIsrc(value: string): boolean {
  return ISRC.test(normalizeIsrc(value));
}
/** "USS1Z9900001" → "US-S1Z-99-00001" (how it is printed). */
export function formatIsrc(value: string): string {
  const v = normalizeIsrc(value);
  return ISRC.test(v) ? `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5, 7)}-${v.slice(7)}` : value;
}

/** The GS1 check digit of the digits before it: weights 3 and 1 from the right, to the next ten. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}
/** A UPC-A: 12 digits, the last the GS1 check digit of the first 11. Spaces and hyphens allowed. */
export function normalizeUpc(value: string): string {
  return value.replace(/[\s-]/g, '');
}
export function isValidUpc(value: string): boolean {
  const v = normalizeUpc(value);
  return /^[0-9]{12}$/.test(v) && gs1CheckDigit(v.slice(0, 11)) === Number(v[11]);
}

const isrcSchema = line('ISRC')
  .max(20, SONG_MESSAGES.isrcFormat)
  .refine(isValidIsrc, SONG_MESSAGES.isrcFormat)
  .transform(normalizeIsrc);
const upcSchema = line('UPC')
  .max(20, SONG_MESSAGES.upcFormat)
  .refine((s) => /^[0-9]{12}$/.test(normalizeUpc(s)), SONG_MESSAGES.upcFormat)
  .refine(isValidUpc, SONG_MESSAGES.upcCheckDigit)
  .transform(normalizeUpc);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const releaseDateSchema = z.string().refine(realDate, 'Enter a date as YYYY-MM-DD');

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
/** A song id in a JSON body (coverarts, marketing, review, studio). */
export const songIdBodySchema = bodyId(SONG_MESSAGES.invalidSongId);

// ---------------------------------------------------------------- requests

const titleSchema = line('Title').min(1, SONG_MESSAGES.titleRequired).max(SONG.titleMax, `The title must be at most ${SONG.titleMax} characters`);
const artistNameSchema = line('Artist name').max(SONG.artistNameMax, `The artist name must be at most ${SONG.artistNameMax} characters`);
const genreSchema = line('Genre').max(SONG.genreMax, `The genre must be at most ${SONG.genreMax} characters`);
export const versionLabelSchema = line('Version name')
  .min(1, 'Give the version a name')
  .max(SONG.versionLabelMax, `A version name must be at most ${SONG.versionLabelMax} characters`);

/** POST /api/songs. An empty artist name or genre is stored as none. */
export const createSongSchema = z.object({
  title: titleSchema,
  artistName: artistNameSchema.optional(),
  explicit: z.boolean().optional(),
  genre: genreSchema.optional(),
  releaseDate: releaseDateSchema.optional(),
  isrc: isrcSchema.optional(),
  upc: upcSchema.optional(),
});
export type CreateSongInput = z.input<typeof createSongSchema>;

/**
 * PATCH /api/songs/:id: any of the fields; null clears an optional one. `lyricsId` links a Lyric
 * Assist conversation (the artist's own, category lyrics), `beatId` a Studio beat of theirs.
 */
export const updateSongSchema = z
  .object({
    title: titleSchema,
    artistName: artistNameSchema.nullable(),
    explicit: z.boolean(),
    genre: genreSchema.nullable(),
    releaseDate: releaseDateSchema.nullable(),
    isrc: isrcSchema.nullable(),
    upc: upcSchema.nullable(),
    lyricsId: bodyId('Invalid lyrics document').nullable(),
    beatId: bodyId('Invalid beat ID').nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateSongInput = z.input<typeof updateSongSchema>;

/** PATCH /api/songs/:id/versions/:trackId: renames a version ("v2" → "Radio mix"). */
export const updateSongVersionSchema = z.object({ label: versionLabelSchema });
export type UpdateSongVersionInput = z.infer<typeof updateSongVersionSchema>;

export const songIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/, SONG_MESSAGES.invalidSongId).refine((s) => Number(s) <= MAX_ID, SONG_MESSAGES.invalidSongId).transform(Number) });
export const songVersionParamsSchema = songIdParamsSchema.extend({
  trackId: z.string().regex(/^[1-9][0-9]{0,9}$/, 'Invalid track ID').refine((s) => Number(s) <= MAX_ID, 'Invalid track ID').transform(Number),
});

/** GET /api/songs: newest first (last changed), paginated like the other lists; `q` searches titles and artist names. */
export const songListQuerySchema = z.object({
  limit: digits(1, 200).default(50),
  offset: digits(0, 1_000_000).default(0),
  q: line('Search').max(SONG.searchMax, `Search at most ${SONG.searchMax} characters`).optional(),
});
export type SongListQuery = z.input<typeof songListQuerySchema>;

// ---------------------------------------------------------------- responses

export const songSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The artist as credited (null: the account's username stands in on covers and plans). */
  artistName: z.string().nullable(),
  explicit: z.boolean(),
  genre: z.string().nullable(),
  /** YYYY-MM-DD */
  releaseDate: z.string().nullable(),
  /** 12 characters, no hyphens (formatIsrc prints it). */
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Song = z.infer<typeof songSchema>;

/** A version in a list: enough to show "v3 · 3:05 · −9.1 LUFS". */
export const songVersionSummarySchema = z.object({
  trackId: z.number().int(),
  label: z.string(),
  originalName: z.string(),
  duration: z.number().nullable(),
  lufs: z.number().nullable(),
  analysisStatus: z.enum(['pending', 'processing', 'done', 'failed']),
  createdAt: z.string(),
});
export type SongVersionSummary = z.infer<typeof songVersionSummarySchema>;

/** What is done for a song (the list's badges). */
export const songProgressSchema = z.object({
  lyrics: z.boolean(),
  review: z.boolean(),
  cover: z.boolean(),
  plan: z.boolean(),
});
export type SongProgress = z.infer<typeof songProgressSchema>;

export const songListItemSchema = songSchema.extend({
  /** The newest cover's small image (an owner-only URL), or null. */
  coverThumbnail: z.string().nullable(),
  latestVersion: songVersionSummarySchema.nullable(),
  versionCount: z.number().int(),
  done: songProgressSchema,
});
export type SongListItem = z.infer<typeof songListItemSchema>;
export const songListSchema = z.array(songListItemSchema);

/** What changed since the version before (the comparison Song Review computes), as Markdown bullet lines. */
export const versionComparisonSchema = z.object({
  previousTrackId: z.number().int(),
  previousLabel: z.string(),
  lines: z.array(z.string()),
});
export type VersionComparison = z.infer<typeof versionComparisonSchema>;

export const songVersionSchema = z.object({
  label: z.string(),
  /** The track as GET /api/tracks/:id presents it (waveform and loudness curve included). */
  track: trackSchema,
  /** null for the first version. */
  comparison: versionComparisonSchema.nullable(),
});
export type SongVersion = z.infer<typeof songVersionSchema>;

export const songReviewSchema = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  versionLabel: z.string(),
  rating: z.number().nullable(),
  scores: z.record(z.enum(REVIEW_CATEGORIES), z.number().int().min(0).max(10).nullable()),
  engine: z.string().nullable(),
  reviewText: z.string(),
  createdAt: z.string(),
});
export type SongReview = z.infer<typeof songReviewSchema>;

export const songCoverSchema = z.object({
  id: z.number().int(),
  trackId: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  style: z.string(),
  engine: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  createdAt: z.string(),
});
export type SongCover = z.infer<typeof songCoverSchema>;

export const songPlanDateSchema = z.object({ date: z.string(), title: z.string(), kind: z.string() });
export const songPlanSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  title: z.string(),
  releaseDate: z.string(),
  engine: z.string(),
  createdAt: z.string(),
  /** The plan's calendar steps from today on, soonest first (at most SONG.nextDates). */
  nextDates: z.array(songPlanDateSchema),
});
export type SongPlan = z.infer<typeof songPlanSchema>;

export const songDetailSchema = songSchema.extend({
  /** Newest first. */
  versions: z.array(songVersionSchema),
  /** The Lyric Assist conversation holding the song's lyrics, or null. */
  lyricsId: z.number().int().nullable(),
  /** The lyrics as tools use them: the Lyric Assist notepad, else the newest version's transcription. */
  lyrics: z.string().nullable(),
  lyricsSource: z.enum(['lyric-assist', 'transcription']).nullable(),
  beatId: z.number().int().nullable(),
  /** Newest first, every version's. */
  reviews: z.array(songReviewSchema),
  /** Newest first. */
  covers: z.array(songCoverSchema),
  /** The newest plan for this song, or null. */
  plan: songPlanSchema.nullable(),
  done: songProgressSchema,
});
export type SongDetail = z.infer<typeof songDetailSchema>;

/**
 * POST /api/tracks/upload's optional form fields (sent BEFORE the file part "audioFile", so the
 * server reads them first): `songId` adds the upload as the song's next version; without it a new
 * song is made, named from the file (its title), and the answer's `track.songId` names it.
 * `versionLabel` names the version (default "v<n>").
 */
export const uploadSongFieldsSchema = z.object({
  songId: z.string().regex(/^[1-9][0-9]{0,9}$/, SONG_MESSAGES.invalidSongId).refine((s) => Number(s) <= MAX_ID, SONG_MESSAGES.invalidSongId).transform(Number).optional(),
  versionLabel: versionLabelSchema.optional(),
});
export type UploadSongFields = z.input<typeof uploadSongFieldsSchema>;
