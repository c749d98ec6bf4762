import { z } from 'zod';
import { RHYME_KINDS } from './lyrics';
import type {
  LyricFeedbackResult,
  LyricMeasures,
  LyricSnippet,
  LyricSuggestionsResult,
  LyricsAnalysisResult,
  PhraseIdeasResult,
  RhymeIdeasResult,
} from './lyrics';

/**
 * Zod schemas of the Lyric Assist responses, so the web app can check what it receives. Each is
 * typed against its interface in ./lyrics: a field added there without a schema here fails to compile.
 */

const rhymeKindSchema = z.enum(RHYME_KINDS);

/** A saved snippet: GET /api/conversations/:id/lyrics (a list), POST (one). */
export const lyricSnippetSchema: z.ZodType<LyricSnippet> = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
});

export const lyricMeasuresSchema: z.ZodType<LyricMeasures> = z.object({
  bars: z.number(),
  verses: z.number(),
  words: z.number(),
  syllables: z.number(),
  syllablesPerBar: z.array(z.number()),
  meanSyllables: z.number(),
  syllableStdDev: z.number(),
  rhymeDensity: z.number(),
  rhymingSyllables: z.number(),
  endRhymeRatio: z.number(),
  perfectRhymes: z.number(),
  slantRhymes: z.number(),
  multiRhymes: z.number(),
  internalRhymes: z.number(),
  longestMulti: z.number(),
  families: z.number(),
  schemes: z.array(z.string()),
  uniqueWords: z.number(),
  vocabularyRichness: z.number(),
  barJumps: z.array(z.object({ fromBar: z.number(), toBar: z.number(), from: z.number(), to: z.number() })),
  repetitions: z.array(z.object({ word: z.string(), count: z.number() })),
  cliches: z.array(z.object({ phrase: z.string(), bar: z.number() })),
});

/** POST /api/lyrics/analyze */
export const lyricsAnalysisResultSchema: z.ZodType<LyricsAnalysisResult> = z.object({
  lines: z.array(
    z.object({
      index: z.number().int(),
      kind: z.enum(['bar', 'blank', 'header']),
      bar: z.number().int().nullable(),
      start: z.number().int(),
      end: z.number().int(),
      syllables: z.number(),
      scheme: z.string().nullable(),
    }),
  ),
  tokens: z.array(
    z.object({
      line: z.number().int(),
      start: z.number().int(),
      end: z.number().int(),
      text: z.string(),
      familyId: z.string(),
      rhyme: z.enum(['end', 'internal']),
    }),
  ),
  families: z.array(
    z.object({
      id: z.string(),
      colorIndex: z.number().int(),
      type: rhymeKindSchema,
      sound: z.string(),
      words: z.array(z.string()),
    }),
  ),
  measures: lyricMeasuresSchema,
});

/** POST /api/lyrics/suggestions */
export const lyricSuggestionsResultSchema: z.ZodType<LyricSuggestionsResult> = z.object({
  suggestions: z.array(z.string()),
  engine: z.string(),
  kind: z.enum(['model', 'rhyme-targets']),
  targets: z
    .array(
      z.object({
        text: z.string(),
        target: z.string(),
        syllables: z.number(),
        rhymes: z.array(z.string()),
        sound: z.string().optional(),
        phrases: z.array(z.string()).optional(),
        stress: z.string().optional(),
      }),
    )
    .optional(),
});

/** POST /api/lyrics/feedback */
export const lyricFeedbackResultSchema: z.ZodType<LyricFeedbackResult> = z.object({
  score: z.number(),
  feedback: z.string(),
  notes: z.array(z.string()),
  engine: z.string(),
  kind: z.enum(['model', 'engine']),
  scoreSource: z.enum(['model', 'engine']),
  engineScore: z.number(),
  measures: lyricMeasuresSchema,
});

/** GET /api/lyrics/rhymes */
const rhymeIdeaSchema = z.object({ text: z.string(), type: rhymeKindSchema, syllables: z.number(), score: z.number() });

export const rhymeIdeasResultSchema: z.ZodType<RhymeIdeasResult> = z.object({
  word: z.string(),
  ideas: z.array(rhymeIdeaSchema),
  groups: z.array(z.object({ syllables: z.number().int(), ideas: z.array(rhymeIdeaSchema) })),
  engine: z.string(),
});

/** POST /api/lyrics/phrases */
export const phraseIdeasResultSchema: z.ZodType<PhraseIdeasResult> = z.object({
  ending: z.string(),
  ideas: z.array(z.object({ text: z.string(), type: z.enum(['multi', 'perfect']), score: z.number() })),
  engine: z.string(),
});
