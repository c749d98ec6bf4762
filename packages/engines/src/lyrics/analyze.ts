// analyzeLyrics: one pass over the text that gives the UI everything it needs
// to highlight live (per-token offsets, families, roles, scheme letters) plus
// the measures the score is built from. Pure and synchronous; the notepad
// re-runs it on every keystroke, so the work per verse stays near-linear:
// end words are compared pairwise (bars^2, small), every other comparison is
// limited to the same bar and the bar before.
import { wordCache, type CacheSize } from './word-cache';
import { ADLIBS, COMMON_WORDS, STOPWORDS } from './common-words';
import { findCliches } from './cliches';
import { cachedPronunciations, inDictionary, normalizeWord, pronounce } from './pronounce';
import { cachedProfiles, isUnstressedWord, matchProfiles, profileOf, stressLastWord, type RhymeMatch, type SoundProfile } from './rhyme';
import { splitLines, type RawLine } from './tokenize';
import type {
  BarJump,
  ClicheHit,
  FamilyType,
  LineKind,
  LyricLine,
  LyricsAnalysis,
  LyricsMeasures,
  LyricToken,
  LyricVerse,
  RepeatedWord,
  RhymeFamily,
  RhymePairExample,
  RhymeRole,
} from './types';

/** Bars to look back for internal rhymes and cross-word multis (same bar + this many before). */
const WINDOW = 1;
/** End phrase used for end-rhyme comparison: up to this many words / vowels. */
const END_WORDS = 3;
const END_VOWELS = 3;
/** End words are compared with this many previous bars of the verse (keeps huge pastes linear). */
const END_LOOKBACK = 32;
/** Longest multi we try to extend (in vowels). */
const MAX_RUN = 6;

interface Tok {
  gi: number;
  line: number;
  ti: number;
  raw: string;
  start: number;
  end: number;
  word: string;
  phones: readonly string[];
  syllables: number;
  prof: SoundProfile;
  /** Id of the normalised word, for cheap "same word" checks and pair caching. */
  wordId: number;
  /** Position of the token's bar inside its verse. */
  barPos: number;
  isEndWord: boolean;
  /** Content word: may take part in internal rhymes. */
  content: boolean;
  /**
   * One-syllable function word ("I", "my", "the") that does not end its bar:
   * unstressed, so its vowel never counts as a full vowel of a multi and the
   * word never joins a rhyme family.
   */
  weak: boolean;
  /** Offset of the token's first vowel in its verse's syllable stream; -1 without vowels. */
  sylOffset: number;
}

interface Edge {
  a: number;
  b: number;
  type: FamilyType;
  internal: boolean;
  sound: string;
}

/** One rhyme between two places in the text (what the measures count). */
interface Link {
  type: FamilyType;
  internal: boolean;
  /** Matched vowels. */
  length: number;
  /** Offsets of the two rhyming stretches, for examples. */
  spanA: [number, number];
  spanB: [number, number];
}

const TYPE_RANK: Record<FamilyType, number> = { multi: 3, perfect: 2, slant: 1 };

// ---------------------------------------------------------------- caches

/** Sound profiles by token and by line ending, the most recently used kept (see pronounce.ts's cache). */
const tokenProfileCache = wordCache<SoundProfile>();

function tokenProfile(raw: string, phones: readonly string[]): SoundProfile {
  let p = tokenProfileCache.get(raw);
  if (!p) {
    p = profileOf(phones);
    tokenProfileCache.set(raw, p);
  }
  return p;
}

/** Canonical form for counting words: restores dropped g's without apostrophes (hustlin -> hustling). */
export function canonicalWord(word: string): string {
  if (word.length > 4 && word.endsWith('in') && !inDictionary(word) && inDictionary(`${word}g`)) return `${word}g`;
  return word;
}

const HEADER = /^\s*[[({].*[\])}]\s*:?\s*$/;

function lineKind(line: RawLine): LineKind {
  if (line.blank || line.tokens.length === 0) return 'blank';
  if (HEADER.test(line.text)) return 'header';
  return 'bar';
}

// ---------------------------------------------------------------- union-find

class UnionFind {
  private parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(x: number): number {
    let r = x;
    while (this.parent[r] !== r) r = this.parent[r];
    while (this.parent[x] !== r) {
      const next = this.parent[x];
      this.parent[x] = r;
      x = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

// ---------------------------------------------------------------- main

export function analyzeLyrics(text: string): LyricsAnalysis {
  return analyzeWithLinks(text).analysis;
}

/** Tokens, bars and verses: every word pronounced once, bars numbered, verses split at blank lines and headers. */
function tokenizeBars(rawLines: RawLine[]): {
  toks: Tok[];
  lineToks: Tok[][];
  kinds: LineKind[];
  barOf: Array<number | null>;
  verseOf: Array<number | null>;
  verses: number[][];
} {
  const toks: Tok[] = [];
  const wordIds = new Map<string, number>();
  const lineToks: Tok[][] = [];
  const kinds: LineKind[] = [];
  const barOf: Array<number | null> = [];
  const verseOf: Array<number | null> = [];
  const verses: number[][] = [];
  let bar = 0;
  let current: number[] | null = null;

  for (const line of rawLines) {
    const kind = lineKind(line);
    kinds.push(kind);
    const list: Tok[] = [];
    lineToks.push(list);
    if (kind !== 'bar') {
      barOf.push(null);
      verseOf.push(null);
      current = null;
      continue;
    }
    if (!current) {
      current = [];
      verses.push(current);
    }
    bar++;
    barOf.push(bar);
    verseOf.push(verses.length - 1);
    const barPos = current.length;
    current.push(line.index);
    for (let ti = 0; ti < line.tokens.length; ti++) {
      const rt = line.tokens[ti];
      const pr = pronounce(rt.text);
      const word = canonicalWord(pr.word || normalizeWord(rt.text));
      let wordId = wordIds.get(word);
      if (wordId === undefined) {
        wordId = wordIds.size;
        wordIds.set(word, wordId);
      }
      const tok: Tok = {
        gi: toks.length,
        line: line.index,
        ti,
        raw: rt.text,
        start: rt.start,
        end: rt.end,
        word,
        phones: pr.phones,
        syllables: pr.syllables,
        prof: tokenProfile(rt.text, pr.phones),
        wordId,
        barPos,
        isEndWord: false,
        content: word !== '' && !STOPWORDS.has(word) && !ADLIBS.has(word),
        weak: isUnstressedWord(word, pr.syllables),
        sylOffset: -1,
      };
      toks.push(tok);
      list.push(tok);
    }
    // The end word is the last token that has a sound (skips trailing unknown-script tokens).
    for (let k = list.length - 1; k >= 0; k--) {
      if (list[k].prof.vowels.length) {
        list[k].isEndWord = true;
        list[k].weak = false; // a bar's last word carries stress ("...that's why" / "...in the sky")
        break;
      }
    }
  }
  return { toks, lineToks, kinds, barOf, verseOf, verses };
}

/** One rhyme the analysis found: its kind, whether it sits inside a bar, and the two stretches of text. */
export interface RhymeLink {
  type: FamilyType;
  /** false: the two bars' endings rhyme (an end rhyme); true: a rhyme inside a bar or from inside one bar to another. */
  internal: boolean;
  /** Matched vowels. */
  length: number;
  /** Offsets [start, end) of the two rhyming stretches in the text. */
  a: [number, number];
  b: [number, number];
}

/** analyzeLyrics plus every rhyme link it counted (for the evaluation set and tests). */
export function analyzeWithLinks(text: string): { analysis: LyricsAnalysis; links: RhymeLink[] } {
  const src = typeof text === 'string' ? text : String(text ?? '');
  const rawLines = splitLines(src);

  const { toks, lineToks, kinds, barOf, verseOf, verses } = tokenizeBars(rawLines);

  const graph = new RhymeGraph(toks.length);
  const schemeOf: Array<string | null> = rawLines.map(() => null);
  const verseInfo: LyricVerse[] = [];
  const rhymedBars = new Set<number>();
  let rhymingSyllables = 0;

  verses.forEach((verseLines, vIndex) => {
    const verse = startVerse(verseLines, lineToks);
    const letters = endRhymes(verse, graph, rhymedBars);
    letters.forEach((letter, i) => (schemeOf[verseLines[i]] = letter));
    verseInfo.push({ index: vIndex, lines: verseLines.slice(), scheme: letters.join('') });
    internalRhymes(verse, graph);
    crossWordMultis(verse, graph);
    for (let s = 0; s < verse.rhymed.length; s++) rhymingSyllables += verse.rhymed[s];
  });

  const { uf, edges, links, touched, endCovered } = graph;
  for (const t of toks) if (t.isEndWord && touched[t.gi]) endCovered[t.gi] = 1;

  // ---- families
  const families = buildFamilies(toks, uf, edges, touched, endCovered);
  const familyOf = new Map<number, RhymeFamily>();
  for (const f of families) for (const m of f.members) familyOf.set(tokIndexKey(m.line, m.token), f);

  const lines = buildLines(rawLines, { kinds, lineToks, barOf, verseOf, schemeOf, touched, endCovered, familyOf });

  const measures = computeMeasures(src, lines, toks, verseInfo, links, families, rhymingSyllables, rhymedBars);
  const found = [...links.values()].map((l) => ({ type: l.type, internal: l.internal, length: l.length, a: l.spanA, b: l.spanB }));
  return { analysis: { lines, verses: verseInfo, families, measures }, links: found };
}

// ---------------------------------------------------------------- the rhyme graph

/**
 * Every rhyme found so far: the links the measures count, the edges that join words into families
 * (union-find), which tokens rhyme at all and which sit in a bar's rhyming ending.
 */
class RhymeGraph {
  readonly uf: UnionFind;
  readonly edges = new Map<string, Edge>();
  readonly links = new Map<string, Link>();
  readonly touched: Uint8Array;
  readonly endCovered: Uint8Array;

  constructor(size: number) {
    this.uf = new UnionFind(size);
    this.touched = new Uint8Array(size);
    this.endCovered = new Uint8Array(size);
  }

  addEdge(a: Tok, b: Tok, type: FamilyType, internal: boolean, sound: string): void {
    const key = a.gi < b.gi ? `${a.gi}:${b.gi}` : `${b.gi}:${a.gi}`;
    const prev = this.edges.get(key);
    if (!prev || TYPE_RANK[type] > TYPE_RANK[prev.type]) this.edges.set(key, { a: a.gi, b: b.gi, type, internal: prev ? prev.internal && internal : internal, sound });
    this.uf.union(a.gi, b.gi);
    this.touched[a.gi] = 1;
    this.touched[b.gi] = 1;
  }

  addLink(a: Tok, b: Tok, link: Link, sound: string): void {
    const key = a.gi < b.gi ? `${a.gi}:${b.gi}` : `${b.gi}:${a.gi}`;
    const prev = this.links.get(key);
    if (!prev || TYPE_RANK[link.type] > TYPE_RANK[prev.type]) this.links.set(key, prev ? { ...link, internal: prev.internal && link.internal } : link);
    this.addEdge(a, b, link.type, link.internal, sound);
  }
}

// ---------------------------------------------------------------- one verse

/** A verse's bars and its syllable stream (vowels only), with the syllables that rhyme marked. */
interface Verse {
  lines: number[];
  barToks: Tok[][];
  stream: Array<{ tok: Tok; k: number }>;
  rhymed: Uint8Array;
}

function startVerse(verseLines: number[], lineToks: Tok[][]): Verse {
  // Syllable stream of the verse (vowels only), for density marks and multis.
  const stream: Array<{ tok: Tok; k: number }> = [];
  const barToks = verseLines.map((li) => lineToks[li]);
  for (const list of barToks) {
    for (const t of list) {
      if (!t.prof.vowels.length) continue;
      t.sylOffset = stream.length;
      for (let k = 0; k < t.prof.vowels.length; k++) stream.push({ tok: t, k });
    }
  }
  return { lines: verseLines, barToks, stream, rhymed: new Uint8Array(stream.length) };
}

/** Marks the last `n` vowels of a token as rhyming. */
function markTokenTail(verse: Verse, t: Tok, n: number): void {
  const vc = t.prof.vowels.length;
  for (let k = Math.max(0, vc - n); k < vc; k++) verse.rhymed[t.sylOffset + k] = 1;
}

/** Marks the last `n` vowels of an end phrase as rhyming. */
function markPhraseTail(verse: Verse, e: EndPhrase, n: number): void {
  let left = n;
  for (const t of e.toks) {
    if (left <= 0) break;
    const vc = t.prof.vowels.length;
    markTokenTail(verse, t, Math.min(vc, left));
    left -= vc;
  }
}

/** End rhymes between the verse's bars and their scheme letters (one per bar, '-' for a bar without sound). */
function endRhymes(verse: Verse, graph: RhymeGraph, rhymedBars: Set<number>): string[] {
  const ends = verse.barToks.map((list) => endPhrase(list));
  const letters: string[] = [];
  let nextLetter = 0;
  for (let i = 0; i < ends.length; i++) {
    const ei = ends[i];
    let bestScore = -1;
    let bestLetter: string | null = null;
    if (ei) {
      for (let j = i - 1; j >= Math.max(0, i - END_LOOKBACK); j--) {
        const ej = ends[j];
        if (!ej) continue;
        let s: number;
        if (ej.last.wordId === ei.last.wordId) {
          s = 0.95; // a repeated end word (refrain) keeps its letter but is not a rhyme
        } else {
          const m = matchProfiles(ei.prof, ej.prof);
          if (!m.strong || m.type === 'none') continue;
          s = m.score + (m.type === 'multi' ? 0.05 : 0);
          linkEnds(verse, graph, ei, ej, m);
          rhymedBars.add(verse.lines[i]);
          rhymedBars.add(verse.lines[j]);
        }
        if (s > bestScore) {
          bestScore = s;
          bestLetter = letters[j];
        }
      }
    }
    letters.push(bestLetter ?? (ei ? letterFor(nextLetter++) : '-'));
  }
  return letters;
}

function linkEnds(verse: Verse, graph: RhymeGraph, a: EndPhrase, b: EndPhrase, m: RhymeMatch): void {
  const type = m.type as FamilyType;
  const sound = type === 'multi' ? a.prof.vowels.slice(-m.span).map((v) => v.base).join(' ') : a.prof.rhymeKey;
  const ca = coverTokens(a, m.span);
  const cb = coverTokens(b, m.span);
  for (const t of ca) graph.endCovered[t.gi] = 1;
  for (const t of cb) graph.endCovered[t.gi] = 1;
  graph.addLink(a.last, b.last, { type, internal: false, length: m.span, spanA: spanOf(ca), spanB: spanOf(cb) }, sound);
  // multi / multi-vowel slants: every covered word with a full vowel joins the family
  // (an unstressed "my" or "the" inside the span does not)
  for (const t of ca) if (t !== a.last && hasFullVowel(t)) graph.addEdge(a.last, t, type, false, sound);
  for (const t of cb) if (t !== b.last && hasFullVowel(t)) graph.addEdge(b.last, t, type, false, sound);
  markPhraseTail(verse, a, m.span);
  markPhraseTail(verse, b, m.span);
}

/** Internal rhymes between single words (same bar and WINDOW bars back). */
function internalRhymes(verse: Verse, graph: RhymeGraph): void {
  const pairCache = new Map<number, RhymeMatch>();
  const cands: Tok[] = [];
  for (const list of verse.barToks) for (const t of list) if (t.prof.vowels.length && (t.content || t.isEndWord)) cands.push(t);
  for (let qi = 0; qi < cands.length; qi++) {
    const q = cands[qi];
    for (let pi = qi - 1; pi >= 0; pi--) {
      const p = cands[pi];
      if (p.barPos < q.barPos - WINDOW) break;
      if (p.wordId === q.wordId || (p.isEndWord && q.isEndWord)) continue;
      const key = p.wordId < q.wordId ? p.wordId * 1_048_576 + q.wordId : q.wordId * 1_048_576 + p.wordId;
      let m = pairCache.get(key);
      if (!m) {
        m = matchProfiles(p.prof, q.prof);
        pairCache.set(key, m);
      }
      if (!m.strong || m.type === 'none' || m.identical) continue;
      const sound = m.type === 'multi' ? q.prof.vowels.slice(-m.span).map((v) => v.base).join(' ') : q.prof.rhymeKey;
      graph.addLink(p, q, { type: m.type, internal: true, length: m.span, spanA: [p.start, p.end], spanB: [q.start, q.end] }, sound);
      markTokenTail(verse, p, m.span);
      markTokenTail(verse, q, m.span);
    }
  }
}

/** Multis across word boundaries: matching vowel runs ending on word ends (same bar and WINDOW bars back). */
function crossWordMultis(verse: Verse, graph: RhymeGraph): void {
  const { stream, rhymed } = verse;
  const anchors: number[] = [];
  for (let s = 0; s < stream.length; s++) {
    const next = stream[s + 1];
    if (!next || next.tok !== stream[s].tok) anchors.push(s);
  }
  for (let qi = 0; qi < anchors.length; qi++) {
    const q = anchors[qi];
    const tq = stream[q].tok;
    // An unstressed function word ("I", "my") never anchors a rhyme.
    if (tq.weak) continue;
    for (let pi = qi - 1; pi >= 0; pi--) {
      const p = anchors[pi];
      const tp = stream[p].tok;
      if (tp.barPos < tq.barPos - WINDOW) break;
      if (tp.weak || tp.wordId === tq.wordId) continue;
      if (tp.prof.vowels[stream[p].k].base !== tq.prof.vowels[stream[q].k].base) continue;
      const run = vowelRun(stream, p, q);
      if (run < 2) continue;
      const sound: string[] = [];
      for (let k = run - 1; k >= 0; k--) {
        const sv = stream[q - k];
        sound.push(sv.tok.prof.vowels[sv.k].base);
      }
      const soundKey = sound.join(' ');
      const covered: Tok[] = [];
      for (let k = 0; k < run; k++) {
        rhymed[p - k] = 1;
        rhymed[q - k] = 1;
        const si = stream[p - k];
        const sj = stream[q - k];
        if (isFull(si) && isFull(sj)) {
          if (!covered.includes(si.tok)) covered.push(si.tok);
          if (!covered.includes(sj.tok)) covered.push(sj.tok);
        }
      }
      const internal = !(tp.isEndWord && tq.isEndWord);
      if (!internal) for (const t of covered) graph.endCovered[t.gi] = 1;
      const first = (s: number): Tok => stream[s - run + 1].tok;
      graph.addLink(tp, tq, { type: 'multi', internal, length: run, spanA: [first(p).start, tp.end], spanB: [first(q).start, tq.end] }, soundKey);
      for (const t of covered) if (t !== tp && t !== tq) graph.addEdge(tp, t, 'multi', internal, soundKey);
    }
  }
}

/**
 * Length in vowels of the multi that ends on stream positions p < q (walking back from both), or
 * 0 when it is not one: fewer than two pairs of full vowels, or short of either anchor word's
 * stressed tail.
 */
function vowelRun(stream: Array<{ tok: Tok; k: number }>, p: number, q: number): number {
  const tp = stream[p].tok;
  const tq = stream[q].tok;
  let run = 0;
  let full = 0;
  // Reduced (and weak) vowels may match inside the anchor words' stressed
  // tails, and beyond them only between full matches: the run ends on the
  // last pair of full vowels, as in matchProfiles.
  const tails = Math.max(tailLength(tp), tailLength(tq));
  for (let k = 0, kFull = 0; k < MAX_RUN; ) {
    const i = p - k;
    const j = q - k;
    if (i < 0 || j <= p) break;
    const si = stream[i];
    const sj = stream[j];
    if (si.tok.barPos !== tp.barPos || sj.tok.barPos !== tq.barPos) break;
    const vi = si.tok.prof.vowels[si.k];
    const vj = sj.tok.prof.vowels[sj.k];
    // reduced vowels between stressed ones may differ (paper plan / data plan)
    if (vi.base !== vj.base && (k === 0 || isFull(si) || isFull(sj) || si.tok.weak || sj.tok.weak)) break;
    // the same word in the same slot on both sides is repetition, not rhyme
    if (k > 0 && si.tok.wordId === sj.tok.wordId && si.tok !== tp) break;
    const bothFull = isFull(si) && isFull(sj);
    // The opening vowel (first of the longer tail, stressed) must meet a full vowel.
    if (k === tails - 1 && !bothFull) break;
    k++;
    if (bothFull) kFull++;
    if (k <= tails || bothFull) {
      run = k;
      full = kFull;
    }
  }
  if (run < 2 || full < 2) return 0;
  // the run must cover both anchor words' stressed tails
  if (run < tailLength(tp) || run < tailLength(tq)) return 0;
  return run;
}

/** The lines the UI draws: per-token offsets, family ids and roles, syllables and scheme letters. */
function buildLines(
  rawLines: RawLine[],
  at: {
    kinds: LineKind[];
    lineToks: Tok[][];
    barOf: Array<number | null>;
    verseOf: Array<number | null>;
    schemeOf: Array<string | null>;
    touched: Uint8Array;
    endCovered: Uint8Array;
    familyOf: Map<number, RhymeFamily>;
  },
): LyricLine[] {
  const { kinds, lineToks, barOf, verseOf, schemeOf, touched, endCovered, familyOf } = at;
  return rawLines.map((rl, li) => {
    const kind = kinds[li];
    const list = lineToks[li];
    const tokens: LyricToken[] =
      kind === 'bar'
        ? list.map((t) => {
            const fam = touched[t.gi] ? familyOf.get(tokIndexKey(t.line, t.ti)) ?? null : null;
            const role: RhymeRole | null = fam ? (endCovered[t.gi] ? 'end' : 'internal') : null;
            return { text: t.raw, word: t.word, start: t.start, end: t.end, syllables: t.syllables, phones: t.phones.slice(), family: fam ? fam.id : null, rhyme: role };
          })
        : rl.tokens.map((rt) => ({ text: rt.text, word: normalizeWord(rt.text), start: rt.start, end: rt.end, syllables: 0, phones: [], family: null, rhyme: null }));
    return {
      index: rl.index,
      kind,
      bar: barOf[li],
      verse: verseOf[li],
      start: rl.start,
      end: rl.end,
      text: rl.text,
      syllables: kind === 'bar' ? tokens.reduce((s, t) => s + t.syllables, 0) : 0,
      tokens,
      scheme: schemeOf[li],
    };
  });
}

/** Offsets from the first to the last of some tokens given last-first. */
function spanOf(ts: Tok[]): [number, number] {
  return [ts[ts.length - 1].start, ts[0].end];
}

function tokIndexKey(line: number, token: number): number {
  return line * 65_536 + token;
}

function tailLength(t: Tok): number {
  return t.prof.vowels.length - t.prof.tailStart;
}

/** A word that can join a rhyme family: it has a full vowel and is not an unstressed function word. */
function hasFullVowel(t: Tok): boolean {
  return !t.weak && t.prof.vowels.some((v) => v.full);
}

/** A syllable of the stream with a full vowel (a weak function word's vowel is not). */
function isFull(s: { tok: Tok; k: number }): boolean {
  return !s.tok.weak && s.tok.prof.vowels[s.k].full;
}

function letterFor(n: number): string {
  const base = String.fromCharCode(65 + (n % 26));
  return n < 26 ? base : `${base}${Math.floor(n / 26)}`;
}

// ---------------------------------------------------------------- end phrases

interface EndPhrase {
  /** Tokens from the end of the bar backwards (last word first). */
  toks: Tok[];
  last: Tok;
  prof: SoundProfile;
}

const phraseProfileCache = wordCache<SoundProfile>();

/** The entries each of the lyric engine's word caches holds now, and their phones: each is bounded in phones (ADRs 067 and 068). */
export function lyricCacheSizes(): Record<'pronunciations' | 'profiles' | 'tokenProfiles' | 'phraseProfiles', CacheSize> {
  const size = (cache: typeof tokenProfileCache): CacheSize => ({ entries: cache.size, phones: cache.calculatedSize });
  return { pronunciations: cachedPronunciations(), profiles: cachedProfiles(), tokenProfiles: size(tokenProfileCache), phraseProfiles: size(phraseProfileCache) };
}

function endPhrase(list: Tok[]): EndPhrase | null {
  const picked: Tok[] = [];
  let vowels = 0;
  for (let k = list.length - 1; k >= 0 && picked.length < END_WORDS && vowels < END_VOWELS; k--) {
    const t = list[k];
    if (!t.prof.vowels.length) {
      if (picked.length) break;
      continue; // trailing unknown-script token
    }
    picked.push(t);
    vowels += t.prof.vowels.length;
  }
  if (!picked.length) return null;
  const key = picked.map((t) => t.raw.toLowerCase()).join(' ');
  let prof = phraseProfileCache.get(key);
  if (!prof) {
    // Function words before the last word are unstressed ("my wall" rhymes on wall only).
    const phones: string[] = [];
    const weak: boolean[] = [];
    let lastStart = 0;
    for (let k = picked.length - 1; k >= 0; k--) {
      const t = picked[k];
      if (k === 0) lastStart = phones.length;
      for (const ph of t.phones) {
        phones.push(ph);
        weak.push(k > 0 && t.weak);
      }
    }
    if (picked.length > 1) stressLastWord(phones, lastStart);
    prof = profileOf(phones, true, weak);
    phraseProfileCache.set(key, prof);
  }
  return { toks: picked, last: picked[0], prof };
}

/** Tokens (last first) that hold the last `span` vowels of the end phrase. */
function coverTokens(e: EndPhrase, span: number): Tok[] {
  const out: Tok[] = [];
  let left = span;
  for (const t of e.toks) {
    if (left <= 0) break;
    out.push(t);
    left -= t.prof.vowels.length;
  }
  return out;
}

// ---------------------------------------------------------------- families

function buildFamilies(
  toks: Tok[],
  uf: UnionFind,
  edges: Map<string, Edge>,
  touched: Uint8Array,
  endCovered: Uint8Array,
): RhymeFamily[] {
  const groups = new Map<number, Tok[]>();
  for (const t of toks) {
    if (!touched[t.gi]) continue;
    const r = uf.find(t.gi);
    const g = groups.get(r);
    if (g) g.push(t);
    else groups.set(r, [t]);
  }
  const best = new Map<number, Edge>();
  for (const e of edges.values()) {
    const r = uf.find(e.a);
    const prev = best.get(r);
    if (!prev || TYPE_RANK[e.type] > TYPE_RANK[prev.type]) best.set(r, e);
  }
  const ordered = [...groups.entries()]
    .filter(([, g]) => new Set(g.map((t) => t.wordId)).size >= 2)
    .sort((a, b) => a[1][0].start - b[1][0].start);
  return ordered.map(([root, g], i) => {
    const e = best.get(root);
    return {
      id: `f${i}`,
      colorIndex: i,
      type: e ? e.type : 'slant',
      sound: e ? e.sound : g[0].prof.rhymeKey,
      members: g.map((t) => ({ line: t.line, token: t.ti, text: t.raw, start: t.start, end: t.end, role: endCovered[t.gi] ? 'end' : 'internal' })),
      words: [...new Set(g.map((t) => t.word))],
    };
  });
}

// ---------------------------------------------------------------- measures

const NUMERIC = /^\d/;

/** A word (or its plain inflection) is in the common list. */
function isCommon(word: string): boolean {
  if (COMMON_WORDS.has(word)) return true;
  for (const suf of ['s', 'es', 'ed', 'd', 'ing', "'s", 'er', 'ly', 'y']) {
    if (word.length > suf.length + 2 && word.endsWith(suf)) {
      const stem = word.slice(0, -suf.length);
      if (COMMON_WORDS.has(stem) || COMMON_WORDS.has(`${stem}e`) || (stem.length > 3 && stem.at(-1) === stem.at(-2) && COMMON_WORDS.has(stem.slice(0, -1)))) return true;
    }
  }
  return false;
}

function computeMeasures(
  src: string,
  lines: LyricLine[],
  toks: Tok[],
  verses: LyricVerse[],
  links: Map<string, Link>,
  families: RhymeFamily[],
  rhymingSyllables: number,
  rhymedBars: Set<number>,
): LyricsMeasures {
  const bars = lines.filter((l) => l.kind === 'bar');
  const syllablesPerBar = bars.map((l) => l.syllables);
  const totalSyllables = syllablesPerBar.reduce((s, x) => s + x, 0);
  const mean = bars.length ? totalSyllables / bars.length : 0;

  // Pooled within-verse standard deviation: a short hook next to a long verse is fine.
  let sq = 0;
  const barJumps: BarJump[] = [];
  for (const v of verses) {
    const counts = v.lines.map((li) => lines[li].syllables);
    const vm = counts.reduce((s, x) => s + x, 0) / (counts.length || 1);
    for (const c of counts) sq += (c - vm) ** 2;
    for (let i = 1; i < v.lines.length; i++) {
      const a = lines[v.lines[i - 1]];
      const b = lines[v.lines[i]];
      const lo = Math.min(a.syllables, b.syllables);
      const hi = Math.max(a.syllables, b.syllables);
      if (hi - lo >= 5 && hi >= 1.4 * Math.max(lo, 1)) {
        barJumps.push({ fromBar: a.bar ?? 0, toBar: b.bar ?? 0, from: a.syllables, to: b.syllables });
      }
    }
  }
  const sd = bars.length ? Math.sqrt(sq / bars.length) : 0;

  // Words
  const words = toks.filter((t) => t.word !== '');
  const counts = new Map<string, number>();
  for (const t of words) counts.set(t.word, (counts.get(t.word) ?? 0) + 1);
  const contentWords = [...counts.keys()].filter((w) => !STOPWORDS.has(w) && !ADLIBS.has(w) && !NUMERIC.test(w));
  const rareWords = contentWords.filter((w) => w.length >= 3 && /^[a-z']+$/.test(w) && !isCommon(w));
  const repetitions: RepeatedWord[] = [];
  for (const w of contentWords) {
    const c = counts.get(w) ?? 0;
    if (w.length >= 2 && (c >= 4 || (c >= 3 && c / words.length >= 0.08))) repetitions.push({ word: w, count: c });
  }
  repetitions.sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));

  // Clichés, bar by bar
  const cliches: ClicheHit[] = [];
  for (const l of bars) {
    const lw = l.tokens.map((t) => t.word);
    for (const [phrase, i, j] of findCliches(lw)) cliches.push({ phrase, bar: l.bar ?? 0, start: l.tokens[i].start, end: l.tokens[j].end });
  }

  // Rhyme links
  let perfect = 0;
  let slant = 0;
  let multi = 0;
  let internal = 0;
  let longestMulti = 0;
  const multis: Link[] = [];
  for (const e of links.values()) {
    if (e.type === 'perfect') perfect++;
    else if (e.type === 'slant') slant++;
    else {
      multi++;
      multis.push(e);
      longestMulti = Math.max(longestMulti, e.length);
    }
    if (e.internal) internal++;
  }
  // Longest multis make the best examples; skip repeats of the same pair of phrases.
  multis.sort((x, y) => y.length - x.length || x.spanA[0] - y.spanA[0]);
  const multiExamples: RhymePairExample[] = [];
  const seen = new Set<string>();
  for (const e of multis) {
    const a = src.slice(e.spanA[0], e.spanA[1]);
    const b = src.slice(e.spanB[0], e.spanB[1]);
    const key = `${a.toLowerCase()}|${b.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    multiExamples.push({ a, b, type: 'multi' });
    if (multiExamples.length >= 3) break;
  }

  const barsInRhymingVerses = verses.filter((v) => v.lines.length >= 2).reduce((s, v) => s + v.lines.length, 0);

  return {
    bars: bars.length,
    verses: verses.length,
    words: words.length,
    syllables: totalSyllables,
    syllablesPerBar,
    meanSyllables: round(mean, 1),
    syllableStdDev: round(sd, 2),
    barJumps,
    rhymeDensity: totalSyllables ? round(Math.min(1, rhymingSyllables / totalSyllables), 3) : 0,
    rhymingSyllables,
    endRhymeRatio: barsInRhymingVerses ? round(rhymedBars.size / barsInRhymingVerses, 3) : 0,
    perfectRhymes: perfect,
    slantRhymes: slant,
    multiRhymes: multi,
    internalRhymes: internal,
    longestMulti,
    multiExamples,
    families: families.length,
    schemes: verses.map((v) => v.scheme),
    uniqueWords: counts.size,
    vocabularyRichness: words.length ? round(counts.size / words.length, 3) : 0,
    rareWords,
    rareWordRatio: contentWords.length ? round(rareWords.length / contentWords.length, 3) : 0,
    repetitions,
    cliches,
  };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
