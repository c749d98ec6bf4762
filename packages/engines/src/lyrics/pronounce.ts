// Word -> ARPAbet phonemes (with stress digits) + syllable count.
// Source: the CMU pronouncing dictionary (cmu-pronouncing-dictionary@3, word ->
// "N AY1 T"), held compactly by lexicon.ts. Words it lacks (slang, ad-libs,
// typos) go through spelling variants, suffix stripping, compound splitting and
// finally letter-to-sound rules, so every syllable still gets a vowel nucleus
// and rhyme matching keeps working.
import { wordCache, type CacheSize } from './word-cache';
import { COMMON_WORDS } from './common-words';
import { entryId, entryPhones, entryText } from './lexicon';
import { numberTokenToWords } from './numbers';

export type PronunciationSource = 'dictionary' | 'variant' | 'number' | 'suffix' | 'compound' | 'rules' | 'none';

export interface Pronunciation {
  /** The normalised spelling that was looked up ("runnin'" -> "running"). */
  word: string;
  /** ARPAbet phonemes; vowels carry a stress digit (0, 1, 2). */
  phones: readonly string[];
  syllables: number;
  source: PronunciationSource;
}

export const VOWEL_PHONES: ReadonlySet<string> = new Set([
  'AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW',
]);

/** True for a vowel phone such as "AY1" (vowels are the phones with a stress digit). */
export function isVowelPhone(p: string): boolean {
  const last = p.charCodeAt(p.length - 1);
  return last >= 48 && last <= 50;
}

/** Raw dictionary entry ("N AY1 T"), undefined when the dictionary lacks the word. */
export function dictionaryEntry(word: string): string | undefined {
  const id = entryId(word);
  return id < 0 ? undefined : entryText(id);
}

export function inDictionary(word: string): boolean {
  return entryId(word) >= 0;
}

function lookup(word: string): string[] | undefined {
  const id = entryId(word);
  return id < 0 ? undefined : entryPhones(id);
}

/**
 * Lower-case, strip accents, straighten curly apostrophes, drop everything but
 * letters, digits and apostrophes, trim apostrophes at the edges, and restore a
 * dropped g ("runnin'" -> "running").
 */
export function normalizeWord(raw: string): string {
  let w = raw.toLowerCase();
  // NFKD + combining-mark removal only when needed (keeps the hot path cheap).
  if (/[^\x00-\x7f]/.test(w)) w = w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'");
  w = w.replace(/[^a-z0-9']/g, '');
  if (/in'$/.test(w) && w.length > 3) w = `${w.slice(0, -1)}g`;
  // "$50" is said "fifty dollars"; "24/7" "twenty-four seven" (pronounceWithDigits reads the marks).
  if (/^\$\d/.test(raw.trim())) w = `$${w}`;
  w = w.replace(/^'+|'+$/g, '');
  return w;
}

/** Count of vowel phones = syllables. */
export function countSyllables(phones: readonly string[]): number {
  let n = 0;
  for (const p of phones) if (isVowelPhone(p)) n++;
  return n;
}

// ---------------------------------------------------------------- cache

/**
 * Words already pronounced, the most recently used first. Typing makes many half-words and a
 * server sees every artist's words, so it is bounded (word-cache.ts): 50,000 entries grew the web
 * process by tens of megabytes under load (issue 31, ADRs 067 and 068), where a song has a few
 * hundred distinct words.
 */
const cache = wordCache<Pronunciation>();

/** How many pronunciations are cached, and their phones (analyze.ts's `lyricCacheSizes`). */
export const cachedPronunciations = (): CacheSize => ({ entries: cache.size, phones: cache.calculatedSize });

const EMPTY: Pronunciation = Object.freeze({ word: '', phones: Object.freeze([]), syllables: 0, source: 'none' });
const UNKNOWN_SCRIPT: Pronunciation = Object.freeze({ word: '', phones: Object.freeze([]), syllables: 1, source: 'none' });

/**
 * Pronounce one word. Never throws. Unknown scripts (no Latin letters or
 * digits left after normalising) count as one syllable with no phones.
 * The returned object is cached and frozen.
 */
export function pronounce(word: string): Pronunciation {
  const raw = typeof word === 'string' ? word : String(word ?? '');
  const hit = cache.get(raw);
  if (hit) return hit;
  const w = normalizeWord(raw);
  let result: Pronunciation;
  if (!w) {
    result = /[\p{L}\p{N}]/u.test(raw) ? UNKNOWN_SCRIPT : EMPTY;
  } else {
    result = cache.get(w) ?? pronounceNormalized(w);
    cache.set(w, result);
    // A dropped g written with its apostrophe ("prayin'") is said -in, not -ing.
    if (result.phones.at(-1) === 'NG' && /in['\u2019]$/i.test(raw.trim())) result = make(result.word, [...result.phones.slice(0, -1), 'N'], 'variant');
  }
  cache.set(raw, result);
  return result;
}

// Results are cached and shared, so they are frozen: callers copy before changing.
function make(word: string, phones: string[], source: PronunciationSource): Pronunciation {
  return Object.freeze({ word, phones: Object.freeze(phones), syllables: countSyllables(phones), source });
}

// Everyday rap spellings the dictionary lacks or that the rules would get wrong.
// "'em" is said "um" (the dictionary has the letter M); "y'all" and "yall" are one
// stressed syllable.
const SLANG: Record<string, string> = {
  "i'ma": 'AY1 M AH0', imma: 'AY1 M AH0', ima: 'AY1 M AH0', tryna: 'T R AY1 N AH0', boutta: 'B AW1 T AH0',
  gon: 'G AA1 N', ayy: 'EY1', yuh: 'Y AH1', fam: 'F AE1 M', erryday: 'EH1 R IY0 D EY2', errybody: 'EH1 R IY0 B AA2 D IY0',
  thru: 'TH R UW1', nun: 'N AH1 N', bih: 'B IH1', skrt: 'S K ER1 T',
  em: 'AH0 M', "y'all": 'Y AO1 L', yall: 'Y AO1 L', finna: 'F IH1 N AH0', aint: 'EY1 N T', dawg: 'D AO1 G',
  cuz: 'K AH1 Z', nah: 'N AA1', shawty: 'SH AO1 T IY0', lemme: 'L EH1 M IY0', gimme: 'G IH1 M IY0',
  // Homographs, as they are said most often in lyrics (the dictionary lists the other one first).
  read: 'R IY1 D', lead: 'L IY1 D', wind: 'W IH1 N D',
  gotchu: 'G AA1 CH UW0', whatchu: 'W AH1 CH UW0', hunnid: 'HH AH1 N IH0 D', bruh: 'B R AH1', dollas: 'D AA1 L AH0 Z',
};

/**
 * Rap spellings of a dictionary word whose ending is said differently:
 * - a dropped g ("prayin'", "stayin", "nothin"): the -ing word with its NG said N;
 * - -a for -er ("killa", "neva", "brotha", "betta"): the -er word with ER0 said AH0.
 * The dictionary holds some of these spellings as names ("neva", "eva"), so an
 * everyday -er/-ing word wins unless the spelling itself is an everyday word.
 */
function rapSpelling(w: string): { word: string; phones: string[] } | undefined {
  if (COMMON_WORDS.has(w)) return undefined;
  if (w.length > 4 && w.endsWith('in')) {
    const full = `${w}g`;
    const stem = w.slice(0, -2);
    const known = COMMON_WORDS.has(full) || COMMON_WORDS.has(stem) || COMMON_WORDS.has(`${stem}e`) || (stem.at(-1) === stem.at(-2) && COMMON_WORDS.has(stem.slice(0, -1)));
    const p = known ? lookup(full) : undefined;
    if (p && p.at(-1) === 'NG') return { word: full, phones: [...p.slice(0, -1), 'N'] };
  }
  if (w.length >= 3 && w.endsWith('a') && !w.endsWith('aa')) {
    const full = `${w.slice(0, -1)}er`;
    // Everyday -er words (never, brother) always; other -er words only when the -a spelling is no dictionary word (killa).
    const p = COMMON_WORDS.has(full) || !inDictionary(w) ? lookup(full) : undefined;
    if (p && p.at(-1) === 'ER0') return { word: full, phones: [...p.slice(0, -1), 'AH0'] };
  }
  return undefined;
}

function pronounceNormalized(w: string): Pronunciation {
  const slang = SLANG[w];
  if (slang !== undefined && Object.prototype.hasOwnProperty.call(SLANG, w)) return make(w, slang.split(' '), 'variant');
  const rap = rapSpelling(w.replace(/'/g, ''));
  if (rap) return make(rap.word, rap.phones, 'variant');
  const direct = lookup(w);
  if (direct) return make(w, withNucleus(direct), 'dictionary');

  // Spelling variants that keep the word's identity.
  for (const v of spellingVariants(w)) {
    const p = lookup(v);
    if (p) return make(v, withNucleus(p), 'variant');
  }

  const bare = w.replace(/'/g, '');
  if (/\d/.test(bare)) return pronounceWithDigits(w, bare);

  const suffixed = suffixPhones(bare);
  if (suffixed) return make(w, suffixed, 'suffix');
  const compound = compoundPhones(bare);
  if (compound) return make(w, compound, 'compound');
  const rules = lettersToSound(bare);
  return make(w, rules, rules.length ? 'rules' : 'none');
}

/** "hmm", "shh", "psst" have no vowel in the dictionary; rappers still spend a syllable on them. */
function withNucleus(phones: string[]): string[] {
  if (phones.some(isVowelPhone)) return phones;
  const out = phones.slice();
  const r = out.indexOf('R');
  if (r >= 0) out[r] = 'ER1';
  else out.splice(Math.min(1, out.length), 0, 'AH1');
  return out;
}

function spellingVariants(w: string): string[] {
  const out: string[] = [];
  const bare = w.replace(/'/g, '');
  if (bare !== w) out.push(bare);
  // runnin -> running (g-dropping without an apostrophe)
  if (/[a-z]{2,}in$/.test(bare)) out.push(`${bare}g`);
  // "'bout", "'em", "'til": the dictionary keeps some leading apostrophes
  out.push(`'${bare}`);
  // sooo -> so, yeaaah -> yeah: only when a vowel letter survives (brrr stays brrr)
  if (/(.)\1\1/.test(bare)) {
    for (const c of [bare.replace(/(.)\1{2,}/g, '$1'), bare.replace(/(.)\1{2,}/g, '$1$1')]) {
      if (/[aeiouy]/.test(c)) out.push(c);
    }
  }
  return out;
}

function pronounceWithDigits(w: string, bare: string): Pronunciation {
  if (bare.startsWith('$')) {
    // "$5" -> "five dollars", "$1" -> "one dollar", "$50k" -> "fifty k dollars" is rare: read the number, then the unit.
    const amount = bare.slice(1);
    const n = pronounceWithDigits(amount, amount);
    const unit = /^0*1$/.test(amount) ? 'dollar' : 'dollars';
    return make(w, [...n.phones, ...pronounce(unit).phones], n.phones.length ? 'number' : 'none');
  }
  const phones: string[] = [];
  const whole = numberTokenToWords(bare);
  const parts = whole.length ? whole : bare.match(/\d+|[a-z]+/g) ?? [];
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      for (const word of numberTokenToWords(part)) phones.push(...pronounce(word).phones);
    } else {
      phones.push(...pronounce(part).phones);
    }
  }
  return make(w, phones, phones.length ? 'number' : 'none');
}

// ---------------------------------------------------------------- suffixes & compounds

const VOICELESS = new Set(['P', 'T', 'K', 'F', 'TH']);
const SIBILANT = new Set(['S', 'Z', 'SH', 'ZH', 'CH', 'JH']);

function stemCandidates(stem: string): string[] {
  const out = [stem];
  // drippin -> dripp -> drip ; hitta -> hitt -> hit
  if (stem.length >= 3 && stem[stem.length - 1] === stem[stem.length - 2]) out.push(stem.slice(0, -1));
  // vibin -> vibe ; homie -> home
  out.push(`${stem}e`);
  return out;
}

function findStem(stem: string): string[] | undefined {
  if (stem.length < 2) return undefined;
  const cands = stemCandidates(stem);
  // A common word wins over a dictionary oddity: homie -> home, not the surname "hom".
  for (const s of cands) if (COMMON_WORDS.has(s) && inDictionary(s)) return lookup(s);
  for (const s of cands) {
    if (s.length < 3) continue;
    const p = lookup(s);
    if (p) return p;
  }
  return undefined;
}

function lastBase(phones: readonly string[]): string {
  return (phones[phones.length - 1] ?? '').replace(/\d/, '');
}

type SuffixRule = [suffix: string, add: (stem: string[]) => string[]];

const SUFFIX_RULES: SuffixRule[] = [
  ["'s", (s) => plural(s)],
  ['es', (s) => (SIBILANT.has(lastBase(s)) ? [...s, 'IH0', 'Z'] : plural(s))],
  ['s', (s) => plural(s)],
  ['z', (s) => plural(s)],
  ['ed', (s) => pastTense(s)],
  ['d', (s) => pastTense(s)],
  ['in', (s) => [...s, 'IH0', 'N']],
  ['ing', (s) => [...s, 'IH0', 'NG']],
  ['a', (s) => [...s, 'AH0']], // hitta, choppa, hella: -er said as -a
  ['er', (s) => [...s, 'ER0']],
  ['ers', (s) => [...s, 'ER0', 'Z']],
  ['y', (s) => [...s, 'IY0']],
  ['ie', (s) => [...s, 'IY0']],
  ['ey', (s) => [...s, 'IY0']],
  ['ly', (s) => [...s, 'L', 'IY0']],
  ['est', (s) => [...s, 'AH0', 'S', 'T']],
];

function plural(s: string[]): string[] {
  const last = lastBase(s);
  if (SIBILANT.has(last)) return [...s, 'IH0', 'Z'];
  return [...s, VOICELESS.has(last) ? 'S' : 'Z'];
}

function pastTense(s: string[]): string[] {
  const last = lastBase(s);
  if (last === 'T' || last === 'D') return [...s, 'IH0', 'D'];
  return [...s, VOICELESS.has(last) || SIBILANT.has(last) ? 'T' : 'D'];
}

function suffixPhones(w: string): string[] | undefined {
  for (const [suffix, add] of SUFFIX_RULES) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      const stem = findStem(w.slice(0, -suffix.length));
      if (stem) return add(stem);
    }
  }
  return undefined;
}

/** Demote primary stress to secondary (second half of a compound). */
function demote(phones: string[]): string[] {
  return phones.map((p) => (p.endsWith('1') ? `${p.slice(0, -1)}2` : p));
}

function compoundPhones(w: string): string[] | undefined {
  let best: { score: number; phones: string[] } | undefined;
  for (let i = 2; i <= w.length - 2; i++) {
    const left = w.slice(0, i);
    const right = w.slice(i);
    const lc = COMMON_WORDS.has(left);
    const rc = COMMON_WORDS.has(right);
    // Parts of 3+ letters only: the dictionary is full of short oddities
    // ("ty", "do" as in bando) that would make nonsense splits.
    if (left.length < 3 || right.length < 3) continue;
    const lp = lookup(left);
    if (!lp) continue;
    const rp = lookup(right) ?? suffixPhones(right);
    if (!rp) continue;
    const score = (lc ? 10 : 0) + (rc ? 10 : 0) + Math.min(left.length, right.length);
    if (!best || score > best.score) best = { score, phones: [...lp, ...demote(rp)] };
  }
  return best?.phones;
}

// ---------------------------------------------------------------- letter-to-sound rules

const VOWEL_LETTERS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

function isVowelAt(w: string, i: number): boolean {
  const c = w[i];
  if (c === undefined) return false;
  if (c !== 'y') return VOWEL_LETTERS.has(c);
  // y is a consonant at the start of a word before a vowel (yeet, yuh)
  if (i === 0) return !VOWEL_LETTERS.has(w[1] ?? '');
  return !VOWEL_LETTERS.has(w[i - 1]) || w[i - 1] === 'y';
}

const CONSONANT: Record<string, string> = {
  b: 'B', c: 'K', d: 'D', f: 'F', g: 'G', h: 'HH', j: 'JH', k: 'K', l: 'L', m: 'M', n: 'N', p: 'P', q: 'K',
  r: 'R', s: 'S', t: 'T', v: 'V', w: 'W', x: 'K S', y: 'Y', z: 'Z',
};

const VOWEL_DIGRAPHS: Array<[string, string]> = [
  ['eigh', 'EY'], ['igh', 'AY'], ['eau', 'OW'],
  ['ee', 'IY'], ['ea', 'IY'], ['ei', 'EY'], ['ay', 'EY'], ['ai', 'EY'], ['oa', 'OW'], ['oo', 'UW'],
  ['ou', 'AW'], ['oi', 'OY'], ['oy', 'OY'], ['au', 'AO'], ['aw', 'AO'], ['ue', 'UW'], ['ui', 'UW'],
  ['eu', 'UW'], ['ew', 'UW'], ['uy', 'AY'],
];

const SHORT: Record<string, string> = { a: 'AE', e: 'EH', i: 'IH', o: 'AA', u: 'AH', y: 'IH' };
const LONG: Record<string, string> = { a: 'EY', e: 'IY', i: 'AY', o: 'OW', u: 'UW', y: 'AY' };
const FINAL: Record<string, string> = { a: 'AH', e: 'IY', i: 'IY', o: 'OW', u: 'UW' };

/**
 * Spelling -> phonemes for words the dictionary lacks. Greedy grapheme rules
 * with the usual silent-e / -le / -es / -ed handling. Every vowel group yields
 * one vowel phone, so the syllable count equals the vowel-group heuristic, and
 * the coda consonants survive for rhyme matching.
 */
export function lettersToSound(word: string): string[] {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!w) return [];

  // Inflections on a rule-pronounced stem.
  if (w.length > 4 && w.endsWith('es') && /(?:s|x|z|ch|sh|ge|ce)es$/.test(w)) {
    return [...lettersToSound(w.slice(0, -1)), 'IH0', 'Z'];
  }
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is|ys)$/.test(w)) {
    const stem = lettersToSound(w.slice(0, -1));
    if (stem.some(isVowelPhone)) return plural(stem);
  }
  if (w.length > 4 && w.endsWith('ed')) {
    const stemWord = w.slice(0, -2);
    const vowelGroups = stemWord.match(/[aeiouy]+/g)?.length ?? 0;
    if (vowelGroups > 0) {
      // vibed -> vibe + d (single-vowel stem ending consonant: silent-e form)
      const single = vowelGroups === 1 && /[^aeiouy][aeiouy][^aeiouywx]$/.test(stemWord);
      const stem = lettersToSound(single ? `${stemWord}e` : stemWord);
      return pastTense(stem);
    }
  }

  // -ation is said AY-shun with the stress on it (flexation, finessation)
  if (w.length > 6 && w.endsWith('ation')) {
    const stem = scan(w.slice(0, -5));
    const n = stem.filter((p) => VOWEL_PHONES.has(p)).length;
    return stressed([...stem, 'EY', 'SH', 'AH', 'N'], n);
  }
  const phones = scan(w);
  if (!phones.some((p) => VOWEL_PHONES.has(p))) {
    // No vowel letters (brrr, skrrt, hmm): an r becomes the nucleus, else add a schwa.
    const r = phones.indexOf('R');
    if (r >= 0) phones[r] = 'ER';
    else phones.splice(Math.min(1, phones.length), 0, 'AH');
  }
  return stressed(phones, stressIndex(w, phones.filter((p) => VOWEL_PHONES.has(p.replace(/\d/, ''))).length));
}

// Suffixes that place the stress (the dictionary's own pattern): the number is
// how many vowels from the end the stressed one is (-tion: the one before it).
const STRESS_SUFFIXES: Array<[RegExp, number]> = [
  [/(?:ical|ity|ety|ify|ian|ial|ious|eous|uous|ious)$/, 3],
  [/(?:tion|sion|cian|tial|cial|ic|ics|ish|ette|eer|ee|oon|ique|esque)$/, 2],
];
const STRESS_SUFFIX_OWN: Array<[RegExp, number]> = [[/(?:eer|ee|oon|ique|esque|ette)$/, 1]];
const UNSTRESSED_PREFIX = /^(?:be|de|re|un|a|ex|pre|con|com|dis|mis)(?=[^aeiouy])/;

/**
 * Which vowel (0-based) carries the stress, as the dictionary would have it:
 * stress-fixing suffixes first (nation, magic, city, career), then two-vowel
 * words with an unstressed prefix (reload, unfold), else the first vowel.
 */
function stressIndex(w: string, n: number): number {
  if (n <= 1) return 0;
  for (const [re, fromEnd] of STRESS_SUFFIX_OWN) if (re.test(w)) return n - fromEnd;
  for (const [re, fromEnd] of STRESS_SUFFIXES) if (re.test(w) && n >= fromEnd) return n - fromEnd;
  if (n === 2 && UNSTRESSED_PREFIX.test(w)) return 1;
  return 0;
}

// Unstressed short vowels are said as a schwa (reduced), as in the dictionary.
const REDUCES_TO: Record<string, string> = { AE: 'AH', AA: 'AH', EH: 'IH', AH: 'AH', IH: 'IH' };

function stressed(phones: string[], stress = 0): string[] {
  let k = 0;
  return phones.map((p) => {
    const base = p.replace(/\d/, '');
    if (!VOWEL_PHONES.has(base)) return base;
    const at = k++;
    if (at === stress) return `${base}1`;
    return `${REDUCES_TO[base] ?? base}0`;
  });
}

function scan(w: string): string[] {
  const n = w.length;
  const out: string[] = [];
  let end = n;
  let magic = -1;
  let tail: string[] = [];

  const hasVowelBefore = (i: number): boolean => {
    for (let k = 0; k < i; k++) if (isVowelAt(w, k)) return true;
    return false;
  };

  // Final e: "-le" after a consonant is a syllable (bottle); otherwise silent
  // and it lengthens a single vowel before one consonant (vibe, slide).
  if (n >= 3 && w[n - 1] === 'e' && !isVowelAt(w, n - 2) && hasVowelBefore(n - 2)) {
    if (w[n - 2] === 'l' && !isVowelAt(w, n - 3)) {
      end = n - 2;
      tail = ['AH', 'L'];
    } else {
      end = n - 1;
      if (isVowelAt(w, n - 3) && !(n >= 4 && isVowelAt(w, n - 4))) magic = n - 3;
    }
  }

  const at = (i: number, s: string): boolean => i + s.length <= end && w.startsWith(s, i);

  let i = 0;
  while (i < end) {
    const c = w[i];
    if (isVowelAt(w, i)) {
      // r-coloured vowels (when the r does not start the next syllable)
      if (w[i + 1] === 'r' && i + 1 < end && !isVowelAt(w, i + 2) && i !== magic && c !== 'y') {
        out.push(c === 'a' ? 'AA' : c === 'o' ? 'AO' : 'ER');
        if (c === 'a' || c === 'o') out.push('R');
        i += 2;
        while (w[i] === 'r' && i < end) i++;
        continue;
      }
      let matched = false;
      for (const [g, p] of VOWEL_DIGRAPHS) {
        if (at(i, g)) {
          out.push(p);
          i += g.length;
          matched = true;
          break;
        }
      }
      if (matched) continue;
      if (at(i, 'ow')) {
        out.push(i + 2 >= end ? 'OW' : 'AW');
        i += 2;
        continue;
      }
      if (at(i, 'ie') || at(i, 'ey')) {
        out.push(i + 2 >= end ? 'IY' : c === 'i' ? 'IY' : 'EY');
        i += 2;
        continue;
      }
      if (i === magic) out.push(LONG[c]);
      else if (i === end - 1 && end === n) {
        // open final vowel: finna, bando, homie-style endings
        out.push(c === 'y' ? (out.some((p) => VOWEL_PHONES.has(p)) ? 'IY' : 'AY') : FINAL[c] ?? SHORT[c]);
      } else out.push(SHORT[c]);
      i++;
      continue;
    }
    // consonants
    if (at(i, 'tch')) { out.push('CH'); i += 3; continue; }
    if (at(i, 'sch')) { out.push('S', 'K'); i += 3; continue; }
    if (at(i, 'tion')) { out.push('SH', 'AH', 'N'); i += 4; continue; }
    if (at(i, 'sion')) { out.push('ZH', 'AH', 'N'); i += 4; continue; }
    if (at(i, 'ch')) { out.push('CH'); i += 2; continue; }
    if (at(i, 'sh')) { out.push('SH'); i += 2; continue; }
    if (at(i, 'th')) { out.push('TH'); i += 2; continue; }
    if (at(i, 'ph')) { out.push('F'); i += 2; continue; }
    if (at(i, 'wh')) { out.push('W'); i += 2; continue; }
    if (at(i, 'ck')) { out.push('K'); i += 2; continue; }
    if (at(i, 'qu')) { out.push('K', 'W'); i += 2; continue; }
    if (at(i, 'ng')) { out.push('NG'); i += 2; continue; }
    if (at(i, 'nk')) { out.push('NG', 'K'); i += 2; continue; }
    if (at(i, 'dg')) { out.push('JH'); i += 2; continue; }
    if (i === 0 && (at(i, 'kn') || at(i, 'gn'))) { out.push('N'); i += 2; continue; }
    if (i === 0 && at(i, 'wr')) { out.push('R'); i += 2; continue; }
    if (at(i, 'gh')) { if (i === 0) out.push('G'); i += 2; continue; }
    if (at(i, 'gu') && isVowelAt(w, i + 2)) { out.push('G', 'W'); i += 2; continue; }
    if (c === 'h' && i > 0 && isVowelAt(w, i - 1) && !isVowelAt(w, i + 1)) { i++; continue; } // bruh, woah
    if (c === 'c') {
      const next = w[i + 1];
      out.push(next === 'e' || next === 'i' || next === 'y' ? 'S' : 'K');
    } else if (c === 'g') {
      // soft g only before a silent final e (cage); elsewhere slang keeps it hard
      out.push(w[i + 1] === 'e' && i + 1 === end ? 'JH' : 'G');
    } else if (c === 'x') {
      out.push(...(i === 0 ? ['Z'] : ['K', 'S']));
    } else {
      const p = CONSONANT[c];
      if (p) out.push(p);
    }
    // doubled (or tripled) consonants are one sound
    let j = i + 1;
    while (j < end && w[j] === c) j++;
    i = j;
  }
  if (end < n && w[n - 1] === 'e' && w[end] === 'g' && out[out.length - 1] === 'G') out[out.length - 1] = 'JH';
  return out.concat(tail);
}
