// Split lyrics into lines and word tokens with offsets into the ORIGINAL text
// (UTF-16 indices, so text.slice(start, end) === token.text for the UI).
import { inDictionary } from './pronounce';

export interface RawToken {
  text: string;
  start: number;
  end: number;
}

export interface RawLine {
  /** 0-based index among all lines of the text (split on \n). */
  index: number;
  start: number;
  /** End offset, excluding the newline (and a trailing \r). */
  end: number;
  text: string;
  blank: boolean;
  tokens: RawToken[];
}

// Letters, marks and digits, with apostrophes allowed inside words (don't, y'all).
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019][\p{L}\p{M}\p{N}]+)*/gu;
const APOS = /['\u2019]/;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{M}\p{N}]/u.test(ch);
}

export function tokenizeLine(line: string, offset: number): RawToken[] {
  const out: RawToken[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(line); m; m = WORD.exec(line)) {
    let s = m.index;
    let e = s + m[0].length;
    // Trailing apostrophe of a dropped g: runnin'
    if (APOS.test(line[e] ?? '') && /in$/i.test(m[0]) && !isWordChar(line[e + 1])) e++;
    // Leading apostrophe the dictionary knows: 'bout, 'em, 'til, 'cause
    if (s > 0 && APOS.test(line[s - 1]) && !isWordChar(line[s - 2]) && inDictionary(`'${m[0].toLowerCase()}`)) s--;
    // A dollar sign is said ("$50" = fifty dollars)
    if (s > 0 && line[s - 1] === '$' && /^\d/.test(m[0])) s--;
    out.push({ text: line.slice(s, e), start: offset + s, end: offset + e });
  }
  return out;
}

export function splitLines(text: string): RawLine[] {
  const lines: RawLine[] = [];
  let start = 0;
  let index = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const stop = nl < 0 ? text.length : nl;
    const end = stop > start && text[stop - 1] === '\r' ? stop - 1 : stop;
    const lineText = text.slice(start, end);
    lines.push({
      index,
      start,
      end,
      text: lineText,
      blank: lineText.trim() === '',
      tokens: tokenizeLine(lineText, start),
    });
    if (nl < 0) break;
    start = nl + 1;
    index++;
  }
  return lines;
}
