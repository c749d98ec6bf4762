import { z } from 'zod';
import { MAX_ID, line, text } from './text';

/** Studio (beat generator): spec §2, §3 'Studio music item', §4 Beat, §5 Beat, §8, §9 beat styles. */
export const BEAT_STYLES = ['rap', 'trap', 'pop', 'dance', 'lofi', 'drill', 'afrobeats', 'rnb', 'jersey'] as const;
export const beatStyleSchema = z.enum(BEAT_STYLES);
export type BeatStyleName = z.infer<typeof beatStyleSchema>;

/** The dropdown's labels (spec §2). */
export const BEAT_STYLE_LABELS: Record<BeatStyleName, string> = {
  rap: 'Rap/Hip-Hop',
  trap: 'Trap',
  pop: 'Pop',
  dance: 'Dance/Electronic',
  lofi: 'Lo-Fi',
  drill: 'Drill',
  afrobeats: 'Afrobeats',
  rnb: 'R&B',
  jersey: 'Jersey Club',
};

export const STUDIO = {
  conversationTitle: 'Music Studio Session',
  promptMax: 1_000,
  /** How often the page reads the library while a beat is being made. */
  pollMs: 1_000,
  /** A beat's name (its downloads are saved under it). */
  titleMax: 120,
} as const;

export const STUDIO_MESSAGES = {
  descriptionRequiredTitle: 'Description required',
  descriptionRequired: 'Please describe the beat you want to create',
  failedTitle: 'Failed to generate beat',
  failedFallback: 'Please try again later',
  success: 'Beat generated successfully!',
  playbackTitle: 'Playback Error',
  playback: 'Could not play the audio track',
  empty: 'Generate your first beat to get started',
  noDescription: 'No description',
  // Music generation (spec §8).
  rateLimited: 'Rate limit exceeded. Please try again later.',
  authFailed: 'Authentication failed. Please check your API key.',
  unavailable: 'The music service is temporarily unavailable. Please try again later.',
  keyMissing: 'The music service API key is missing or invalid. Please check your API configuration.',
  serverError: 'Server error generating music',
  noAudio: 'Invalid response from server - no audio URL returned',
  // What the music service sent back, or did (issue 24).
  stopped: 'The music service stopped the job.',
  badAudio: 'The music service sent back something that is not audio we can use. Please try again.',
  audioTooLarge: 'The music service sent back a file too large to keep. Please try again.',
  // Variations and extensions (issue 14).
  notDerivable: 'Only finished beats made by the built-in beat maker can be varied or extended.',
  tooLong: 'This beat is as long as the studio makes them (4 minutes), so it cannot be extended.',
  variationSuccess: 'Variation generated successfully!',
  extensionSuccess: 'Extended beat generated successfully!',
} as const;

/** How a beat was made from another one. */
export const BEAT_DERIVATIONS = ['variation', 'extension'] as const;
export type BeatDerivation = (typeof BEAT_DERIVATIONS)[number];

/** Who made the built-in beats (amendment C6) and who owns them. */
export const BUILT_IN_BEAT_ENGINE = 'Built-in beat engine';
/** What artists read for a beat of BUILT_IN_BEAT_ENGINE (the stored name, which the server compares). */
export const BUILT_IN_BEAT_MAKER = 'Built-in beat maker';

/** Who made a beat, in artists' words. */
export function beatMakerName(engine: string): string {
  return engine === BUILT_IN_BEAT_ENGINE ? BUILT_IN_BEAT_MAKER : engine;
}

/** POST /api/studio/generate (spec §7): prompt, model (the style), conversationId. */
export const generateBeatSchema = z.object({
  prompt: text()
    .max(STUDIO.promptMax, `Description must be at most ${STUDIO.promptMax} characters`)
    .refine((s) => s.trim().length > 0, STUDIO_MESSAGES.descriptionRequired)
    .transform((s) => s.trim()),
  model: beatStyleSchema.default('rap'),
  conversationId: z.number().int().positive().max(MAX_ID).optional(),
  /** The song this beat is made for (issue 26): once made it becomes the song's beat. */
  songId: z.number({ error: 'Invalid song ID' }).int('Invalid song ID').positive('Invalid song ID').max(MAX_ID, 'Invalid song ID').optional(),
  /** 'Generate again' sends none: the server picks a new seed. A seed repeats a built-in beat exactly. */
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
});
export type GenerateBeatInput = z.infer<typeof generateBeatSchema>;

/** PATCH /api/studio/music/:id: renames the owner's beat. */
export const renameBeatSchema = z.object({
  title: line('Title')
    .min(1, 'Please give the beat a name')
    .max(STUDIO.titleMax, `The name must be at most ${STUDIO.titleMax} characters`),
});
export type RenameBeatInput = z.infer<typeof renameBeatSchema>;

/** POST /api/studio/understand: the description as typed so far and the style chosen in the dropdown. */
export const understandBeatSchema = z.object({
  prompt: text().max(STUDIO.promptMax, `Description must be at most ${STUDIO.promptMax} characters`),
  model: beatStyleSchema.default('rap'),
});
export type UnderstandBeatInput = z.infer<typeof understandBeatSchema>;

/**
 * What the built-in beat maker takes from a description before anything is made: each setting
 * the description names (null where it names none and the beat maker chooses when it makes the
 * beat), the style's tempo range, and whether the description's style wins over the dropdown's.
 */
export const beatUnderstandingSchema = z.object({
  /** false: a hosted music model reads the description itself, and none of the below applies. */
  builtIn: z.boolean(),
  style: beatStyleSchema,
  /** The dropdown's style; differs from `style` when the description names another one. */
  chosenStyle: beatStyleSchema,
  bpm: z.number().nullable(),
  bpmRange: z.object({ min: z.number(), max: z.number() }),
  /** 'F# minor' when the description names a key; else null (the tonic is chosen when made). */
  key: z.string().nullable(),
  mode: z.enum(['major', 'minor']),
  mood: z.string().nullable(),
  /** The sounds the plan uses: keys, lead and bass. */
  instruments: z.array(z.string()),
  lengthSec: z.number().nullable(),
});
export type BeatUnderstanding = z.infer<typeof beatUnderstandingSchema>;

export const beatStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** A studio music item (spec §3: id, title, model, prompt, audioUrl) with what the engine made. */
export const studioMusicItemSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int().nullable(),
  title: z.string().nullable(),
  model: z.string(),
  prompt: z.string().nullable(),
  audioUrl: z.string().nullable(),
  status: beatStatusSchema,
  progress: z.number(),
  style: beatStyleSchema,
  bpm: z.number().nullable(),
  key: z.string().nullable(),
  durationSec: z.number().nullable(),
  seed: z.number().nullable(),
  engine: z.string(),
  /** Who owns the audio: 'yours' for built-in beats. */
  ownership: z.string(),
  error: z.string().nullable(),
  /** The stems (a ZIP of 16-bit WAVs that add up to the mix) and the MIDI file: built-in beats only. */
  stemsUrl: z.string().nullable(),
  midiUrl: z.string().nullable(),
  /** The beat this one was made from, and how ('Make a variation', 'Extend'). */
  sourceId: z.number().int().nullable(),
  derivation: z.enum(BEAT_DERIVATIONS).nullable(),
  /** Whether 'Make a variation' and 'Extend' apply (finished built-in beats). */
  derivable: z.boolean(),
  createdAt: z.string(),
});
export type StudioMusicItem = z.infer<typeof studioMusicItemSchema>;
export const studioMusicListSchema = z.array(studioMusicItemSchema);

/** The download's file name: the title or 'beat', with .mp3 (spec §2). */
export function beatFileName(title: string | null | undefined): string {
  return `${beatBaseName(title)}.mp3`;
}
/** The stems download: the title or 'beat', then ' stems.zip'. */
export function beatStemsFileName(title: string | null | undefined): string {
  return `${beatBaseName(title)} stems.zip`;
}
/** The MIDI download: the title or 'beat', with .mid. */
export function beatMidiFileName(title: string | null | undefined): string {
  return `${beatBaseName(title)}.mid`;
}
function beatBaseName(title: string | null | undefined): string {
  const base = (title ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim();
  return base || 'beat';
}
