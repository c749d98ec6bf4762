// Rhyme classification on phoneme sequences.
//
// Definitions used throughout the engine:
// - tail: from the last stressed vowel (primary or secondary stress) to the
//   end of the word or phrase. Secondary stress counts because compounds
//   ("lifetime", "trapstar") rhyme on their last element in rap.
// - perfect: both tails have the same vowels and the same consonants (night/light).
// - the opening vowel: the first vowel of the longer of the two tails, i.e. the
//   last stressed vowel of the side whose stress falls earlier. Every rhyme
//   needs it to meet a FULL vowel on the other side (stressed, or an unreduced
//   vowel such as the IY0 of "money"): exactly for perfect and multi, closely
//   (NEAR_VOWELS) for slant. A schwa never stands in for it, so window/below
//   (IH1 vs IH0) and money/"the sea" (AH1 vs AH0) are no rhymes.
// - multi: two or more FULL vowel sounds match exactly in sequence, aligned at
//   the end and covering both tails (money/honey, "right side"/"night ride").
//   Reduced vowels (AH0, IH0, ER0, UH0) may ride along inside the tail, and
//   between full matches beyond it (el-e-va-tor / cel-e-brate her), but do not
//   count towards the two, so nation/station stays perfect.
// - slant: the stressed vowel matches but the consonants differ (time/line,
//   assonance), or vowels are close and consonants match (consonance), or a
//   multisyllabic near-match where one vowel is only close: orange/"door hinge"
//   (AO+AH0 vs AO+IH1) is a slant of 2 vowels by this rule, not a multi,
//   because multi requires every matched vowel to be identical. Past the
//   opening vowel a schwa may still pass for a lax vowel (AH0 ~ IH1 there).
// - strong: perfect, multi, or a slant scoring >= STRONG_SLANT. Strong
//   rhymes share a scheme letter and a rhyme family.
// - phrases: inside a phrase of several words, one-syllable function words
//   (UNSTRESSED_WORDS: I, my, the, to...) are unstressed, so their vowels are
//   weak (reduced, never the opening). The phrase's last word keeps its stress.
import { wordCache, type CacheSize } from './word-cache';
import { UNSTRESSED_WORDS } from './common-words';
import { isVowelPhone, normalizeWord, pronounce } from './pronounce';

export type RhymeType = 'perfect' | 'slant' | 'multi' | 'none';

export interface VowelInfo {
  base: string;
  stress: number;
  /** false for reduced vowels (AH0, IH0, ER0, UH0). */
  full: boolean;
  /** The vowel of an unstressed function word inside a phrase ("we", "the"). */
  weak?: boolean;
  /** Index of the vowel in the phone array. */
  idx: number;
}

export interface SoundProfile {
  phones: readonly string[];
  /** Phones without stress digits. */
  bases: readonly string[];
  vowels: readonly VowelInfo[];
  /** Index into `vowels` of the tail's first vowel; -1 when there are no vowels. */
  tailStart: number;
  /** Tail phones without stress, e.g. "AY T"; "" when there are no vowels. */
  rhymeKey: string;
  /** Vowels of the tail, e.g. "AH IY". */
  tailVowels: string;
}

export interface RhymeMatch {
  type: RhymeType;
  /** Sound similarity 0..1 (perfect = 1). */
  score: number;
  /** Counts as a real rhyme for schemes and families. */
  strong: boolean;
  /** Same sounds throughout (a repeat or a homophone, not a new rhyme). */
  identical: boolean;
  /** How many vowels, counted from the end of each side, take part. */
  span: number;
  /** Of those, how many are the exact same vowel. */
  exactVowels: number;
}

export const STRONG_SLANT = 0.72;

const REDUCED = new Set(['AH', 'IH', 'ER', 'UH']);

/**
 * Build a profile; `withKeys` false skips the key strings (hot loops that only
 * match). `weak[i]` true marks phone i as part of an unstressed function word
 * inside a phrase: its vowel gets stress 0 and counts as reduced.
 */
export function profileOf(phones: readonly string[], withKeys = true, weak?: ArrayLike<boolean>): SoundProfile {
  const bases: string[] = [];
  const vowels: VowelInfo[] = [];
  for (let i = 0; i < phones.length; i++) {
    const p = phones[i];
    if (isVowelPhone(p)) {
      const base = beforeR(p.slice(0, -1), phones[i + 1], phones[i + 2]);
      if (weak?.[i]) {
        vowels.push({ base, stress: 0, full: false, idx: i, weak: true });
        bases.push(base);
        continue;
      }
      const stress = p.charCodeAt(p.length - 1) - 48;
      vowels.push({ base, stress, full: stress > 0 || !REDUCED.has(base), idx: i });
      bases.push(base);
    } else {
      bases.push(p);
    }
  }
  let tailStart = -1;
  for (let k = vowels.length - 1; k >= 0; k--) {
    if (vowels[k].stress > 0) {
      tailStart = k;
      break;
    }
  }
  if (tailStart < 0 && vowels.length) {
    tailStart = vowels.length - 1;
  }
  const keyed = withKeys && tailStart >= 0;
  const rhymeKey = keyed ? bases.slice(vowels[tailStart].idx).join(' ') : '';
  const tailVowels = keyed ? vowels.slice(tailStart).map((v) => v.base).join(' ') : '';
  return { phones, bases, vowels, tailStart, rhymeKey, tailVowels };
}

// Before an R the dictionary's vowels differ where speech does not: here/year
// (IY R / IH R), air/player, tour/poor, four/more. They count as one vowel.
const BEFORE_R: Record<string, string> = { IY: 'IH', EY: 'EH', UW: 'UH', OW: 'AO' };

/**
 * The vowel as heard for rhyme: IY, EY, UW, OW before an R that closes their
 * syllable fold into IH, EH, UH, AO (an R before a vowel starts the next one: "so right").
 */
export function beforeR(base: string, next: string | undefined, afterNext?: string): string {
  if (next !== 'R' || (afterNext !== undefined && isVowelPhone(afterNext))) return base;
  return BEFORE_R[base] ?? base;
}

/**
 * The last word of a phrase keeps its stress: a one-syllable word the
 * dictionary leaves unstressed ("in", "a", "'em") is stressed at the end of a bar.
 */
export function stressLastWord(phones: string[], lastWordStart: number): void {
  let vowelAt = -1;
  for (let i = lastWordStart; i < phones.length; i++) {
    if (isVowelPhone(phones[i])) {
      if (vowelAt >= 0) return;
      vowelAt = i;
    }
  }
  if (vowelAt >= 0 && phones[vowelAt].endsWith('0')) phones[vowelAt] = `${phones[vowelAt].slice(0, -1)}1`;
}

/** Profiles of words and phrases, the most recently used kept (see pronounce.ts's cache). */
const profileCache = wordCache<SoundProfile>();

/** How many word and phrase profiles are cached, and their phones (analyze.ts's `lyricCacheSizes`). */
export const cachedProfiles = (): CacheSize => ({ entries: profileCache.size, phones: profileCache.calculatedSize });

/**
 * True for a one-syllable function word ("my", "the", "I'm"): unstressed
 * inside a phrase unless it is the phrase's last word.
 */
export function isUnstressedWord(word: string, syllables: number): boolean {
  return syllables === 1 && UNSTRESSED_WORDS.has(word);
}

/** Profile of a word or short phrase (words are pronounced and concatenated). Cached. */
export function soundProfile(text: string): SoundProfile {
  const key = typeof text === 'string' ? text : String(text ?? '');
  const hit = profileCache.get(key);
  if (hit) return hit;
  const phones: string[] = [];
  const weak: boolean[] = [];
  const words = key.split(/[\s\-–—/]+/).filter(Boolean);
  let lastStart = 0;
  words.forEach((w, i) => {
    const pr = pronounce(w);
    const isWeak = i < words.length - 1 && isUnstressedWord(pr.word || normalizeWord(w), pr.syllables);
    lastStart = phones.length;
    for (const p of pr.phones) {
      phones.push(p);
      weak.push(isWeak);
    }
  });
  if (words.length > 1) stressLastWord(phones, lastStart);
  const prof = profileOf(phones, true, weak);
  profileCache.set(key, prof);
  return prof;
}

// ---------------------------------------------------------------- similarity tables

const NEAR_VOWELS: Record<string, number> = {
  'AA AO': 0.75,
  'AH UH': 0.5,
  'AA AH': 0.45,
  'IH IY': 0.5,
  'EH IH': 0.45,
  'AE EH': 0.5,
  'EH EY': 0.5,
  'UH UW': 0.5,
  'AO OW': 0.5,
  'AH ER': 0.4,
};
const SCHWA_TARGETS = new Set(['AH', 'IH', 'UH', 'EH']);

export function vowelSim(a: VowelInfo, b: VowelInfo): number {
  if (a.base === b.base) return 1;
  if (!a.full && !b.full) return 0.8;
  // a reduced vowel is heard as whatever lax vowel it sits against (orange / door hinge)
  if ((!a.full && SCHWA_TARGETS.has(b.base)) || (!b.full && SCHWA_TARGETS.has(a.base))) return 0.7;
  const key = a.base < b.base ? `${a.base} ${b.base}` : `${b.base} ${a.base}`;
  return NEAR_VOWELS[key] ?? 0;
}

const CONSONANT_CLASS: Record<string, string> = {
  P: 'stop', B: 'stop', T: 'stop', D: 'stop', K: 'stop', G: 'stop',
  M: 'nasal', N: 'nasal', NG: 'nasal',
  F: 'fric', V: 'fric', TH: 'fric', DH: 'fric', HH: 'fric',
  S: 'sib', Z: 'sib', SH: 'sib', ZH: 'sib', CH: 'sib', JH: 'sib',
  L: 'liquid', R: 'liquid', W: 'glide', Y: 'glide',
};
const STOPS = new Set(['P', 'B', 'T', 'D', 'K', 'G']);
const VOICING_PAIRS = new Set(['B P', 'D T', 'G K', 'F V', 'DH TH', 'S Z', 'SH ZH', 'CH JH']);

export function consonantSim(a: string, b: string): number {
  if (a === b) return 1;
  const key = a < b ? `${a} ${b}` : `${b} ${a}`;
  if (VOICING_PAIRS.has(key)) return 0.85;
  const ca = CONSONANT_CLASS[a];
  const cb = CONSONANT_CLASS[b];
  if (ca && ca === cb) return 0.6;
  if ((ca === 'fric' && cb === 'sib') || (ca === 'sib' && cb === 'fric')) return 0.4;
  return 0.15;
}

function startsWith(long: readonly string[], short: readonly string[]): boolean {
  if (short.length > long.length) return false;
  for (let i = 0; i < short.length; i++) if (long[i] !== short[i]) return false;
  return true;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Similarity of two consonant clusters (the consonants after a vowel). */
export function clusterSim(x: readonly string[], y: readonly string[]): number {
  if (sameArray(x, y)) return 1;
  // open vs closed syllable (say/late, dry/tried): rap hears the vowel, a single stop barely counts
  if (x.length === 0 || y.length === 0) return (x.length || y.length) === 1 && STOPS.has((x[0] ?? y[0]) as string) ? 0.5 : 0.35;
  if (startsWith(x, y) || startsWith(y, x)) return 0.85; // night/nights, mine/mind
  const last = consonantSim(x[x.length - 1], y[y.length - 1]);
  const first = consonantSim(x[0], y[0]);
  // the same nasal or liquid then another ending (wind/begins, held/else): the vowel and its nasal carry it
  if (x[0] === y[0] && (CONSONANT_CLASS[x[0]] === 'nasal' || CONSONANT_CLASS[x[0]] === 'liquid')) return Math.max(0.6, 0.9 * (0.6 * last + 0.4 * first));
  return 0.9 * (0.6 * last + 0.4 * first);
}

function clusterAfter(p: SoundProfile, k: number): readonly string[] {
  const from = p.vowels[k].idx + 1;
  const to = k + 1 < p.vowels.length ? p.vowels[k + 1].idx : p.bases.length;
  return p.bases.slice(from, to);
}

/** Consonant similarity over the last `t` syllables; the final coda weighs most. */
function tailConsonantSim(a: SoundProfile, b: SoundProfile, t: number): { sim: number; same: boolean } {
  const na = a.vowels.length;
  const nb = b.vowels.length;
  let same = true;
  let finalSim = 0;
  let innerSum = 0;
  for (let j = 0; j < t; j++) {
    const ka = na - 1 - j;
    const kb = nb - 1 - j;
    let s = 0;
    if (ka >= 0 && kb >= 0) {
      const ca = clusterAfter(a, ka);
      const cb = clusterAfter(b, kb);
      s = clusterSim(ca, cb);
      if (!sameArray(ca, cb)) same = false;
    } else same = false;
    if (j === 0) finalSim = s;
    else innerSum += s;
  }
  const sim = t > 1 ? 0.7 * finalSim + (0.3 * innerSum) / (t - 1) : finalSim;
  return { sim, same };
}

const NONE: RhymeMatch = Object.freeze({ type: 'none', score: 0, strong: false, identical: false, span: 0, exactVowels: 0 }) as RhymeMatch;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Compare two sound profiles. Pure; cheap (no allocation beyond small slices). */
export function matchProfiles(a: SoundProfile, b: SoundProfile): RhymeMatch {
  const na = a.vowels.length;
  const nb = b.vowels.length;
  if (!na || !nb) return NONE;
  const identical = sameArray(a.bases, b.bases);
  const ka = na - a.tailStart;
  const kb = nb - b.tailStart;
  const t = Math.max(ka, kb);

  // The opening vowel (first of the longer tail, a stressed one) must meet a
  // full vowel: a stressed vowel never rhymes with a schwa or a weak "my".
  const openA = a.vowels[na - t];
  const openB = b.vowels[nb - t];
  if (openA && openB && openA.full !== openB.full) return NONE;

  const lastA = a.vowels[na - 1];
  const lastB = b.vowels[nb - 1];

  // Exact run of vowels from the end. Inside the tails any matching pair counts;
  // beyond them the run only grows up to the last pair of FULL vowels, so
  // reduced pairs ride along between full ones (el-e-va-tor / cel-e-brate her)
  // but never end a run.
  let run = 0;
  let full = 0;
  for (let k = 0, kFull = 0; k < na && k < nb; ) {
    const va = a.vowels[na - 1 - k];
    const vb = b.vowels[nb - 1 - k];
    if (va.base !== vb.base) break;
    const bothFull = va.full && vb.full;
    k++;
    if (bothFull) kFull++;
    if (k <= t || bothFull) {
      run = k;
      full = kFull;
    }
  }

  // Multis are heard on the stressed vowels: reduced ones in between may differ
  // or be missing on one side (paper plan / data plan, fire escape / higher rate).
  if (!(run >= t && run >= 2 && full >= 2)) {
    const sr = stressedRun(a, b);
    if (sr.full >= 2 && sr.spanA >= ka && sr.spanB >= kb) {
      const cons = tailConsonantSim(a, b, Math.min(t, sr.spanA, sr.spanB));
      return { type: 'multi', score: round2(0.88 + 0.1 * cons.sim), strong: true, identical, span: Math.max(sr.spanA, sr.spanB), exactVowels: sr.full };
    }
  }

  if (run >= t) {
    const cons = tailConsonantSim(a, b, t);
    if (run >= 2 && full >= 2) {
      return { type: 'multi', score: round2(0.9 + 0.1 * cons.sim), strong: true, identical, span: run, exactVowels: run };
    }
    if (cons.same) return { type: 'perfect', score: 1, strong: true, identical, span: t, exactVowels: t };
    const score = 0.55 + 0.35 * cons.sim;
    return { type: 'slant', score: round2(score), strong: score >= STRONG_SLANT, identical, span: t, exactVowels: t };
  }

  // Quick reject: one-vowel tails whose vowels are unrelated.
  if (vowelSim(lastA, lastB) === 0 && t === 1) return NONE;

  // Partial: weigh each tail position; stressed positions count double and must be close.
  let wSum = 0;
  let sSum = 0;
  let exact = 0;
  for (let j = 0; j < t; j++) {
    const ia = na - 1 - j;
    const ib = nb - 1 - j;
    const s = ia >= 0 && ib >= 0 ? vowelSim(a.vowels[ia], b.vowels[ib]) : 0;
    const stressedPos = j === ka - 1 || j === kb - 1;
    // Stressed vowels must be close; any vowel that is simply different breaks it (corner/story).
    if (s < (stressedPos ? 0.45 : 0.4)) return NONE;
    const w = stressedPos ? 2 : 1;
    wSum += w;
    sSum += w * s;
    if (s === 1) exact++;
  }
  const vowelScore = sSum / wSum;
  const cons = tailConsonantSim(a, b, t);
  const score = 0.6 * vowelScore + 0.4 * cons.sim;
  if (score < 0.5) return NONE;
  return { type: 'slant', score: round2(score), strong: score >= STRONG_SLANT, identical, span: t, exactVowels: exact };
}

/** Unstressed vowels allowed between two matched stressed vowels, on each side. */
const MAX_GAP = 2;

/**
 * Match the STRESSED vowels of both sides from the end, skipping unstressed
 * ones (and weak function words): the same number of unstressed vowels after
 * the last stressed one on both sides (the ending's rhythm), then up to
 * MAX_GAP unstressed vowels (differing by at most one between the sides, and
 * never by a function word) before each further stressed vowel. Returns how
 * many full vowels matched in sequence and how many vowels each side spans.
 */
export function stressedRun(a: SoundProfile, b: SoundProfile): { full: number; spanA: number; spanB: number } {
  let i = a.vowels.length - 1;
  let j = b.vowels.length - 1;
  let full = 0;
  let spanA = 0;
  let spanB = 0;
  for (;;) {
    let ga = 0;
    let gb = 0;
    let wa = 0;
    let wb = 0;
    for (; i - ga >= 0 && a.vowels[i - ga].stress === 0; ga++) if (a.vowels[i - ga].weak) wa++;
    for (; j - gb >= 0 && b.vowels[j - gb].stress === 0; gb++) if (b.vowels[j - gb].weak) wb++;
    // One side may have one more unstressed syllable inside a word (broken crown / whole town),
    // never an extra function word ("then we left" / "get rest" keeps apart).
    if (full === 0 ? ga !== gb : ga > MAX_GAP || gb > MAX_GAP || Math.abs(ga - gb) > 1 || wa !== wb) break;
    const ia = i - ga;
    const jb = j - gb;
    if (ia < 0 || jb < 0 || a.vowels[ia].base !== b.vowels[jb].base) break;
    full++;
    spanA = a.vowels.length - ia;
    spanB = b.vowels.length - jb;
    i = ia - 1;
    j = jb - 1;
  }
  return { full, spanA, spanB };
}

/**
 * Detailed comparison of two words or short phrases ("orange", "door hinge").
 * The same word on both sides is a repeat, not a rhyme: type 'none', identical true.
 */
export function rhymeMatch(a: string, b: string): RhymeMatch {
  const pa = soundProfile(a);
  const pb = soundProfile(b);
  const m = matchProfiles(pa, pb);
  const na = phraseKey(a);
  if (na && na === phraseKey(b)) return { ...m, type: 'none', strong: false, identical: true };
  return m;
}

/** 'perfect' | 'slant' | 'multi' | 'none' for two words or short phrases. */
export function classifyRhyme(a: string, b: string): RhymeType {
  return rhymeMatch(a, b).type;
}

function phraseKey(s: string): string {
  return String(s ?? '')
    .split(/\s+/)
    .map(normalizeWord)
    .filter(Boolean)
    .join(' ');
}
