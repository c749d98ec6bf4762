// The CMU pronouncing dictionary (cmu-pronouncing-dictionary@3: 135,155
// entries, word -> ARPAbet such as "N AY1 T"), held compactly. Importing the
// package's `dictionary` object costs about 20 MB of V8 heap (the 4.7 MB
// module source, its object literal and 135k property pairs). Instead its
// file is read on first use, the words go into a WordTable (ids in the file's
// order, which is the object's key order) and each pronunciation into one byte
// per phone, then the file text is dropped: about 1 MB of heap and 3 MB of
// typed arrays. Lookups give back the same strings the object held.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WordTable } from './word-table';

interface Lexicon {
  words: WordTable;
  /** Phone codes of entry `id`: codes[codeStart[id], codeStart[id + 1]). */
  codes: Uint8Array;
  codeStart: Uint32Array;
  /** Code -> phone ("AY1"). */
  names: string[];
  /**
   * The few entries that are not plain phones, kept as written: 22 carry a
   * note ("aalborg": "AO1 L B AO0 R G # place, danish").
   */
  raw: Map<number, string>;
}

let lexicon: Lexicon | null = null;

/** A phone: one or two capital letters and an optional stress digit 0-2. Returns its key in PHONE_KEYS, or -1. */
function phoneKey(text: string, from: number, to: number): number {
  const len = to - from;
  if (len < 1 || len > 3) return -1;
  const a = text.charCodeAt(from);
  if (a < 65 || a > 90) return -1;
  let b = 0;
  let digit = 0;
  for (let i = from + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 50 && i === to - 1) digit = c - 47;
    else if (c >= 65 && c <= 90 && i === from + 1) b = c - 64;
    else return -1;
  }
  return ((a - 65) * 27 + b) * 4 + digit;
}

function load(): Lexicon {
  const path = createRequire(import.meta.url).resolve('cmu-pronouncing-dictionary');
  // The module is one object literal, one entry a line: `  "word": "N AY1 T",`.
  // Latin-1 keeps it a one-byte string (the file is ASCII). No entry uses an
  // escape; if a new version did, the plain scan below would misread it.
  const text = readFileSync(path, 'latin1');
  if (text.includes('\\')) throw new Error('cmu-pronouncing-dictionary: unexpected escapes in the data');
  const words: string[] = [];
  const codeStart: number[] = [0];
  // Every phone takes at least two characters of the file ("N "), so this is enough room.
  let codes = new Uint8Array(text.length >> 1);
  let nCodes = 0;
  const names: string[] = [];
  const codeOf = new Int16Array(26 * 27 * 4).fill(-1);
  const raw = new Map<number, string>();
  for (let pos = text.indexOf('\n  "'); pos >= 0; pos = text.indexOf('\n  "', pos + 1)) {
    const k0 = pos + 4;
    const k1 = text.indexOf('"', k0);
    const v0 = k1 + 4;
    const v1 = text.indexOf('"', v0);
    if (k1 < 0 || v1 < 0 || text.slice(k1, v0) !== '": "') throw new Error('cmu-pronouncing-dictionary: unexpected data format');
    const id = words.length;
    words.push(text.slice(k0, k1));
    const first = nCodes;
    // Plain: phones separated by single spaces. Anything else (a note, an empty phone) stays as written.
    let plain = true;
    for (let t0 = v0; ; ) {
      let t1 = text.indexOf(' ', t0);
      if (t1 < 0 || t1 > v1) t1 = v1;
      const key = phoneKey(text, t0, t1);
      let code = key < 0 ? -1 : codeOf[key];
      if (key >= 0 && code < 0 && names.length < 256) {
        code = codeOf[key] = names.length;
        names.push(text.slice(t0, t1));
      }
      if (code < 0) {
        plain = false;
        break;
      }
      codes[nCodes++] = code;
      if (t1 === v1) break;
      t0 = t1 + 1;
    }
    if (!plain) {
      nCodes = first;
      // A copy: a slice of the file text would keep all 4.7 MB of it alive.
      raw.set(id, Buffer.from(text.slice(v0, v1), 'latin1').toString('latin1'));
    }
    codeStart.push(nCodes);
    pos = v1;
  }
  if (words.length < 100_000) throw new Error('cmu-pronouncing-dictionary: unexpected data format');
  codes = codes.slice(0, nCodes);
  return { words: new WordTable(words), codes, codeStart: Uint32Array.from(codeStart), names, raw };
}

function get(): Lexicon {
  if (!lexicon) lexicon = load();
  return lexicon;
}

/** Load the dictionary now (otherwise the first lookup does). */
export function warmLexicon(): void {
  get();
}

/** Number of entries; ids run 0..count-1 in the package's order. */
export function entryCount(): number {
  return get().words.size;
}

/** The entry's id, -1 when the dictionary lacks the word (exact spelling: lower case, "word(2)" for variants). */
export function entryId(word: string): number {
  return get().words.id(word);
}

/** The word of entry `id`. */
export function entryWord(id: number): string {
  return get().words.word(id);
}

/** The entry's phones as the package writes them, e.g. "N AY1 T". */
export function entryText(id: number): string {
  const lex = get();
  const r = lex.raw.get(id);
  if (r !== undefined) return r;
  const { codes, names } = lex;
  const end = lex.codeStart[id + 1];
  let out = names[codes[lex.codeStart[id]]];
  for (let i = lex.codeStart[id] + 1; i < end; i++) out += ` ${names[codes[i]]}`;
  return out;
}

/** The entry's phones, a new array (what `entryText(id).split(' ')` gives). */
export function entryPhones(id: number): string[] {
  const lex = get();
  const r = lex.raw.get(id);
  if (r !== undefined) return r.split(' ');
  const { codes, names } = lex;
  const start = lex.codeStart[id];
  const end = lex.codeStart[id + 1];
  // Pushed, not preallocated: a packed array, which the rhyme code reads faster than a holey one.
  const out: string[] = [];
  for (let i = start; i < end; i++) out.push(names[codes[i]]);
  return out;
}
