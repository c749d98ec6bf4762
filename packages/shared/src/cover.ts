import { z } from 'zod';
import { line, MAX_ID, text } from './text';

/** Cover Art (spec §2, §3, §4, §5, §8, §9; issue 12). */
export const COVER = {
  /** The master distributors want. */
  size: 3000,
  titleMax: 100,
  promptMax: 2_000,
  conceptMax: 2_000,
  artistMax: 60,
  /** Spec §4: the track is polled every 3 s while it is analysed, for at most 30 s. */
  trackPollMs: 3_000,
  trackPollLimitMs: 30_000,
  /** Spec §2: what the page says generation takes. */
  generationHint: 'Generation takes about 15-30 seconds.',
  downloadName: 'album-cover.png',
  /** A distributor master over this is refused by some stores (JPEG download stays under it). */
  maxFileBytes: 10 * 1024 * 1024,
} as const;

/** The six styles of 'Try Different Style' (spec §9), in the spec's order and words, then the typographic and abstract three (ADR 042). */
export const COVER_STYLES = ['modern-minimalist', 'vibrant-colourful', 'dark-moody', 'vintage-90s', 'luxury-opulent', 'street-art', 'swiss-typographic', 'duotone-mesh', 'grain-blur'] as const;
export const coverStyleSchema = z.enum(COVER_STYLES);
export type CoverStyle = z.infer<typeof coverStyleSchema>;
export const COVER_STYLE_LABELS: Record<CoverStyle, string> = {
  'modern-minimalist': 'modern minimalist',
  'vibrant-colourful': 'vibrant colourful',
  'dark-moody': 'dark and moody',
  'vintage-90s': 'vintage 90s',
  'luxury-opulent': 'luxury opulent',
  'street-art': 'street art',
  'swiss-typographic': 'Swiss typographic',
  'duotone-mesh': 'duotone gradient',
  'grain-blur': 'grain and blur',
};

/** Who writes a cover's concept without a text model (shown with the concept and on the admin Services tab). */
export const BUILT_IN_COVER_CONCEPT = 'Built-in cover concept';

/** Texts and toasts of the page (spec §2, §5, §8). */
export const COVER_MESSAGES = {
  /** The heading: 'AI' only when an image model draws the covers (issue 24). */
  pageTitle: 'Cover Art',
  pageTitleWithModel: 'AI Cover Art Generator',
  analyzing: 'Analyzing your song...',
  analysisComplete: 'Analysis Complete',
  generate: 'Generate Cover Art',
  applyChanges: 'Apply Changes',
  tryDifferentStyle: 'Try Different Style',
  download: 'Download',
  uploadDifferent: 'Upload a different track',
  /** The badge and caption of a built-in cover; a model's cover names the model. */
  drawnBuiltIn: 'Drawn by the built-in cover renderer',
  madeByModel: (model: string) => `Made by the image model ${model}`,
  uploadToastTitle: 'Track Uploaded',
  uploadToast: 'Your audio is being analyzed for cover art creation',
  noTranscription: 'Error: The lyrics of this track are not ready yet. Please wait a moment.',
  invalidTrackId: 'Invalid track ID',
  failed: 'Failed to generate cover art. Please try again later.',
  successTitle: 'Success',
  success: 'Your cover art has been generated!',
  newStyleTitle: 'New Style',
  newStyle: (style: string) => `Generated a ${style} version of your cover.`,
  changesApplied: 'Your changes have been applied.',
  /** After an edit: the words the built-in renderer had nothing for (issue 28). */
  unusedWords: (words: readonly string[] | string) => {
    const list = typeof words === 'string' ? [words] : words;
    return `Not used: ${list.map((w) => `"${w}"`).join(', ')}. The built-in renderer has no drawing, colour or placement for ${list.length === 1 ? 'that word' : 'those words'}; try another word (e.g. crown, rain, ledger numbers, gold, title at the top).`;
  },
  noUrlsInTitle: 'A cover title cannot hold a web address or a social handle: stores refuse covers that show them.',
} as const;

/** A web address or a social handle: stores refuse covers that show one. */
export const URL_OR_HANDLE = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|co|me|app|fm|tv)\b|(^|\s)@[a-z0-9_.]{2,})/i;

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const noLinks = (s: string) => !URL_OR_HANDLE.test(s);

/** POST /api/coverarts/concept: a concept for a track's lyrics (the model's, the built-in engine's, or the fixed fallback). */
export const coverConceptRequestSchema = z.object({
  trackId: bodyId('Invalid track ID'),
  direction: text().trim().max(COVER.promptMax).optional(),
});
export type CoverConceptRequest = z.infer<typeof coverConceptRequestSchema>;

export const coverConceptSchema = z.object({
  concept: z.string(),
  /** 'model', 'built-in', or 'fallback' when the model failed and the spec's fixed concept stands in. */
  kind: z.enum(['model', 'built-in', 'fallback']),
  engine: z.string(),
  /** The lyrics hold explicit words: the Parental Advisory box starts ticked. */
  explicit: z.boolean(),
  mood: z.string(),
  /** The style that suits the mood, to start with. */
  suggestedStyle: coverStyleSchema,
  imagery: z.array(z.string()),
});
export type CoverConceptResult = z.infer<typeof coverConceptSchema>;

/**
 * POST /api/coverarts (spec §7: `{ prompt }` answers `{ imageUrl }`). `prompt` is the artist's
 * words for this version: the direction (or the concept) for a new cover, the instruction for an
 * edit. A restyle or edit names the version it starts from (`parentId`) and keeps what it does
 * not change.
 */
export const createCoverArtSchema = z
  .object({
    prompt: text().trim().min(1, 'Describe the cover').max(COVER.promptMax),
    mode: z.enum(['new', 'restyle', 'edit']).default('new'),
    trackId: bodyId('Invalid track ID').optional(),
    /** The song (issue 26): without a trackId its newest version, without a title its title, without an artist its credited artist. */
    songId: bodyId('Invalid song ID').optional(),
    conversationId: bodyId('Invalid conversation ID').optional(),
    parentId: bodyId('Invalid cover ID').optional(),
    title: line('Song title').min(1, 'Song title is required').max(COVER.titleMax).refine(noLinks, COVER_MESSAGES.noUrlsInTitle).optional(),
    artist: line('Artist name').max(COVER.artistMax).refine(noLinks, COVER_MESSAGES.noUrlsInTitle).optional(),
    concept: text().trim().max(COVER.conceptMax).optional(),
    style: coverStyleSchema.optional(),
    advisory: z.boolean().optional(),
    seed: z.number().int().min(0).max(MAX_ID).optional(),
  })
  .refine((b) => b.mode === 'new' || b.parentId !== undefined, { message: 'A restyle or edit needs the version it starts from', path: ['parentId'] });
export type CreateCoverArtInput = z.input<typeof createCoverArtSchema>;

/** GET /api/coverarts/:id/kit: the song's release date, printed on the kit's post and story. */
export const coverKitQuerySchema = z.object({
  releaseDate: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Invalid release date').optional(),
});

export const coverListQuerySchema = z.object({
  trackId: z.string().regex(/^[1-9][0-9]{0,9}$/, 'Invalid track ID').transform(Number).optional(),
  conversationId: z.string().regex(/^[1-9][0-9]{0,9}$/, 'Invalid conversation ID').transform(Number).optional(),
});

export const distributorCheckSchema = z.object({
  id: z.enum(['size', 'colour', 'format', 'file-size', 'safe-margins', 'no-links', 'advisory']),
  label: z.string(),
  /** null: this cover cannot be measured for it (a model's picture). */
  ok: z.boolean().nullable(),
  detail: z.string(),
});
export type DistributorCheck = z.infer<typeof distributorCheckSchema>;

export const coverArtSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  trackId: z.number().int().nullable(),
  /** The song it is a cover of (issue 26), or null. */
  songId: z.number().int().nullable().optional(),
  conversationId: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  artist: z.string().nullable(),
  style: coverStyleSchema,
  direction: z.string().nullable(),
  edits: z.array(z.string()),
  /** Words of the latest edit the built-in renderer could not honour (no motif, colour or placement they name): shown to the artist. */
  unusedWords: z.array(z.string()),
  concept: z.string(),
  /** The full prompt (what a model was, or would be, asked). */
  prompt: z.string(),
  advisory: z.boolean(),
  seed: z.number().int(),
  engine: z.string(),
  kind: z.enum(['model', 'built-in']),
  imageUrl: z.string(),
  downloadUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  checks: z.array(distributorCheckSchema),
  createdAt: z.string(),
});
export type CoverArt = z.infer<typeof coverArtSchema>;
export const coverArtListSchema = z.array(coverArtSchema);

