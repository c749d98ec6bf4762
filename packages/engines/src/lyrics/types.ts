// Public result types of the lyrics engine (re-exported from `@members-only/engines/lyrics`).
import type { RhymeType } from './rhyme';

export type { RhymeType };

/** A rhyme family's type: the strongest kind of link inside it (multi > perfect > slant). */
export type FamilyType = Exclude<RhymeType, 'none'>;

export type RhymeRole = 'end' | 'internal';

export interface LyricToken {
  /** Exactly text.slice(start, end) of the analysed text. */
  text: string;
  /** Normalised spelling ("Runnin'" -> "running"); "" for unknown scripts. */
  word: string;
  start: number;
  end: number;
  syllables: number;
  /** ARPAbet with stress digits. */
  phones: string[];
  /** Rhyme family id, or null when this word rhymes with nothing nearby. */
  family: string | null;
  /** 'end' = part of the bar's end rhyme; 'internal' = rhymes inside the bar. */
  rhyme: RhymeRole | null;
}

export type LineKind = 'bar' | 'blank' | 'header';

export interface LyricLine {
  /** 0-based index among all lines of the text (split on \n). */
  index: number;
  /** 'blank' = empty or no words (separates verses); 'header' = "[Hook]" or "(Verse 2)". */
  kind: LineKind;
  /** 1-based bar number (counting bars only, across the whole text); null unless kind is 'bar'. */
  bar: number | null;
  /** 0-based verse (section) index; null unless kind is 'bar'. */
  verse: number | null;
  start: number;
  end: number;
  text: string;
  syllables: number;
  tokens: LyricToken[];
  /** Scheme letter of this bar within its verse ("A", "B", ...); null unless kind is 'bar'. */
  scheme: string | null;
}

export interface FamilyMember {
  /** Line index (LyricLine.index). */
  line: number;
  /** Token index within the line. */
  token: number;
  text: string;
  start: number;
  end: number;
  role: RhymeRole;
}

export interface RhymeFamily {
  /** "f0", "f1"... in order of first appearance. */
  id: string;
  /** 0..families.length-1, in order of first appearance; the UI maps it onto its palette. */
  colorIndex: number;
  type: FamilyType;
  /** Shared sound, e.g. "AY T" (perfect/slant) or "AH IY" (vowels of a multi). */
  sound: string;
  members: FamilyMember[];
  /** Distinct normalised words in the family. */
  words: string[];
}

export interface LyricVerse {
  index: number;
  /** Line indices (LyricLine.index) of this verse's bars. */
  lines: number[];
  /** Scheme letters joined, e.g. "AABB". */
  scheme: string;
}

export interface BarJump {
  /** 1-based bar numbers of the two adjacent bars. */
  fromBar: number;
  toBar: number;
  from: number;
  to: number;
}

export interface RepeatedWord {
  word: string;
  count: number;
}

export interface ClicheHit {
  phrase: string;
  bar: number;
  start: number;
  end: number;
}

export interface RhymePairExample {
  a: string;
  b: string;
  type: FamilyType;
}

export interface LyricsMeasures {
  bars: number;
  verses: number;
  words: number;
  syllables: number;
  /** Syllables of each bar, in order. */
  syllablesPerBar: number[];
  meanSyllables: number;
  /** Pooled within-verse standard deviation of syllables per bar. */
  syllableStdDev: number;
  barJumps: BarJump[];
  /** Syllables that take part in a rhyme, over all syllables (0..1). */
  rhymeDensity: number;
  rhymingSyllables: number;
  /** Share of bars whose end rhymes with another bar's end in the same verse (0..1). */
  endRhymeRatio: number;
  /** Rhyme links found, by type (one per rhyming pair). */
  perfectRhymes: number;
  slantRhymes: number;
  multiRhymes: number;
  /** Internal (mid-bar) rhyme links. */
  internalRhymes: number;
  /** Longest multi, in matched vowels. */
  longestMulti: number;
  multiExamples: RhymePairExample[];
  families: number;
  /** Scheme string per verse, e.g. ["AABB", "ABAB"]. */
  schemes: string[];
  uniqueWords: number;
  /** Unique words / total words (0..1). */
  vocabularyRichness: number;
  /** Distinct content words outside the built-in common-words list. */
  rareWords: string[];
  /** rareWords / distinct content words (0..1). */
  rareWordRatio: number;
  repetitions: RepeatedWord[];
  cliches: ClicheHit[];
}

export interface LyricsAnalysis {
  lines: LyricLine[];
  verses: LyricVerse[];
  families: RhymeFamily[];
  measures: LyricsMeasures;
}

export interface ScoreBreakdown {
  base: number;
  rhymeDensity: number;
  scheme: number;
  multis: number;
  consistency: number;
  vocabulary: number;
  jumpPenalty: number;
  repetitionPenalty: number;
  clichePenalty: number;
  /** Sum before rounding and clamping. */
  raw: number;
}

export interface LyricsScore {
  /** Integer 1..10. */
  score: number;
  notes: string[];
  measures: LyricsMeasures;
  breakdown: ScoreBreakdown;
}

export interface RhymeIdea {
  word: string;
  type: FamilyType;
  /** Sound similarity to the target, 0..1. */
  score: number;
  syllables: number;
  /** An everyday word: at least 5 occurrences per million words of film and TV subtitles (SUBTLEX-US). */
  common: boolean;
  /** Occurrences per million words in SUBTLEX-US (0 for words only the built-in common-words list knows). */
  frequency?: number;
}

/** Rhyme ideas with the same syllable count. */
export interface RhymeIdeaGroup {
  syllables: number;
  ideas: RhymeIdea[];
}

export interface RhymeIdeasOptions {
  /** Only candidates with exactly this many syllables. */
  syllables?: number;
  /** Max results (default 30). */
  limit?: number;
  /** Restrict to these types (default all three). */
  types?: FamilyType[];
  /**
   * 'syllables' (default): the best `limit` ideas, grouped by syllable count
   * (fewest first, best first within a group). 'rank': best first overall.
   */
  order?: 'syllables' | 'rank';
}

export type NextLineIdeaKind = 'perfect' | 'multi' | 'slant' | 'internal' | 'scheme';

export interface NextLineIdea {
  /** Human-readable rhyme target, e.g. 'Aim for ~11 syllables ending on a perfect rhyme for "night": light / fight / tonight'. */
  text: string;
  kind: NextLineIdeaKind;
  /** The ending being rhymed with: the last bar's end word (or its last two words for a multi; the bar before's end word for kind 'scheme'). */
  target: string;
  /** Syllable count to aim for. */
  syllables: number;
  /**
   * The target's best rhyme words, best first (up to 8): real, everyday words
   * ranked by sound and by how common they are, for one-click chips. The ones
   * named in `text` come first.
   */
  rhymes: string[];
  /** Always 'engine': built-in rhyme targets, not model-written lines. */
  source: 'engine';
  /** The end sound to land on, as written: "-ayin'", "-ight", or stressed vowels "ay…a" for a multi. */
  sound: string;
  /** Phrase ideas that land on it ("paid in", "major fan"); may be empty. */
  phrases: string[];
  /** Stress pattern of the bar it answers: "da DUM da da DUM". */
  stress: string;
}
