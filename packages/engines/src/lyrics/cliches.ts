// Phrase-level rap clichés. Matched on normalised words (case, punctuation and
// dropped g's ignored), so "Started from the BOTTOM," and "hustlin'" both hit.
import { normalizeWord } from './pronounce';

const CLICHES = [
  'started from the bottom',
  'from the bottom to the top',
  'money on my mind',
  'real recognize real',
  'hustle hard',
  'grind',
  'on the grind',
  'grind all day',
  'no days off',
  'keep it real',
  'keeping it real',
  'haters gonna hate',
  'all my haters',
  'get this money',
  'stack my paper',
  'stacking paper',
  'came from nothing',
  'came up from nothing',
  'from rags to riches',
  'rags to riches',
  'dreams into reality',
  'living the dream',
  'ride or die',
  'trust nobody',
  'trust no one',
  'count my blessings',
  'every day i am hustling',
  'every day im hustling',
  'make it rain',
  'pop bottles',
  'popping bottles',
  'ice on my wrist',
  'drip too hard',
  'by any means necessary',
  'go hard or go home',
  'all eyes on me',
  'on top of the world',
  'top of the game',
  'king of the game',
  'took the long way',
  'blood sweat and tears',
  'never gave up',
  'never give up',
  'against all odds',
  'cash rules everything',
  'mo money mo problems',
  'loyalty over everything',
  'fake friends',
  'only god can judge me',
  'the struggle is real',
  'chasing my dreams',
  'chase the bag',
  'secure the bag',
  'in the streets',
  'coming for the crown',
  'sky is the limit',
  'no love for the other side',
];

export interface ClichePattern {
  phrase: string;
  words: string[];
}

export const CLICHE_PATTERNS: ClichePattern[] = CLICHES.map((phrase) => ({
  phrase,
  words: phrase.split(' ').map(normalizeWord),
}));

// Index by first word so a verse is scanned once.
const BY_FIRST = new Map<string, ClichePattern[]>();
for (const p of CLICHE_PATTERNS) {
  const list = BY_FIRST.get(p.words[0]) ?? [];
  list.push(p);
  BY_FIRST.set(p.words[0], list);
}

/**
 * Find clichés in a sequence of normalised words. Returns [phrase, firstIndex, lastIndex]
 * triples; a longer phrase wins over one it contains ("on the grind" over "grind").
 */
export function findCliches(words: readonly string[]): Array<[string, number, number]> {
  const hits: Array<[string, number, number]> = [];
  let coveredUntil = -1;
  for (let i = 0; i < words.length; i++) {
    const cands = BY_FIRST.get(words[i]);
    if (!cands) continue;
    let best: ClichePattern | undefined;
    for (const p of cands) {
      if (i + p.words.length > words.length) continue;
      let ok = true;
      for (let k = 1; k < p.words.length; k++) {
        if (words[i + k] !== p.words[k]) {
          ok = false;
          break;
        }
      }
      if (ok && (!best || p.words.length > best.words.length)) best = p;
    }
    if (best && i > coveredUntil) {
      hits.push([best.phrase, i, i + best.words.length - 1]);
      coveredUntil = i + best.words.length - 1;
    }
  }
  return hits;
}
