import { z } from 'zod';
import { MAX_ID, idString, line } from './text';

/**
 * The Booth (issue 29): takes recorded over a song's beat, comped and mixed into a new version.
 * Imported as `@members-only/shared/booth`. The contract is /work/wt/booth-api.md (ADR 047).
 *
 * Changes (booth-server):
 * - 21:58 UTC: `BOOTH.maxTakeBytes` is the upload limit (MAX_UPLOAD_MB, 50 MB by default), not
 *   57.6 MB; the 413's message says the installation's limit.
 * - 21:58 UTC: the 409 for a wrong offset carries `receivedBytes` (added to `apiErrorSchema`);
 *   `GET /api/jobs/:id` answers `result: { trackId }` once a mixdown is done (added to `jobSchema`).
 * - 21:58 UTC: a mixdown spends the `beat` quota (no new kind: a mix is music made for the song).
 */
export const BOOTH = {
  /** A take's name. */
  nameMax: 80,
  /** Sample rates a take may be recorded at (what browsers' AudioContexts report). */
  sampleRates: [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000, 88200, 96000] as const,
  /**
   * Largest take by default: the upload limit (MAX_UPLOAD_MB, 50 MB: about 9 minutes of 16-bit mono
   * at 48 kHz). The server's own limit is in its 413 message (an installation may set another).
   */
  maxTakeBytes: 50 * 1024 * 1024,
  /** Where in the beat a take may start (ms). */
  maxStartMs: 30 * 60 * 1000,
  /** The latency a client may say it compensated (ms). */
  maxLatencyMs: 5_000,
  /** Bars in a punch-in or comp range. */
  maxBar: 10_000,
  /** The beat ducked under the vocal, in dB (0 = not at all). */
  maxDuckDb: 6,
  defaultDuckDb: 2,
  /** Takes in one mixdown. */
  maxMixTakes: 32,
  /** Incomplete takes older than this are removed by the cleanup job. */
  incompleteTtlMs: 24 * 60 * 60 * 1000,
} as const;

export const BOOTH_MESSAGES = {
  takeNotFound: 'Take not found',
  invalidTakeId: 'Invalid take ID',
  wrongOffset: 'This chunk does not start where the take stopped: resume from receivedBytes',
  takeComplete: 'This take is already complete',
  takeTooLarge: `A take can be at most ${BOOTH.maxTakeBytes / (1024 * 1024)} MB (about 9 minutes at 48 kHz)`,
  oddChunk: 'A chunk must hold whole 16-bit samples (an even number of bytes)',
  emptyTake: 'The take holds no audio',
  notWav: 'A whole take must be a WAV file (PCM 16/24-bit or 32-bit float)',
  noBacking: 'Attach a beat or upload a version of this song before recording',
  noTakes: 'Choose at least one take to mix',
  incompleteTake: 'A take in the mix has not finished uploading',
  barsOutside: 'The bars are outside the beat',
  barOrder: 'The first bar must not come after the last',
  notAMix: 'This track was not made by a mixdown',
} as const;

const intField = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};

/**
 * POST /api/songs/:id/takes multipart fields (sent BEFORE the file part `audioFile`). Without
 * `takeId` the request starts a take (name, sampleRate, startMs, fromBar/toBar, latencyMs apply);
 * with it, it appends a chunk at `offset`. `final: 'true'` closes the take.
 */
export const takeUploadFieldsSchema = z
  .object({
    takeId: idString(BOOTH_MESSAGES.invalidTakeId).optional(),
    offset: intField('offset', 0, 1_000_000_000).optional(),
    final: z.enum(['true', 'false'], { error: 'final must be "true" or "false"' }).optional(),
    name: line('Take name').min(1, 'Give the take a name').max(BOOTH.nameMax, `A take name must be at most ${BOOTH.nameMax} characters`).optional(),
    sampleRate: intField('sampleRate', 8000, 96_000)
      .refine((n) => (BOOTH.sampleRates as readonly number[]).includes(n), `sampleRate must be one of ${BOOTH.sampleRates.join(', ')}`)
      .optional(),
    startMs: intField('startMs', 0, BOOTH.maxStartMs).optional(),
    fromBar: intField('fromBar', 1, BOOTH.maxBar).optional(),
    toBar: intField('toBar', 1, BOOTH.maxBar).optional(),
    latencyMs: intField('latencyMs', 0, BOOTH.maxLatencyMs).optional(),
  })
  .refine((f) => f.fromBar === undefined || f.toBar === undefined || f.fromBar <= f.toBar, { message: BOOTH_MESSAGES.barOrder, path: ['toBar'] });
export type TakeUploadFields = z.input<typeof takeUploadFieldsSchema>;

export const takeParamsSchema = z.object({
  id: idString('Invalid song ID'),
  takeId: idString(BOOTH_MESSAGES.invalidTakeId),
});

/** PATCH /api/songs/:id/takes/:takeId */
export const updateTakeSchema = z
  .object({
    name: line('Take name').min(1, 'Give the take a name').max(BOOTH.nameMax, `A take name must be at most ${BOOTH.nameMax} characters`),
    startMs: z.number({ error: 'startMs must be a number of milliseconds' }).int('startMs must be whole milliseconds').min(0, 'startMs cannot be negative').max(BOOTH.maxStartMs, 'startMs is too far into the beat'),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateTakeInput = z.input<typeof updateTakeSchema>;

export const takeSchema = z.object({
  id: z.number().int(),
  songId: z.number().int(),
  name: z.string(),
  sampleRate: z.number().int(),
  /** Where the take's first sample belongs in the backing (ms, latency already compensated). */
  startMs: z.number().int(),
  /** The punch-in range it was recorded for (1-based bars, inclusive), or null. */
  fromBar: z.number().int().nullable(),
  toBar: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Bytes of 16-bit PCM held so far (where the next chunk starts). */
  receivedBytes: z.number().int(),
  durationMs: z.number().int(),
  complete: z.boolean(),
  createdAt: z.string(),
});
export type Take = z.infer<typeof takeSchema>;
export const takeListSchema = z.object({ takes: z.array(takeSchema) });
export type TakeList = z.infer<typeof takeListSchema>;
/** 409 when a chunk's offset is not what the server holds. */
export const takeOffsetConflictSchema = z.object({ message: z.string(), receivedBytes: z.number().int() });

// ---------------------------------------------------------------- booth

export const boothBackingSchema = z.object({
  kind: z.enum(['beat', 'version']),
  /** The beat's id (kind beat) or the track's (kind version). */
  id: z.number().int(),
  title: z.string(),
  audioUrl: z.string(),
  durationMs: z.number().int(),
  bpm: z.number(),
  key: z.string().nullable(),
  firstDownbeatMs: z.number(),
  /** Whole or partial 4/4 bars in the backing (ceil). */
  bars: z.number().int(),
});
export type BoothBacking = z.infer<typeof boothBackingSchema>;

export const boothSchema = z.object({
  song: z.object({ id: z.number().int(), title: z.string(), lyrics: z.string().nullable() }),
  backing: boothBackingSchema.nullable(),
});
export type Booth = z.infer<typeof boothSchema>;

// ---------------------------------------------------------------- mixdown

const level = (label: string) =>
  z.number({ error: `${label} must be a number from 0 to 10` }).min(0, `${label} must be from 0 to 10`).max(10, `${label} must be from 0 to 10`);

/** The vocal chain in plain words. */
export const vocalSettingsSchema = z
  .object({
    /** High-pass ~80 Hz and a noise gate. */
    cleanup: z.boolean({ error: 'cleanup must be true or false' }),
    /** A peaking EQ around 3–5 kHz. */
    presence: level('presence'),
    /** Compression. */
    evenness: level('evenness'),
    /** A split-band compressor 5–9 kHz. */
    deess: level('deess'),
    /** A reverb/delay send. */
    space: level('space'),
  })
  .strict();
export type VocalSettings = z.infer<typeof vocalSettingsSchema>;
export const DEFAULT_VOCAL_SETTINGS: VocalSettings = { cleanup: true, presence: 4, evenness: 5, deess: 3, space: 3 };

const barNumber = (label: string) =>
  z.number({ error: `${label} must be a bar number` }).int(`${label} must be a whole bar number`).min(1, `${label} must be 1 or more`).max(BOOTH.maxBar, `${label} is past the end`);

export const mixTakeSchema = z
  .object({
    takeId: z.number({ error: BOOTH_MESSAGES.invalidTakeId }).int(BOOTH_MESSAGES.invalidTakeId).positive(BOOTH_MESSAGES.invalidTakeId).max(MAX_ID, BOOTH_MESSAGES.invalidTakeId),
    fromBar: barNumber('fromBar').optional(),
    toBar: barNumber('toBar').optional(),
  })
  .strict()
  .refine((t) => t.fromBar === undefined || t.toBar === undefined || t.fromBar <= t.toBar, { message: BOOTH_MESSAGES.barOrder, path: ['toBar'] });
export type MixTake = z.infer<typeof mixTakeSchema>;

/** POST /api/songs/:id/mixdown → 202 { jobId }. Later takes in the list win where ranges overlap. */
export const mixdownSchema = z
  .object({
    takes: z.array(mixTakeSchema, { error: BOOTH_MESSAGES.noTakes }).min(1, BOOTH_MESSAGES.noTakes).max(BOOTH.maxMixTakes, `At most ${BOOTH.maxMixTakes} takes in a mix`),
    vocal: vocalSettingsSchema,
    beatDuckDb: z.number({ error: `beatDuckDb must be a number from 0 to ${BOOTH.maxDuckDb}` }).min(0, `beatDuckDb must be from 0 to ${BOOTH.maxDuckDb}`).max(BOOTH.maxDuckDb, `beatDuckDb must be from 0 to ${BOOTH.maxDuckDb}`).optional(),
  })
  .strict();
export type MixdownInput = z.input<typeof mixdownSchema>;
export const mixdownAcceptedSchema = z.object({ jobId: z.number().int() });

/** The settings saved with a mix (beatDuckDb filled in). */
export const mixSettingsSchema = z.object({ vocal: vocalSettingsSchema, beatDuckDb: z.number() });
export type MixSettings = z.infer<typeof mixSettingsSchema>;

export const mixSchema = z.object({
  trackId: z.number().int(),
  settings: mixSettingsSchema,
  takes: z.array(z.object({ takeId: z.number().int(), fromBar: z.number().int().nullable(), toBar: z.number().int().nullable() })),
  createdAt: z.string(),
});
export type Mix = z.infer<typeof mixSchema>;
export const mixListSchema = z.object({ mixes: z.array(mixSchema) });
export type MixList = z.infer<typeof mixListSchema>;

/** The job's result when done (GET /api/jobs/:id → result). */
export const mixdownResultSchema = z.object({ trackId: z.number().int(), songId: z.number().int() });

/** Bars of 4/4 at `bpm` after `firstDownbeatMs` in `durationMs` (ceil; at least 1). */
export function barCount(durationMs: number, bpm: number, firstDownbeatMs = 0): number {
  const barMs = (4 * 60_000) / bpm;
  return Math.max(1, Math.ceil((durationMs - firstDownbeatMs) / barMs - 1e-6));
}
/** Where bar `n` (1-based) starts, in ms. */
export function barStartMs(bar: number, bpm: number, firstDownbeatMs = 0): number {
  return firstDownbeatMs + ((bar - 1) * 4 * 60_000) / bpm;
}
