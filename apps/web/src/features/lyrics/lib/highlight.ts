import type { AnalyzedLine, AnalyzedToken, LyricsAnalysisResult } from '@members-only/shared/lyrics';

const WORD_CHAR = /[\p{L}\p{M}\p{N}'’]/u;
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

export interface LineView {
  /** Offsets of the line in the current text (end excludes the newline). */
  start: number;
  end: number;
  text: string;
  /** Gutter info from the analysis; null while unknown (e.g. a line never analysed yet). */
  info: Pick<AnalyzedLine, 'kind' | 'syllables' | 'scheme'> | null;
  /** True when `info` is from before the latest edit to this line. */
  stale: boolean;
  /** Rhyming words on this line, offsets into the current text. */
  tokens: AnalyzedToken[];
}

function splitLines(text: string): Array<{ start: number; end: number; text: string }> {
  const lines: Array<{ start: number; end: number; text: string }> = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start, end, text: text.slice(start, end) });
    if (nl < 0) return lines;
    start = nl + 1;
  }
}

/**
 * Lays an analysis of `analyzedText` over `text`, which may have changed since (the analysis
 * arrives a moment after each keystroke). Everything before the first changed character keeps
 * its offsets, everything after the last one shifts by the length difference, and words touching
 * the edit are dropped until the next analysis; gutter numbers of the edited line stay, marked
 * stale. With no change this is the analysis itself.
 */
export function layoutLines(text: string, analyzedText: string | null, analysis: LyricsAnalysisResult | null): LineView[] {
  const lines = splitLines(text);
  if (!analysis || analyzedText === null) return lines.map((l) => ({ ...l, info: null, stale: false, tokens: [] }));

  const oldLen = analyzedText.length;
  const newLen = text.length;
  let prefix = 0;
  const maxPrefix = Math.min(oldLen, newLen);
  while (prefix < maxPrefix && text.charCodeAt(prefix) === analyzedText.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const maxSuffix = Math.min(oldLen, newLen) - prefix;
  while (suffix < maxSuffix && text.charCodeAt(newLen - 1 - suffix) === analyzedText.charCodeAt(oldLen - 1 - suffix)) suffix++;
  const delta = newLen - oldLen;
  const same = prefix === oldLen && oldLen === newLen;

  // Tokens in current-text offsets.
  const mapped: AnalyzedToken[] = [];
  for (const t of analysis.tokens) {
    if (same) {
      mapped.push(t);
    } else if (t.end < prefix || (t.end === prefix && !isWordChar(text[prefix]))) {
      mapped.push(t);
    } else if (t.start > oldLen - suffix || (t.start === oldLen - suffix && !isWordChar(text[t.start + delta - 1]))) {
      mapped.push({ ...t, start: t.start + delta, end: t.end + delta });
    }
  }

  const startsOldLine = (at: number) => at === 0 || analyzedText[at - 1] === '\n';
  const oldByIndex = analysis.lines;
  const lineShift = lines.length - oldByIndex.length;
  let ti = 0;
  return lines.map((line, i) => {
    let info: LineView['info'];
    let stale = false;
    if (same || line.end < prefix) {
      info = oldByIndex[i] ?? null;
    } else if (line.start > prefix && (line.start > newLen - suffix || (line.start === newLen - suffix && startsOldLine(line.start - delta)))) {
      // The line is after the edit, and so is the newline before it (or, for a line inserted
      // above it, the old text had a line break there too): it is an old line, moved.
      info = oldByIndex[i - lineShift] ?? null;
    } else {
      info = oldByIndex[i] ?? null;
      stale = info !== null;
    }
    const tokens: AnalyzedToken[] = [];
    while (ti < mapped.length && mapped[ti]!.start < line.start) ti++;
    while (ti < mapped.length && mapped[ti]!.end <= line.end) tokens.push(mapped[ti++]!);
    return { ...line, info: info && { kind: info.kind, syllables: info.syllables, scheme: info.scheme }, stale, tokens };
  });
}

/** A line's text cut into plain runs and rhyming words, for the highlight layer. */
export function lineSegments(line: LineView): Array<{ text: string; token?: AnalyzedToken }> {
  const out: Array<{ text: string; token?: AnalyzedToken }> = [];
  let at = line.start;
  for (const token of line.tokens) {
    if (token.start < at || token.end > line.end) continue;
    if (token.start > at) out.push({ text: line.text.slice(at - line.start, token.start - line.start) });
    out.push({ text: line.text.slice(token.start - line.start, token.end - line.start), token });
    at = token.end;
  }
  if (at < line.end) out.push({ text: line.text.slice(at - line.start) });
  return out;
}

const trimQuotes = (word: string) => word.replace(/^['’]+|['’]+$/g, '');

const LAST_WORD = /([\p{L}\p{M}\p{N}'’]+)[^\p{L}\p{M}\p{N}'’]*$/u;
const lastWord = (text: string) => {
  const m = LAST_WORD.exec(text);
  return m ? trimQuotes(m[1]!) || null : null;
};

/**
 * The word to find rhymes for: the word under the caret; otherwise the ending of the nearest
 * line above with words (the rhyme the line being written is aiming for); otherwise the last
 * word before the caret.
 */
export function rhymeTargetAt(text: string, caret: number): string | null {
  const at = Math.max(0, Math.min(caret, text.length));
  let start = at;
  let end = at;
  while (start > 0 && isWordChar(text[start - 1])) start--;
  while (end < text.length && isWordChar(text[end])) end++;
  const under = trimQuotes(text.slice(start, end));
  if (under) return under;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return lastWord(text.slice(0, Math.max(0, lineStart - 1))) ?? lastWord(text.slice(lineStart, at));
}

/** Puts a word in place of the selection, with a space on either side where words would touch. */
export function insertWord(text: string, selectionStart: number, selectionEnd: number, word: string): { text: string; caret: number } {
  const before = text.slice(0, selectionStart);
  const after = text.slice(selectionEnd);
  const lead = before && !/\s$/.test(before) ? ' ' : '';
  const trail = after && isWordChar(after[0]) ? ' ' : '';
  const next = `${before}${lead}${word}${trail}${after}`;
  return { text: next, caret: before.length + lead.length + word.length };
}

/** Spec §4: a chosen suggestion goes on a new line at the end. */
export function appendLine(text: string, line: string): string {
  if (!text.trim()) return line;
  const base = text.replace(/[ \t]+$/, '');
  return `${base}${base.endsWith('\n') ? '' : '\n'}${line}`;
}

/** A fresh empty line at the end (where a rhyme target is aimed at). */
export function startNewLine(text: string): string {
  if (!text.trim()) return text;
  const base = text.replace(/[ \t]+$/, '');
  return base.endsWith('\n') ? base : `${base}\n`;
}

/**
 * Whether the caret's line that began at `lineStart` (a line started for a rhyme target) is still
 * the last line being written: the text still reaches it and no newer line follows.
 */
export function isWritingLine(text: string, lineStart: number): boolean {
  if (lineStart < 0 || lineStart > text.length) return false;
  if (lineStart > 0 && text[lineStart - 1] !== '\n') return false;
  return !text.slice(lineStart).includes('\n');
}
