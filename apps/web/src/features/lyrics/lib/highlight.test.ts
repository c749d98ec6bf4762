import type { AnalyzedToken, LyricMeasures, LyricsAnalysisResult } from '@members-only/shared/lyrics';
import { describe, expect, it } from 'vitest';
import { appendLine, insertWord, isWritingLine, layoutLines, lineSegments, rhymeTargetAt, startNewLine } from './highlight';

const TEXT = "I'm up all night\nchasing the light";

/** The engine's answer for TEXT: two rhyming bars, 'night' and 'light' in family f1. */
function analysisOf(text: string): LyricsAnalysisResult {
  const token = (word: string, line: number): AnalyzedToken => {
    const start = text.indexOf(word);
    return { line, start, end: start + word.length, text: word, familyId: 'f1', rhyme: 'end' };
  };
  const nl = text.indexOf('\n');
  return {
    lines: [
      { index: 0, kind: 'bar', bar: 1, start: 0, end: nl, syllables: 4, scheme: 'A' },
      { index: 1, kind: 'bar', bar: 2, start: nl + 1, end: text.length, syllables: 5, scheme: 'A' },
    ],
    tokens: [token('night', 0), token('light', 1)],
    families: [{ id: 'f1', colorIndex: 0, type: 'perfect', sound: 'AY T', words: ['night', 'light'] }],
    measures: {} as LyricMeasures,
  };
}

const analysis = analysisOf(TEXT);
const words = (text: string, lines: ReturnType<typeof layoutLines>) => lines.map((l) => l.tokens.map((t) => text.slice(t.start, t.end)));

describe('layoutLines', () => {
  it('splits the text into lines with no gutter info before any analysis', () => {
    const lines = layoutLines('one\n\ntwo', null, null);
    expect(lines.map(({ start, end, text, info, tokens }) => ({ start, end, text, info, tokens }))).toEqual([
      { start: 0, end: 3, text: 'one', info: null, tokens: [] },
      { start: 4, end: 4, text: '', info: null, tokens: [] },
      { start: 5, end: 8, text: 'two', info: null, tokens: [] },
    ]);
  });

  it('lays an analysis of the same text over it as it is', () => {
    const lines = layoutLines(TEXT, TEXT, analysis);
    expect(lines.map((l) => l.info)).toEqual([
      { kind: 'bar', syllables: 4, scheme: 'A' },
      { kind: 'bar', syllables: 5, scheme: 'A' },
    ]);
    expect(lines.every((l) => !l.stale)).toBe(true);
    expect(words(TEXT, lines)).toEqual([['night'], ['light']]);
  });

  it('shifts words after an edit and marks the edited line stale', () => {
    const text = "I'm up all night\noh chasing the light";
    const lines = layoutLines(text, TEXT, analysis);
    expect(words(text, lines)).toEqual([['night'], ['light']]);
    expect(lines.map((l) => l.stale)).toEqual([false, true]);
    expect(lines[1]!.info?.syllables).toBe(5); // the old count shows until the next analysis
  });

  it('drops a word the edit touches until the next analysis', () => {
    const text = "I'm up all nights\nchasing the light";
    const lines = layoutLines(text, TEXT, analysis);
    expect(words(text, lines)).toEqual([[], ['light']]);
  });

  it('keeps a later line’s gutter info when a line is inserted above it', () => {
    const text = "I'm up all night\nyeah\nchasing the light";
    const lines = layoutLines(text, TEXT, analysis);
    expect(lines.map((l) => l.text)).toEqual(["I'm up all night", 'yeah', 'chasing the light']);
    expect(lines[2]).toMatchObject({ info: { syllables: 5, scheme: 'A' }, stale: false });
    expect(words(text, lines)[2]).toEqual(['light']);
  });
});

describe('lineSegments', () => {
  it('cuts a line into plain runs and its rhyming words', () => {
    const [first] = layoutLines(TEXT, TEXT, analysis);
    const segments = lineSegments(first!);
    expect(segments.map((s) => [s.text, s.token?.familyId ?? null])).toEqual([
      ["I'm up all ", null],
      ['night', 'f1'],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(first!.text);
  });

  it('skips tokens that overlap or run past the line', () => {
    const [first] = layoutLines(TEXT, TEXT, analysis);
    const night = first!.tokens[0]!;
    const line = { ...first!, tokens: [night, { ...night, start: night.start + 1 }, { ...night, start: 14, end: 40 }] };
    expect(lineSegments(line).map((s) => s.text)).toEqual(["I'm up all ", 'night']);
  });
});

describe('rhymeTargetAt', () => {
  it('takes the word under the caret, without quotes around it', () => {
    expect(rhymeTargetAt(TEXT, 13)).toBe('night');
    expect(rhymeTargetAt("I said 'cause'", 10)).toBe('cause');
  });

  it('on a fresh line, aims at the ending of the line above', () => {
    const text = `${TEXT}\n`;
    expect(rhymeTargetAt(text, text.length)).toBe('light');
  });

  it('otherwise takes the last word before the caret on the first line', () => {
    expect(rhymeTargetAt('money on my mind ', 17)).toBe('mind');
    expect(rhymeTargetAt('', 0)).toBeNull();
  });
});

describe('insertWord', () => {
  it('puts spaces where words would touch and the caret after the word', () => {
    expect(insertWord('all night', 3, 3, 'day')).toEqual({ text: 'all day night', caret: 7 });
    expect(insertWord('all ', 4, 4, 'night')).toEqual({ text: 'all night', caret: 9 });
  });

  it('replaces the selection', () => {
    expect(insertWord('all night long', 4, 9, 'day')).toEqual({ text: 'all day long', caret: 7 });
  });
});

describe('appendLine and startNewLine', () => {
  it('append a chosen line on a new line at the end (spec §4)', () => {
    expect(appendLine('', 'first line')).toBe('first line');
    expect(appendLine('   ', 'first line')).toBe('first line');
    expect(appendLine('one  ', 'two')).toBe('one\ntwo');
    expect(appendLine('one\n', 'two')).toBe('one\ntwo');
  });

  it('open one empty line at the end, never two', () => {
    expect(startNewLine('one')).toBe('one\n');
    expect(startNewLine('one\n')).toBe('one\n');
    expect(startNewLine('one \t')).toBe('one\n');
    expect(startNewLine('')).toBe('');
  });
});

describe('isWritingLine', () => {
  const started = startNewLine('late night in the city');
  const lineStart = started.length;

  it('holds while the line started for a target is the last one', () => {
    expect(isWritingLine(started, lineStart)).toBe(true);
    expect(isWritingLine(`${started}so pretty`, lineStart)).toBe(true);
    expect(isWritingLine(insertWord(started, lineStart, lineStart, 'gritty').text, lineStart)).toBe(true);
  });

  it('ends once a newer line starts, or the line is gone', () => {
    expect(isWritingLine(`${started}so pretty\n`, lineStart)).toBe(false);
    expect(isWritingLine('late night in the city', lineStart)).toBe(false);
    expect(isWritingLine('', lineStart)).toBe(false);
    // Text edited above it so the offset no longer starts a line.
    expect(isWritingLine(`x${started}`, lineStart)).toBe(false);
  });
});
