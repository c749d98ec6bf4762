// Phrase ideas: two- and three-word phrases that land on the same stressed
// vowels as the end of a line ("paper plan": major fan, later, man, data plan).
// Built from frequent words only (SUBTLEX-US, the same floor as rhyme ideas and
// a higher one for the first word) and checked with the rhyme matcher itself, so
// every phrase offered really matches. Ranked by how natural the pair is: how
// common both words are, plus the shapes English pairs take most (adjective or
// noun before a noun: "major fan", "data plan"; a parting word and a vocative:
// "later, man"), minus shapes that rarely make a phrase (an adverb or a verb
// form before a noun, a function word carrying the rhyme).
import { ADLIBS, STOPWORDS } from './common-words';
import { commonness, isIdeaWord, wordCount } from './frequency';
import { normalizeWord } from './pronounce';
import { pronounce } from './pronounce';
import { matchProfiles, profileOf, soundProfile, type SoundProfile } from './rhyme';
import { ideaWordsByTail, rhymeIdeas } from './ideas';

export interface PhraseIdea {
  /** The phrase as it would be written ("later, man"). */
  text: string;
  words: string[];
  /** How natural the pair is, 0..1 (higher first). */
  score: number;
  /** 'multi' when two or more stressed vowels match, else 'perfect'. */
  type: 'multi' | 'perfect';
}

export interface PhraseIdeasOptions {
  /** Max results (default 12). */
  limit?: number;
}

// Everyday adjectives: an adjective before a noun is the most natural two-word phrase.
const ADJECTIVES = new Set(
  `able active afraid alive alone angry awake bad best better big bitter black blind blue bold brave brief bright broke
  broken brown busy calm careful cheap clean clear close cold common cool crazy cruel dark dead deadly dear deep dirty
  double dry early easy empty equal evil extra fair fake false famous fancy fast fat final fine first flat foreign free
  fresh full funny gentle giant glad gold golden good grand gray great green gross guilty happy hard heavy high holy
  honest hot huge humble hungry jealous kind large last late lazy legal little live lonely long loose lost loud low
  loyal lucky mad main major minor modern naked narrow nasty neat new next nice noble normal odd old only open pale
  perfect plain poor pretty private proper proud pure quick quiet rare raw ready real rich right rough round royal rude
  sad safe same secret serious sharp short shy sick silent silly simple single slow small smart smooth soft solid sore
  special steady stiff still strange strong stupid sudden sweet tall tight tiny tired total tough true ugly used usual
  wet white whole wide wild wise wrong young later greater stable crazy shady lazy lately sunny money holy lonely`.split(/\s+/),
);

// Words said to a person at the end of a phrase ("later, man").
const VOCATIVES = new Set(['man', 'fam', 'bro', 'dawg', 'girl', 'boy', 'son', 'kid', 'dude', 'baby', 'homie', 'mama', 'sis']);
// Words that open such a phrase.
const OPENERS = new Set(['later', 'okay', 'easy', 'thank', 'thanks', 'sorry', 'hey', 'yo', 'peace', 'welcome', 'never', 'listen', 'trust', 'relax', 'goodbye', 'damn']);
// Everyday verbs (and their past forms) that read as no phrase in "adjective + noun" slots.
const VERBS = new Set(
  `ran began can said went came made took gave got let saw knew told sold held felt kept left met paid laid sat stood
  run go come make take give get let see know tell sell hold feel keep leave meet pay lay sit stand say is was were are
  did does done been have has had will would could should might must shall do am be stay play pray weigh break shake
  take fake wake save waste chase trade raise blame spend lend send bring sing swing win spin dig hit quit sit spit kick
  pick flip drop stop lock rock pop hold fold roll ride hide fly buy try lie die cry write fight light`.split(/\s+/),
);
// Words that stand after a verb, not before a noun ("afraid", "away"): no first word of a pair.
const PREDICATIVE = new Set('afraid alone away ahead against along ago asleep awake alive aware apart around about above across aside anew abroad afar'.split(' '));

// Short words that carry an unstressed ending after a stressed word ("paid in", "made it").
const TAIL_WORDS = ['in', 'it', 'up', 'on', 'out', 'her', 'em'];

const isVerbForm = (w: string): boolean => /(?:ed|ing)$/.test(w) && w.length > 4;
const isAdverb = (w: string): boolean => w.endsWith('ly') && !ADJECTIVES.has(w) && w.length > 4;

/** How natural "w1 w2" is as a phrase, 0..1. */
export function pairNaturalness(w1: string, w2: string): number {
  const c1 = commonness(wordCount(w1));
  const c2 = commonness(wordCount(w2));
  let s = 0.3 * c1 + 0.3 * c2;
  if (ADJECTIVES.has(w1) && !isVerbForm(w2) && !STOPWORDS.has(w2)) s += 0.3;
  else if (!STOPWORDS.has(w1) && !isVerbForm(w1) && !isAdverb(w1) && !STOPWORDS.has(w2) && !isVerbForm(w2)) s += 0.15; // noun + noun: data plan
  if (OPENERS.has(w1) && VOCATIVES.has(w2)) s += 0.3;
  if (isAdverb(w1)) s -= 0.15;
  if (isVerbForm(w1) && !STOPWORDS.has(w2)) s -= 0.1;
  if (STOPWORDS.has(w1)) s -= 0.2;
  if (ADLIBS.has(w1) || ADLIBS.has(w2)) s -= 0.3;
  if (VERBS.has(w2) || VERBS.has(w1)) s -= 0.25;
  if (PREDICATIVE.has(w1)) s -= 0.3;
  if (ADJECTIVES.has(w1) && ADJECTIVES.has(w2)) s -= 0.35; // "good right": two modifiers make no phrase
  return Math.max(0, Math.min(1, s));
}

function display(w1: string, w2: string): string {
  return OPENERS.has(w1) && VOCATIVES.has(w2) ? `${w1}, ${w2}` : `${w1} ${w2}`;
}

/** The line's ending: its last words up to three, as the rhyme matcher sees them. */
export function lineEnding(line: string): string {
  const words = String(line ?? '').split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}$']+|[^\p{L}\p{N}']+$/gu, '')).filter(Boolean);
  let vowels = 0;
  const out: string[] = [];
  for (let i = words.length - 1; i >= 0 && out.length < 3 && vowels < 3; i--) {
    out.unshift(words[i]);
    vowels += soundProfile(words[i]).vowels.length;
  }
  return out.join(' ');
}

/** Stressed vowels of a profile, last first (function words inside the phrase are unstressed). */
function stressedFromEnd(p: SoundProfile): string[] {
  const out: string[] = [];
  for (let k = p.vowels.length - 1; k >= 0; k--) if (p.vowels[k].stress > 0) out.push(p.vowels[k].base);
  return out;
}

/** A phrase whose words after the first are all unstressed ("made it in", said with the stress on made). */
function tailProfile(words: string[]): SoundProfile {
  const phones: string[] = [];
  const weak: boolean[] = [];
  words.forEach((w, i) => {
    for (const p of pronounce(w).phones) {
      phones.push(p);
      weak.push(i > 0);
    }
  });
  return profileOf(phones, true, weak);
}

const cache = new Map<string, PhraseIdea[]>();

/**
 * Two- and three-word phrases that match the last 2-3 stressed vowels of a
 * line (or of a phrase). With one stressed vowel at the end (stayin'), the
 * phrases land on it and its unstressed ending ("paid in", "made it in").
 */
export function phraseIdeas(lineOrPhrase: string, options: PhraseIdeasOptions = {}): PhraseIdea[] {
  const limit = Math.max(0, Math.min(50, Math.floor(options.limit ?? 12)));
  const ending = lineEnding(lineOrPhrase);
  if (!ending || !limit) return [];
  const key = `${ending.toLowerCase()}|${limit}`;
  const hit = cache.get(key);
  if (hit) return hit.map((p) => ({ ...p, words: [...p.words] }));

  const target = soundProfile(ending);
  const stressed = stressedFromEnd(target);
  if (!stressed.length) return [];
  const own = new Set(ending.split(/\s+/).map(normalizeWord));
  const endWord = normalizeWord(ending.split(/\s+/).at(-1) ?? '');
  const found = new Map<string, PhraseIdea>();
  const syllables = target.vowels.length;
  const consider = (words: string[], unstressedTail = false): void => {
    const text = words.length === 2 ? display(words[0], words[1]) : words.join(' ');
    if (found.has(text) || words.every((w) => own.has(w))) return;
    if (words.slice(0, -1).some((w) => own.has(w)) && own.has(words.at(-1) ?? '')) return; // the line's own words back
    const m = matchProfiles(target, unstressedTail ? tailProfile(words) : soundProfile(words.join(' ')));
    if (m.type === 'none' || m.identical) return;
    const multi = m.type === 'multi';
    if (stressed.length >= 2 && !multi) return;
    if (stressed.length < 2 && m.type !== 'perfect' && !(m.type === 'slant' && m.strong && m.exactVowels >= 1)) return;
    // A verb before "in", "it", "up" is how such endings are said ("paid in", "made it in").
    const nat = unstressedTail
      ? 0.4 * commonness(wordCount(words[0])) + (VERBS.has(words[0]) || /ed$/.test(words[0]) ? 0.35 : 0) - (PREDICATIVE.has(words[0]) ? 0.3 : 0)
      : pairNaturalness(words[0], words[words.length - 1]);
    // a plural answering a singular reads as a stretch ("open rights" for "no lights" is fine, "alone bites" less so)
    const last = words[words.length - 1];
    const plural = last.endsWith('s') && !endWord.endsWith('s') ? 0.1 : 0;
    // the same number of syllables keeps the flow (paper plan: major fan, later, man)
    const rhythm = soundProfile(words.join(' ')).vowels.length === syllables ? 0.15 : 0;
    const ownEnd = own.has(words[words.length - 1]) ? 0.1 : 0;
    const score = (0.7 * nat + 0.3 * m.score + rhythm - ownEnd - plural + (multi ? 0.05 : 0)) / 1.2;
    found.set(text, { text, words, score: Math.round(Math.max(0, Math.min(1, score)) * 100) / 100, type: multi ? 'multi' : 'perfect' });
  };

  // The last word's rhymes (and the word itself: "data plan" keeps "plan").
  const lastRhymes = [endWord, ...rhymeIdeas(endWord, { types: ['perfect'], limit: 24, order: 'rank' }).map((i) => i.word)].filter(
    (w) => w && isIdeaWord(w) && !STOPWORDS.has(w),
  );

  const tailVowels = target.vowels.length - target.tailStart;
  if (stressed.length >= 2) {
    // First word: a frequent word whose last stressed vowel is the line's second-to-last stressed vowel.
    const firsts = ideaWordsByTail(stressed[1], 140);
    for (const w1 of firsts) for (const w2 of lastRhymes.slice(0, 16)) if (w1 !== w2) consider([w1, w2]);
  } else if (tailVowels >= 2) {
    // One stressed vowel with an unstressed ending: a stressed word plus a short word ("paid in"),
    // or plus "it" and the short word ("made it in").
    const firsts = ideaWordsByTail(stressed[0], 80);
    for (const w1 of firsts) {
      for (const t of TAIL_WORDS) {
        consider([w1, t], true);
        if (t !== 'it') consider([w1, 'it', t], true);
      }
    }
  } else {
    // One stressed vowel at the very end: an everyday adjective before a rhyme word ("real kind").
    const firsts = [...ADJECTIVES].filter((w) => isIdeaWord(w)).sort((a, b) => wordCount(b) - wordCount(a)).slice(0, 40);
    for (const w1 of firsts) for (const w2 of lastRhymes.slice(0, 16)) if (w1 !== w2) consider([w1, w2]);
  }
  const out = [...found.values()].sort((a, b) => b.score - a.score || a.text.length - b.text.length || (a.text < b.text ? -1 : 1)).slice(0, limit);
  if (cache.size > 300) cache.clear();
  cache.set(key, out);
  return out.map((p) => ({ ...p, words: [...p.words] }));
}
