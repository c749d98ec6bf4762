import type { LyricsAnalysis, LyricsMeasures } from '@members-only/engines/lyrics';
import type { LyricFeedbackResult, LyricMeasures, LyricSnippet, LyricsAnalysisResult } from '@members-only/shared';
import type { OwnedLyricSnippetRow } from '../repositories/lyric-snippet.repository';
import { toIso } from '../db/index';

export function presentLyricSnippet(row: OwnedLyricSnippetRow): LyricSnippet {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    userId: row.user_id,
    content: row.content,
    position: row.position,
    createdAt: toIso(row.created_at),
  };
}

const round = (x: number, digits = 2) => {
  const f = 10 ** digits;
  return Number.isFinite(x) ? Math.round(x * f) / f : 0;
};

/** The engine's measures, rounded, without the long lists the UI has no use for. */
export function presentMeasures(m: LyricsMeasures): LyricMeasures {
  return {
    bars: m.bars,
    verses: m.verses,
    words: m.words,
    syllables: m.syllables,
    syllablesPerBar: m.syllablesPerBar,
    meanSyllables: round(m.meanSyllables, 1),
    syllableStdDev: round(m.syllableStdDev, 1),
    rhymeDensity: round(m.rhymeDensity),
    rhymingSyllables: m.rhymingSyllables,
    endRhymeRatio: round(m.endRhymeRatio),
    perfectRhymes: m.perfectRhymes,
    slantRhymes: m.slantRhymes,
    multiRhymes: m.multiRhymes,
    internalRhymes: m.internalRhymes,
    longestMulti: m.longestMulti,
    families: m.families,
    schemes: m.schemes,
    uniqueWords: m.uniqueWords,
    vocabularyRichness: round(m.vocabularyRichness),
    barJumps: m.barJumps.map(({ fromBar, toBar, from, to }) => ({ fromBar, toBar, from, to })),
    repetitions: m.repetitions.slice(0, 10).map(({ word, count }) => ({ word, count })),
    cliches: m.cliches.slice(0, 10).map(({ phrase, bar }) => ({ phrase, bar })),
  };
}

/**
 * The analysis shaped for live highlighting: every line (for the syllable gutter), only the
 * words that rhyme (offsets into the text, family, end or internal), and the families.
 */
export function presentAnalysis(analysis: LyricsAnalysis): LyricsAnalysisResult {
  const tokens: LyricsAnalysisResult['tokens'] = [];
  for (const line of analysis.lines) {
    for (const t of line.tokens) {
      if (t.family && t.rhyme) {
        tokens.push({ line: line.index, start: t.start, end: t.end, text: t.text, familyId: t.family, rhyme: t.rhyme });
      }
    }
  }
  return {
    lines: analysis.lines.map((l) => ({
      index: l.index,
      kind: l.kind,
      bar: l.bar,
      start: l.start,
      end: l.end,
      syllables: l.syllables,
      scheme: l.scheme,
    })),
    tokens,
    families: analysis.families.map((f) => ({
      id: f.id,
      colorIndex: f.colorIndex,
      type: f.type,
      sound: f.sound,
      words: f.words,
    })),
    measures: presentMeasures(analysis.measures),
  };
}

/** Feedback as the API sends it: the engine's measures rounded and trimmed. */
export function presentFeedback(feedback: Omit<LyricFeedbackResult, 'measures'> & { measures: LyricsMeasures }): LyricFeedbackResult {
  return { ...feedback, measures: presentMeasures(feedback.measures) };
}
