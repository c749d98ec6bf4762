// Rhyme ideas from a reverse index over the CMU dictionary, and the built-in
// "next line" suggestions. The index is built lazily on the first call (one
// pass over the dictionary, ~117k plain words) and holds only typed arrays of
// entry ids into the dictionary (lexicon.ts), no strings of its own but the
// few thousand keys, so it stays small (about 2 MB, 0.5 MB of it V8 heap).
// Candidates are ranked by how common they are in everyday speech (SUBTLEX-US
// subtitle frequencies, frequency.ts, loaded on the first rhymeIdeas call), and
// names and rare spellings are dropped: the CMU dictionary is full of surnames
// ("luth", "knuth", "wermuth" for "truth").
import { analyzeLyrics } from './analyze';
import { entryCount, entryPhones, entryText, entryWord } from './lexicon';
import { phraseIdeas } from './phrases';
import { ADLIBS, COMMON_WORDS, STOPWORDS, UNSTRESSED_WORDS } from './common-words';
import { commonness, countPerMillion, isIdeaWord, wordCount } from './frequency';
import { normalizeWord, pronounce } from './pronounce';
import { beforeR, classifyRhyme, matchProfiles, profileOf, soundProfile, type SoundProfile } from './rhyme';
import type {
  FamilyType,
  LyricToken,
  NextLineIdea,
  NextLineIdeaKind,
  RhymeIdea,
  RhymeIdeaGroup,
  RhymeIdeasOptions,
} from './types';

interface RhymeIndex {
  /** Per word id: its dictionary entry (lexicon.ts), which gives the word and its phones. */
  entries: Int32Array;
  /** Key: vowels of the tail (from the last stressed vowel), e.g. "AY" or "AH IY". */
  byTail: Map<string, Int32Array>;
  /** Key: the last two vowels, e.g. "AY AY"; finds multis whose stress falls earlier. */
  byLast2: Map<string, Int32Array>;
  /**
   * Per word id, filled on first use: its SUBTLEX count, -1 = not an idea
   * (rare, a name, a contraction piece), -2 = not yet known. The count also
   * gives the commonness and the frequency shown, so ranking needs no second
   * look-up per candidate.
   */
  counts: Int32Array;
}

// Never suggest slurs, whatever they rhyme with.
const BLOCKED = new Set([
  'nigger', 'niggers', 'nigga', 'niggas', 'faggot', 'faggots', 'fag', 'fags', 'retard', 'retards', 'retarded',
  'chink', 'chinks', 'spic', 'spics', 'kike', 'kikes', 'wetback', 'wetbacks', 'tranny', 'dyke', 'dykes', 'coon', 'coons',
]);

// Never offered as rhyme ideas either: obscure or ugly words that pass the
// frequency floor (abbreviations said as words, names subtitles write in lower
// case, clinical words) and articles or prepositions that carry no rhyme.
const UNWANTED = new Set([
  'sarin', 'lan', 'gen', 'san', 'bart', 'ax', 'ted', 'sec', 'ma', 'pa', 'mon', 'ole', 'ope', 'fro', 'nah', 'yeh', 'nam',
  'circumcision', 'incision', 'fart', 'farts', 'enema', 'anal', 'rectal', 'rectum', 'urine', 'pus', 'scrotum',
  'an', 'than', 'the', 'of', 'a', 'to', 'from', 'at', 'per', 'via', 'amid', 'upon', 'unto', 'thee', 'thou', 'thy', 'ye',
]);

/** Rhyme ideas prefer words at least this common (about 1 per million words); rarer ones only fill a short list. */
const PREFERRED_COUNT = 50;
/** Every list gets at least this many ideas when the language has them. */
const MIN_LIST = 8;

let index: RhymeIndex | null = null;
const PLAIN = /^[a-z]+$/;
const HAS_VOWEL = /[aeiouy]/;

/** An everyday word (RhymeIdea.common): at least 5 per million words of subtitles. */
const COMMON_PER_MILLION = 5;

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

function buildIndex(): RhymeIndex {
  const entries: number[] = [];
  const byTail = new Map<string, number[]>();
  const byLast2 = new Map<string, number[]>();
  const tailKey: string[] = [];
  const n = entryCount();
  for (let entry = 0; entry < n; entry++) {
    const word = entryWord(entry);
    // Plain words only: skips "word(2)" variants, abbreviations with dots,
    // digits, and letter soup without vowels.
    if (word.length > 14 || !PLAIN.test(word) || !HAS_VOWEL.test(word)) continue;
    if (word.length === 1 && word !== 'a' && word !== 'i') continue;
    if (BLOCKED.has(word) || UNWANTED.has(word)) continue;
    const ph = entryPhones(entry);
    let nv = 0;
    let tail = -1;
    tailKey.length = 0;
    for (let k = 0; k < ph.length; k++) {
      const p = ph[k];
      const d = p.charCodeAt(p.length - 1);
      if (!(d >= 48 && d <= 50)) continue;
      if (d > 48) tail = nv;
      // the next phone and the one after it, for the vowel-before-R rule (here / year)
      const vowel = p.slice(0, -1);
      tailKey.push(ph[k + 1] === 'R' ? beforeR(vowel, 'R', ph[k + 2]) : vowel);
      nv++;
    }
    if (!nv) continue;
    if (tail < 0) tail = nv - 1;
    const id = entries.length;
    entries.push(entry);
    push(byTail, tail === 0 ? tailKey.join(' ') : tailKey.slice(tail).join(' '), id);
    if (nv >= 2) push(byLast2, `${tailKey[nv - 2]} ${tailKey[nv - 1]}`, id);
  }
  const counts = new Int32Array(entries.length).fill(-2);
  return { entries: Int32Array.from(entries), byTail: packed(byTail), byLast2: packed(byLast2), counts };
}

/** The id lists as typed arrays: exactly sized (no spare room from growing) and outside the V8 heap. */
function packed(map: Map<string, number[]>): Map<string, Int32Array> {
  const out = new Map<string, Int32Array>();
  for (const [key, ids] of map) out.set(key, Int32Array.from(ids));
  return out;
}

function getIndex(): RhymeIndex {
  if (!index) index = buildIndex();
  return index;
}

/** -1 when the word is no idea (rare, a name), else its SUBTLEX count. Cached per word id. */
function ideaCount(idx: RhymeIndex, id: number): number {
  let n = idx.counts[id];
  if (n === -2) {
    const word = entryWord(idx.entries[id]);
    n = isIdeaWord(word) ? wordCount(word) : -1;
    idx.counts[id] = n;
  }
  return n;
}

/**
 * Commonness 0..1 of an idea's count, at 32-bit precision: the ranks were
 * tuned on values cached in a Float32Array, and rounding them the same way
 * keeps every rank, tie and order as it was.
 */
function ideaCommonness(count: number): number {
  return Math.fround(commonness(count));
}

const resultCache = new Map<string, RhymeIdea[]>();

/**
 * Ranked rhyme candidates for a word or short phrase: perfect, multi and slant.
 * Only real, everyday words: at least MIN_IDEA_COUNT occurrences in SUBTLEX-US
 * and not a name (frequency.ts), or in the built-in common-words list.
 * Order: perfect and multi rhymes, then strong slants, then weak slants; inside
 * each tier by similarity + 0.5 * commonness (log frequency, 0..1) - 0.02 per
 * letter beyond 9, so common words come first. Function words and ad-libs are
 * never slant ideas.
 * By default the best `limit` ideas are returned grouped by syllable count
 * (fewest first, best first within a group); `order: 'rank'` keeps rank order.
 */
export function rhymeIdeas(wordOrPhrase: string, options: RhymeIdeasOptions = {}): RhymeIdea[] {
  const target = String(wordOrPhrase ?? '').trim();
  const limit = Math.max(0, Math.floor(options.limit ?? 30));
  const types = options.types?.length ? options.types : (['perfect', 'multi', 'slant'] as FamilyType[]);
  const syl = options.syllables;
  const order = options.order === 'rank' ? 'rank' : 'syllables';
  const cacheKey = `${target.toLowerCase()}|${syl ?? ''}|${limit}|${types.join(',')}|${order}`;
  const hit = resultCache.get(cacheKey);
  if (hit) return hit.map((r) => ({ ...r }));

  const prof = soundProfile(target);
  if (!prof.vowels.length || limit === 0) return [];
  const idx = getIndex();
  // The target's own words and their inflections (night -> nights) are not ideas.
  const exclude = new Set<string>();
  for (const w of target.split(/\s+/).map(normalizeWord).filter(Boolean)) {
    const stemE = w.endsWith('e') ? w.slice(0, -1) : w;
    for (const f of [w, `${w}s`, `${w}es`, `${w}ed`, `${w}d`, `${w}ing`, `${stemE}ing`, `${w}er`, `${w}ers`]) exclude.add(f);
    if (w.endsWith('s')) exclude.add(w.slice(0, -1));
  }

  const ids = new Set<number>(idx.byTail.get(prof.tailVowels) ?? []);
  if (prof.vowels.length >= 2) {
    for (const id of idx.byLast2.get(prof.vowels.slice(-2).map((v) => v.base).join(' ')) ?? []) ids.add(id);
  }

  // A dropped-g target ("stayin'", said -in) rhymes with -ing words said the same way (sayin', playin').
  const droppedG = prof.bases.at(-1) === 'N' && /in['\u2019]?$/i.test(target) && pronounce(target.split(/\s+/).at(-1) ?? '').word.endsWith('ing');

  const ranked: Array<RhymeIdea & { tier: number; rank: number; phones: string; rare: boolean }> = [];
  for (const id of ids) {
    const entry = idx.entries[id];
    const word = entryWord(entry);
    if (exclude.has(word)) continue;
    // Frequency first: it is a table lookup and drops most of the dictionary's surnames.
    const count = ideaCount(idx, id);
    if (count < 0) continue;
    const c = ideaCommonness(count);
    let candidatePhones = entryPhones(entry);
    if (droppedG && word.endsWith('ing') && candidatePhones.at(-1) === 'NG') candidatePhones = [...candidatePhones.slice(0, -1), 'N'];
    const cp: SoundProfile = profileOf(candidatePhones, false);
    const syllables = cp.vowels.length;
    if (syl !== undefined && syllables !== syl) continue;
    const m = matchProfiles(prof, cp);
    if (m.type === 'none' || m.identical) continue;
    if (m.type === 'slant') {
      if (m.score < 0.6) continue;
      // "do", "the", "uh" are no slant ideas for "truth" or "love".
      if (STOPWORDS.has(word) || ADLIBS.has(word)) continue;
    }
    const tier = m.type !== 'slant' ? 0 : m.strong ? 1 : 2;
    const rank = m.score + 0.5 * c - Math.max(0, word.length - 9) * 0.02;
    const frequency = Math.round(countPerMillion(count) * 100) / 100;
    const shown = droppedG && word.endsWith('ing') ? `${word.slice(0, -1)}'` : word;
    const rare = count < PREFERRED_COUNT && !COMMON_WORDS.has(word);
    ranked.push({ word: shown, type: m.type, score: m.score, syllables, common: frequency >= COMMON_PER_MILLION, frequency, tier, rank, phones: entryText(entry), rare });
  }
  ranked.sort((a, b) => a.tier - b.tier || b.rank - a.rank || a.word.length - b.word.length || (a.word < b.word ? -1 : 1));
  // Rare words (under about 1 per million: "sleuth", "kumquat") only when the list would be short without them.
  const everyday = ranked.filter((r) => !r.rare);
  const pool = everyday.length >= Math.min(MIN_LIST, limit) ? everyday : [...everyday, ...ranked.filter((r) => r.rare)];
  // A plural of a better rhyme is no new idea (night: "lights" when "light" is there).
  const strong = new Set(pool.filter((r) => r.type !== 'slant').map((r) => r.word));
  // One spelling per pronunciation, the best-ranked (lip, not lipp; down, not downe).
  const sounds = new Set<string>();
  const fresh = pool.filter((r) => {
    if (sounds.has(r.phones)) return false;
    sounds.add(r.phones);
    if (r.type === 'slant' && r.word.endsWith('s') && (strong.has(r.word.slice(0, -1)) || strong.has(r.word.slice(0, -2)))) return false;
    return types.includes(r.type);
  });
  const best = fresh.slice(0, limit).map(({ tier: _tier, rank: _rank, phones: _phones, rare: _rare, ...r }) => r);
  // Stable sort: rank order survives inside each syllable group.
  const out = order === 'syllables' ? best.sort((a, b) => a.syllables - b.syllables) : best;
  if (resultCache.size > 500) resultCache.clear();
  resultCache.set(cacheKey, out);
  return out.map((r) => ({ ...r }));
}

/** Ideas grouped by syllable count, fewest syllables first; each group keeps the ideas' order. */
export function groupRhymeIdeas(ideas: readonly RhymeIdea[]): RhymeIdeaGroup[] {
  const groups = new Map<number, RhymeIdea[]>();
  for (const idea of ideas) {
    const g = groups.get(idea.syllables);
    if (g) g.push(idea);
    else groups.set(idea.syllables, [idea]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([syllables, list]) => ({ syllables, ideas: list }));
}

// ---------------------------------------------------------------- next line ideas

/** How many rhyme words each next-line target carries (one-click chips in the app). */
const CHIPS = 8;

function listWords(ideas: RhymeIdea[], from: number, n: number): string[] {
  return ideas.slice(from, from + n).map((i) => i.word);
}

/**
 * A target's rhyme words: the ones its text names, then the rest of its ranked
 * list from where they were taken (wrapping round to the best), up to CHIPS.
 */
function chips(named: string[], pool: RhymeIdea[], from: number): string[] {
  const out = new Set(named);
  for (let k = 0; k < pool.length && out.size < CHIPS; k++) out.add(pool[(from + k) % pool.length].word);
  return [...out].slice(0, CHIPS);
}

/** "light / fight / tonight (perfect), honey (multi)": words grouped by type, in rank order. */
export function describeIdeas(ideas: RhymeIdea[]): string {
  const groups: Array<[FamilyType, string[]]> = [];
  for (const i of ideas) {
    const g = groups.find(([t]) => t === i.type);
    if (g) g[1].push(i.word);
    else groups.push([i.type, [i.word]]);
  }
  return groups.map(([t, ws]) => `${ws.join(' / ')} (${t})`).join(', ');
}

function wordOf(t: LyricToken): string {
  return t.word || t.text.toLowerCase();
}

/**
 * Ending phrase for a multi target: the end word if it holds two full vowels
 * itself (money), else the content word before it plus the end word ("city
 * night"); null when the vowel before the end word is only a function word.
 */
function multiPhrase(tokens: LyricToken[]): string | null {
  const sounding = tokens.filter((t) => t.phones.length);
  const end = sounding[sounding.length - 1];
  if (!end) return null;
  const fullVowels = (w: string): number => soundProfile(w).vowels.filter((v) => v.full).length;
  if (fullVowels(wordOf(end)) >= 2) return wordOf(end);
  const before = sounding[sounding.length - 2];
  if (!before || STOPWORDS.has(wordOf(before))) return null;
  return `${wordOf(before)} ${wordOf(end)}`;
}

// How a vowel is usually spelt, for sounds an artist reads ("-ay-in'", "-an").
const VOWEL_SPELLING: Record<string, string> = {
  AA: 'ah', AE: 'a', AH: 'uh', AO: 'aw', AW: 'ow', AY: 'i', EH: 'e', ER: 'er', EY: 'ay', IH: 'i', IY: 'ee', OW: 'o', OY: 'oy', UH: 'oo', UW: 'oo',
};

/**
 * The end sound as it is written: the end word's letters from its stressed
 * vowel ("stayin'" -> "-ayin'", "night" -> "-ight", "money" -> "-oney"), or
 * the stressed vowels spelt out when the letters do not line up with the sound.
 */
export function spellEndSound(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z']/g, '');
  const prof = soundProfile(word);
  if (!prof.vowels.length || !w) return word;
  let groups = [...w.matchAll(/[aeiou]+y?|y(?![aeiou])/g)];
  // a silent final e (there, time, made) is no syllable of its own
  if (groups.length === prof.vowels.length + 1 && /[^aeiou]e$/.test(w)) groups = groups.slice(0, -1);
  if (groups.length === prof.vowels.length) {
    const g = groups[prof.tailStart];
    if (g?.index !== undefined) return `-${w.slice(g.index)}`;
  }
  return `-${prof.vowels.slice(prof.tailStart).map((v) => VOWEL_SPELLING[v.base] ?? v.base.toLowerCase()).join('-')}`;
}

/** The bar's stress pattern, one mark per syllable: DUM for a stressed syllable, da for the rest. */
export function stressPattern(tokens: readonly LyricToken[]): string {
  const marks: string[] = [];
  const sounding = tokens.filter((t) => t.phones.length);
  sounding.forEach((t, i) => {
    const weak = i < sounding.length - 1 && t.syllables === 1 && UNSTRESSED_WORDS.has(t.word);
    for (const p of t.phones) {
      const d = p.charCodeAt(p.length - 1);
      if (d < 48 || d > 50) continue;
      marks.push(!weak && d === 49 ? 'DUM' : !weak && d === 50 && t.syllables > 2 ? 'DUM' : 'da');
    }
  });
  return marks.join(' ');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return 0;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
}

/**
 * Built-in suggestions for the next bar (used when no AI model is configured):
 * always `count` concrete TARGETS (4 by default), never written lines. Each
 * names the syllable count that fits the verse (the median of its bars), the
 * end sound to land on with rhyme words and a phrase idea, and the stress
 * pattern of the bar it answers: "13 syllables, land on -ayin': sayin',
 * playin', paid in". Returns [] for empty text.
 */
export function nextLineIdeas(text: string, count = 4): NextLineIdea[] {
  const n = Math.max(0, Math.min(20, Math.floor(Number.isFinite(count) ? count : 4)));
  if (!n) return [];
  const a = analyzeLyrics(text);
  const bars = a.lines.filter((l) => l.kind === 'bar' && l.tokens.some((t) => t.phones.length));
  const last = bars[bars.length - 1];
  if (!last) return [];
  const endTok = [...last.tokens].reverse().find((t) => t.phones.length);
  if (!endTok) return [];
  const target = endTok.text.toLowerCase().endsWith("in'") ? endTok.text.toLowerCase() : wordOf(endTok);
  const verseBars = bars.filter((b) => b.verse === last.verse);
  const syllables = median(verseBars.map((b) => b.syllables)) || last.syllables;
  const aim = `${syllables} syllable${syllables === 1 ? '' : 's'}`;
  const stress = stressPattern(last.tokens);
  const sound = spellEndSound(target);

  const main = rhymeIdeas(target, { types: ['perfect', 'multi'], limit: 24, order: 'rank' });
  const slant = rhymeIdeas(target, { types: ['slant'], limit: 16, order: 'rank' });
  // Phrases that land on the end word's own sound ("paid in" for stayin'), one word's worth of stress.
  const phrases = phraseIdeas(target, { limit: 12 }).map((p) => p.text);
  const phrase = multiPhrase(last.tokens);
  const multiPhrases = phrase && phrase !== target ? phraseIdeas(phrase.replace(/ing$/, endTok.text.toLowerCase().endsWith("in'") ? "in'" : 'ing'), { limit: 12 }).filter((p) => p.type === 'multi').map((p) => p.text) : [];
  const tailVowel = soundProfile(target).vowels.at(-1)?.base ?? '';

  const ideas: NextLineIdea[] = [];
  const add = (kind: NextLineIdeaKind, textOut: string, rhymes: string[], extra: { target?: string; sound?: string; phrases?: string[] } = {}): void => {
    if (!rhymes.length && !(extra.phrases ?? []).length) return;
    if (ideas.some((i) => i.text === textOut)) return;
    ideas.push({ text: textOut, kind, target: extra.target ?? target, syllables, rhymes, source: 'engine', sound: extra.sound ?? sound, phrases: extra.phrases ?? [], stress });
  };
  const kindOf = (xs: RhymeIdea[]): NextLineIdeaKind => (xs.length && xs.every((x) => x.type === 'multi') ? 'multi' : 'perfect');
  const list = (words: string[]) => words.join(', ');

  // 1. Land on the same end sound: two rhyme words and a phrase idea.
  let used = 0;
  const first = main.slice(0, 2);
  used += first.length;
  const p1 = phrases.slice(0, 1);
  add(kindOf(first), `${aim}, land on ${sound}: ${list([...first.map((r) => r.word), ...p1])}`, chips(first.map((r) => r.word), main, 0), { phrases: p1 });

  // 2. A multi on the last two stressed vowels: phrase ideas first.
  if (phrase && (multiPhrases.length || phrase.includes(' '))) {
    const mp = multiPhrases.slice(0, 3);
    const mw = rhymeIdeas(phrase, { types: ['multi'], limit: 12, order: 'rank' }).filter((r) => !phrase.split(' ').includes(r.word));
    const named = [...mp, ...mw.slice(0, Math.max(0, 3 - mp.length)).map((r) => r.word)];
    if (named.length) {
      add('multi', `${aim}, land a multi on "${phrase}" (${spellStressed(phrase)}): ${list(named)}`, chips(mw.slice(0, 3).map((r) => r.word), mw, 0), {
        target: phrase,
        sound: spellStressed(phrase),
        phrases: mp,
      });
    }
  }

  // 3. Answer the bar before for an ABAB feel, when its ending differs.
  const prev = verseBars.length >= 2 ? verseBars[verseBars.length - 2] : undefined;
  const prevEnd = prev ? [...prev.tokens].reverse().find((t) => t.phones.length) : undefined;
  const prevWord = prevEnd ? wordOf(prevEnd) : '';
  if (prev && prevWord && prevWord !== target && classifyRhyme(prevWord, target) === 'none') {
    const alt = rhymeIdeas(prevWord, { types: ['perfect', 'multi'], limit: CHIPS, order: 'rank' });
    const altPhrases = phraseIdeas(prev.text, { limit: 2 }).map((p) => p.text);
    add('scheme', `${aim}, answer bar ${prev.bar} on ${spellEndSound(prevWord)} for an ABAB feel: ${list([...alt.slice(0, 2).map((r) => r.word), ...altPhrases.slice(0, 1)])}`, chips([], alt, 0), {
      target: prevWord,
      sound: spellEndSound(prevWord),
      phrases: altPhrases.slice(0, 1),
    });
  }

  // 4. Rhyme twice in the bar: one word mid-bar, another at the end.
  const inner = listWords(main, used, 2);
  if (inner.length === 2) {
    used += 2;
    add('internal', `${aim}, rhyme twice: "${inner[0]}" mid-bar, land on "${inner[1]}" (${sound})`, chips(inner, main, used));
  }

  // 5. A slant on the same stressed vowel.
  const s1 = listWords(slant, 0, 3);
  if (s1.length) add('slant', `${aim}, slant on the ${VOWEL_SPELLING[tailVowel] ?? tailVowel} of ${sound}: ${list(s1)}`, chips(s1, slant, 0));

  // More batches until there are enough.
  let pUsed = 1;
  while (ideas.length < n && (used < main.length || pUsed < phrases.length)) {
    const more = main.slice(used, used + 2).map((r) => r.word);
    const morePhrases = phrases.slice(pUsed, pUsed + 1);
    used += 2;
    pUsed += 1;
    if (!more.length && !morePhrases.length) break;
    add(more.length ? kindOf(main.slice(used - 2, used)) : 'perfect', `${aim}, land on ${sound} again: ${list([...more, ...morePhrases])}`, chips(more, main, used), { phrases: morePhrases });
  }
  let sUsed = s1.length;
  while (ideas.length < n && sUsed < slant.length) {
    const more = listWords(slant, sUsed, 3);
    sUsed += more.length;
    add('slant', `${aim}, another slant on ${sound}: ${list(more)}`, chips(more, slant, sUsed));
  }
  // Nothing rhymes (a made-up word): still a target to write towards.
  if (ideas.length < n) {
    const vowelOnly = VOWEL_SPELLING[tailVowel] ?? tailVowel;
    const variants: Array<[NextLineIdeaKind, string]> = [
      ['slant', `${aim}, end on any word with the ${vowelOnly} sound of ${sound}`],
      ['internal', `${aim}, repeat "${target}" mid-bar and end on a word with its ${vowelOnly} sound`],
      ['scheme', `${aim}, start a new end sound here and answer it in the next bar`],
      ['perfect', `${aim}, end on "${target}" again as a refrain`],
    ];
    for (const [kind, t] of variants) {
      if (ideas.length >= n) break;
      ideas.push({ text: t, kind, target, syllables, rhymes: [], source: 'engine', sound, phrases: [], stress });
    }
  }
  return ideas.slice(0, n);
}

/** The stressed vowels of a phrase, spelt: "paper plan" -> "ay…a". */
function spellStressed(phrase: string): string {
  const v = soundProfile(phrase).vowels.filter((x) => x.stress > 0).slice(-2);
  return v.map((x) => VOWEL_SPELLING[x.base] ?? x.base.toLowerCase()).join('…');
}

/**
 * Frequent everyday words whose last stressed vowel is `vowel`, followed by at
 * most one unstressed vowel (EY: great, day, paper, major, later), most common
 * first: the first words of phrase ideas.
 */
export function ideaWordsByTail(vowel: string, n: number): string[] {
  const idx = getIndex();
  const out: Array<[string, number]> = [];
  for (const [key, ids] of idx.byTail) {
    const parts = key.split(' ');
    if (parts[0] !== vowel || parts.length > 2) continue;
    for (const id of ids) {
      const word = entryWord(idx.entries[id]);
      if (STOPWORDS.has(word) || ADLIBS.has(word) || UNSTRESSED_WORDS.has(word) || word.length < 3) continue;
      const count = ideaCount(idx, id);
      if (count < 0) continue;
      const c = ideaCommonness(count);
      if (c < 0.3) continue; // about 160 in 51 million words and up: frequent words only
      out.push([word, c]);
    }
  }
  out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return out.slice(0, n).map(([w]) => w);
}

/**
 * Build the reverse index now (e.g. at server start) instead of on the first
 * rhymeIdeas call. The word frequencies are not loaded here: they load on the
 * first rhymeIdeas call, i.e. when Lyric Assist is first used.
 */
export function warmRhymeIndex(): void {
  getIndex();
}
