import { z } from 'zod';
import { digits, line, text } from './text';

/** Lyric Assist constants (spec §9) shared by the server and the notepad. */
export const LYRICS = {
  /** Longest lyric text the server accepts (a snippet, or text to analyse). */
  textMax: 20_000,
  /** Typing pause before suggestions and feedback are fetched. */
  debounceMs: 1_000,
  /** Live highlighting waits only this long after a keystroke. */
  highlightDebounceMs: 200,
  /** After choosing a suggestion, suggestions refresh after this delay. */
  suggestionRefreshMs: 600,
  suggestionCount: 4,
  scoreMin: 1,
  scoreMax: 10,
  /** Feedback needs at least this many non-empty lines. */
  feedbackMinLines: 2,
  /** Up to this many lines, the model gets the shorter feedback prompt. */
  shortFeedbackMaxLines: 3,
  rhymeIdeasLimit: 24,
  rhymeWordMax: 64,
  /** Phrase ideas per request, and the longest line they are asked for. */
  phraseIdeasLimit: 12,
  phraseLineMax: 300,
  /** A saved lyric's name: its first line, cut to this many characters. */
  titleFromLineMax: 60,
} as const;

/** The name the UI shows for results of the built-in engine (amendment C6). */
/** Artist-facing, so not 'engine' (issue 24); only the constant's name keeps the technical word. */
export const BUILT_IN_RHYME_ENGINE = 'Built-in rhyme finder';

/**
 * 20000 as "20,000", what `toLocaleString('en-US')` writes, without it: the first call loads
 * Intl's number formatting (some 10-20 ms), and this message is built when the server starts (issue 31).
 */
const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

export const LYRICS_MESSAGES = {
  noLyricsForSuggestions: 'Please write some lyrics first before generating suggestions.',
  feedbackNeedsLines: 'Write at least 2 lines to get instant feedback on your lyrics',
  emptySnippet: 'Lyrics cannot be empty',
  noLineForPhrases: 'Give a line or a few words to find phrases for',
  tooLong: `Lyrics must be at most ${withThousands(LYRICS.textMax)} characters`,
} as const;

// ---------------------------------------------------------------- pure helpers

/** The lines of a text that hold something other than whitespace. */
export function nonEmptyLines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

export const countNonEmptyLines = (text: string): number => nonEmptyLines(text).length;

const BULLET = /^\s*(?:[-*]\s+|•\s*)(.*)$/;
const WRAPPING_QUOTES = /^(["“”'‘’])(.*)\1$|^“(.*)”$/;

function cleanLine(line: string): string {
  const trimmed = line.trim();
  const quoted = WRAPPING_QUOTES.exec(trimmed);
  return (quoted ? (quoted[2] ?? quoted[3] ?? '') : trimmed).trim();
}

/**
 * Next-line suggestions from a model's reply (spec §5): lines starting with `*`, `-` or `•` are
 * kept with the marker removed; when there are none, the first non-empty lines. At most `count`.
 * A marker needs a space after it (`* `, `- `), so Markdown bold (`**Hook**`) is not a bullet.
 * Quotes wrapped around a whole line are dropped.
 */
export function parseSuggestions(reply: string, count: number = LYRICS.suggestionCount): string[] {
  const lines = reply.split(/\r?\n/);
  const bullets = lines
    .map((line) => BULLET.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => cleanLine(m[1] ?? ''))
    .filter(Boolean);
  const picked = bullets.length ? bullets : lines.map(cleanLine).filter(Boolean);
  return picked.slice(0, Math.max(0, count));
}

// "Rating: 8/10", "**Rating:** 7", "rating - 9 / 10", "Overall rating: 6.5/10"
const RATING = /\brating\b[\s:*_=~\-–—([]*(\d+(?:[.,]\d+)?)(?:\s*\/\s*10\b)?/gi;

/**
 * The score in a model's feedback (spec §5): the number after the word 'rating'
 * (case-insensitive, an optional '/10' after it), capped at 10 and at least 1,
 * to one decimal place. Null when there is no such number.
 */
export function parseRating(reply: string): number | null {
  for (const match of reply.matchAll(RATING)) {
    const value = Number((match[1] ?? '').replace(',', '.'));
    if (!Number.isFinite(value)) continue;
    const clamped = Math.min(LYRICS.scoreMax, Math.max(LYRICS.scoreMin, value));
    return Math.round(clamped * 10) / 10;
  }
  return null;
}

/** Drops lines that hold nothing but the rating, since the score badge shows it. */
export function withoutRatingLine(reply: string): string {
  const kept = reply
    .split(/\r?\n/)
    .filter((line) => !/^[\s*_#>-]*(?:overall\s+)?rating\b[\s:*_=~\-–—]*\d+(?:[.,]\d+)?\s*(?:\/\s*10)?[\s*_.!]*$/i.test(line));
  return kept.join('\n').trim();
}

/** Spec §2: the score badge is 'default' above 7, 'secondary' above 4, otherwise 'outline'. */
export function scoreBadgeVariant(score: number): 'default' | 'secondary' | 'outline' {
  if (score > 7) return 'default';
  if (score > 4) return 'secondary';
  return 'outline';
}

/** Saved snippets as one text: ordered by position (then id), separated by blank lines (spec §4). */
export function joinSnippets(snippets: ReadonlyArray<Pick<LyricSnippet, 'id' | 'content' | 'position'>>): string {
  return [...snippets]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((s) => s.content)
    .join('\n\n');
}

/**
 * The name a saved lyric gets: its first line that is a bar (not blank, not a "[Hook]" header),
 * with spacing tidied, cut at a word to at most LYRICS.titleFromLineMax characters; null when the
 * text has no such line.
 */
export function lyricTitleFromText(text: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    const l = raw.replace(/\s+/g, ' ').trim();
    if (!l || /^[[({].*[\])}]\s*:?$/.test(l)) continue;
    if (l.length <= LYRICS.titleFromLineMax) return l;
    const cut = l.slice(0, LYRICS.titleFromLineMax - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
  }
  return null;
}

// ---------------------------------------------------------------- requests

const lyricText = text({ error: 'Send the lyrics as text' }).max(LYRICS.textMax, LYRICS_MESSAGES.tooLong);

/** POST /api/conversations/:id/lyrics */
export const createLyricSnippetSchema = z.object({
  content: lyricText.refine((s) => s.trim().length > 0, LYRICS_MESSAGES.emptySnippet),
  position: z
    .number({ error: 'Position must be a whole number of 0 or more' })
    .int('Position must be a whole number of 0 or more')
    .min(0, 'Position must be a whole number of 0 or more')
    .max(2_147_483_647, 'Position is too large'),
});
export type CreateLyricSnippetInput = z.infer<typeof createLyricSnippetSchema>;

/** POST /api/lyrics/analyze: blank text is fine (an empty analysis). */
export const analyzeLyricsSchema = z.object({ text: lyricText });

/** POST /api/lyrics/suggestions */
export const lyricSuggestionsSchema = z.object({
  text: lyricText.refine((s) => s.trim().length > 0, LYRICS_MESSAGES.noLyricsForSuggestions),
});

/** POST /api/lyrics/feedback */
export const lyricFeedbackSchema = z.object({
  text: lyricText.refine((s) => countNonEmptyLines(s) >= LYRICS.feedbackMinLines, LYRICS_MESSAGES.feedbackNeedsLines),
  /** true: the built-in engine's feedback even with a model (what opening a saved lyric shows; spends nothing). */
  builtIn: z.boolean({ error: 'builtIn must be true or false' }).optional(),
});

/** POST /api/lyrics/phrases: a line (or its last words) to find phrase ideas for. */
export const lyricPhrasesSchema = z.object({
  text: line('The line', { error: 'Give a line or a few words to find phrases for' })
    .refine((s) => s.trim().length > 0, LYRICS_MESSAGES.noLineForPhrases)
    .pipe(z.string().max(LYRICS.phraseLineMax, `A line of at most ${LYRICS.phraseLineMax} characters`)),
});

/** GET /api/lyrics/rhymes?word=&syllables= */
export const rhymeIdeasQuerySchema = z.object({
  word: line('The word', { error: 'Give a word to rhyme with' })
    .min(1, 'Give a word to rhyme with')
    .max(LYRICS.rhymeWordMax, `A word or phrase of at most ${LYRICS.rhymeWordMax} characters`),
  syllables: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    digits(1, 8, 'Syllables must be a whole number from 1 to 8').optional(),
  ),
});

// ---------------------------------------------------------------- responses

export interface LyricSnippet {
  id: number;
  conversationId: number;
  userId: number;
  content: string;
  position: number;
  createdAt: string;
}

/** The kinds of rhyme the lyric engine tells apart (its `FamilyType`; apps/server/test/vocabularies.test.ts keeps the two equal). */
export const RHYME_KINDS = ['perfect', 'slant', 'multi'] as const;
export type RhymeKind = (typeof RHYME_KINDS)[number];
export type RhymeRole = 'end' | 'internal';

/** The engine's measures of a text (syllables, rhyme and vocabulary), rounded for display. */
export interface LyricMeasures {
  bars: number;
  verses: number;
  words: number;
  syllables: number;
  syllablesPerBar: number[];
  meanSyllables: number;
  syllableStdDev: number;
  /** Share of syllables that rhyme (0..1). */
  rhymeDensity: number;
  rhymingSyllables: number;
  /** Share of bar endings that rhyme with another ending in the verse (0..1). */
  endRhymeRatio: number;
  perfectRhymes: number;
  slantRhymes: number;
  multiRhymes: number;
  internalRhymes: number;
  longestMulti: number;
  families: number;
  /** Scheme per verse, e.g. ["AABB"]. */
  schemes: string[];
  uniqueWords: number;
  vocabularyRichness: number;
  barJumps: Array<{ fromBar: number; toBar: number; from: number; to: number }>;
  repetitions: Array<{ word: string; count: number }>;
  cliches: Array<{ phrase: string; bar: number }>;
}

export interface AnalyzedLine {
  index: number;
  kind: 'bar' | 'blank' | 'header';
  /** 1-based bar number; null unless kind is 'bar'. */
  bar: number | null;
  start: number;
  end: number;
  syllables: number;
  /** Scheme letter within its verse; null unless kind is 'bar'. */
  scheme: string | null;
}

/** A word that rhymes with something nearby (non-rhyming words are left out). */
export interface AnalyzedToken {
  line: number;
  /** UTF-16 offsets into the analysed text: text.slice(start, end) === token.text. */
  start: number;
  end: number;
  text: string;
  familyId: string;
  rhyme: RhymeRole;
}

export interface AnalyzedFamily {
  id: string;
  /** 0.. in order of first appearance; the UI maps it onto its palette. */
  colorIndex: number;
  type: RhymeKind;
  /** The shared sound, e.g. "AY T". */
  sound: string;
  words: string[];
}

/** POST /api/lyrics/analyze */
export interface LyricsAnalysisResult {
  lines: AnalyzedLine[];
  tokens: AnalyzedToken[];
  families: AnalyzedFamily[];
  measures: LyricMeasures;
}

/** A built-in rhyme target: what to aim for, never a written line. */
export interface RhymeTarget {
  text: string;
  /** The ending being rhymed with. */
  target: string;
  syllables: number;
  rhymes: string[];
  /** The end sound to land on, as written ("-ayin'"), or a multi's stressed vowels ("ay…a"). */
  sound?: string;
  /** Phrase ideas that land on it ("paid in", "major fan"). */
  phrases?: string[];
  /** Stress pattern of the bar it answers: "da DUM da da DUM". */
  stress?: string;
}

/** POST /api/lyrics/suggestions */
export interface LyricSuggestionsResult {
  suggestions: string[];
  /** Model name, or BUILT_IN_RHYME_ENGINE. */
  engine: string;
  /** 'model': lines written by a model; 'rhyme-targets': the built-in engine's targets. */
  kind: 'model' | 'rhyme-targets';
  /** With 'rhyme-targets', the structured targets behind each suggestion. */
  targets?: RhymeTarget[];
}

/** POST /api/lyrics/feedback */
export interface LyricFeedbackResult {
  /** 1..10: the model's rating, or the engine's score when there is no model or no rating. */
  score: number;
  /** Markdown. */
  feedback: string;
  /** The engine's notes, always present (beside a model's feedback too). */
  notes: string[];
  engine: string;
  kind: 'model' | 'engine';
  /** Who gave the score: the model's rating, or the engine (no model, or no rating in the reply). */
  scoreSource: 'model' | 'engine';
  /** The built-in engine's own score, for comparison. */
  engineScore: number;
  measures: LyricMeasures;
}

export interface RhymeIdeaView {
  text: string;
  type: RhymeKind;
  syllables: number;
  /** Sound similarity 0..1. */
  score: number;
}

/** Rhyme ideas with the same number of syllables, best first. */
export interface RhymeIdeaGroupView {
  syllables: number;
  ideas: RhymeIdeaView[];
}

/** One phrase idea: two or three words that land on the line's stressed vowels. */
export interface PhraseIdeaView {
  text: string;
  type: 'multi' | 'perfect';
  /** How natural the phrase is, 0..1. */
  score: number;
}

/** POST /api/lyrics/phrases */
export interface PhraseIdeasResult {
  /** The line's ending the phrases answer ("paper plan"). */
  ending: string;
  /** Most natural first. */
  ideas: PhraseIdeaView[];
  engine: string;
}

/** GET /api/lyrics/rhymes */
export interface RhymeIdeasResult {
  word: string;
  /** Fewest syllables first, best first within the same count. */
  ideas: RhymeIdeaView[];
  /** The same ideas grouped by syllable count, fewest first (what the rhyme panel shows). */
  groups: RhymeIdeaGroupView[];
  engine: string;
}
