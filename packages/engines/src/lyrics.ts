// Lyric-analysis engine: pure, deterministic, synchronous TypeScript.
// Imported by the app as `@members-only/engines/lyrics`.
export { pronounce, normalizeWord, lettersToSound, countSyllables } from './lyrics/pronounce';
export type { Pronunciation, PronunciationSource } from './lyrics/pronounce';
export { classifyRhyme, rhymeMatch, soundProfile, STRONG_SLANT } from './lyrics/rhyme';
export type { RhymeMatch, RhymeType, SoundProfile, VowelInfo } from './lyrics/rhyme';
export { analyzeLyrics } from './lyrics/analyze';
export { scoreLyrics, scoreAnalysis } from './lyrics/score';
export { rhymeIdeas, groupRhymeIdeas, nextLineIdeas, warmRhymeIndex, spellEndSound, stressPattern } from './lyrics/ideas';
export { phraseIdeas, pairNaturalness, lineEnding } from './lyrics/phrases';
export type { PhraseIdea, PhraseIdeasOptions } from './lyrics/phrases';
export { COMMON_WORDS, STOPWORDS } from './lyrics/common-words';
export type {
  BarJump,
  ClicheHit,
  FamilyMember,
  FamilyType,
  LineKind,
  LyricLine,
  LyricToken,
  LyricVerse,
  LyricsAnalysis,
  LyricsMeasures,
  LyricsScore,
  NextLineIdea,
  NextLineIdeaKind,
  RepeatedWord,
  RhymeFamily,
  RhymeIdea,
  RhymeIdeaGroup,
  RhymeIdeasOptions,
  RhymePairExample,
  RhymeRole,
  ScoreBreakdown,
} from './lyrics/types';
