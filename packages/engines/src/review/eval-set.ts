/**
 * The reviewer's evaluation set (issue 27): pairs of original verses where one is clearly better on
 * a named dimension, written for this project (no line is taken from a song). Each pair is built
 * from the same couplets so that it differs in one thing only:
 *
 * - flow ("tighter flow"): the worse verse has two bars padded with a run of filler words, so they
 *   run 6-9 syllables over the rest;
 * - lyrics ("denser rhyme"): the worse verse ends every second bar on a word that rhymes with
 *   nothing (each couplet carries its own unrhymed ending, written with it);
 * - originality ("fresher words"): the worse verse swaps three couplets for stock phrases
 *   (the cliché list's) and leans on the same few words;
 * - marketability ("a real hook"): the better verse brings its two-bar hook back word for word at the
 *   end; the worse one closes with two more verse bars instead.
 *
 * Pairs are designed so that each differs clearly whatever the rhyme engine's exact multi counts.
 */
import type { Category } from './reviewer';

export interface Couplet {
  a: string;
  b: string;
  /** Bar b with its last word swapped for one that rhymes with nothing near it. */
  plain: string;
}

/** Original couplets, end-rhymed (AA), 10-14 syllables a bar. */
export const COUPLETS: readonly Couplet[] = [
  { a: 'Streetlights hum on the avenue at night', b: 'I write it in the margin till the page turns white', plain: 'I write it in the margin till the page turns blue' },
  { a: 'Bus fare folded in a paperback book', b: 'my mother used to pray for every step I took', plain: 'my mother used to pray for every step I made' },
  { a: 'Corner store radio playing through the rain', b: 'I counted every coin before I caught the train', plain: 'I counted every coin before I caught the bus' },
  { a: 'Old sneakers taped together at the toe', b: 'I ran the whole marathon and nobody would know', plain: 'I ran the whole marathon and nobody would care' },
  { a: 'Kitchen table notebook with a coffee stain', b: 'every verse a brick I laid to build a lane', plain: 'every verse a brick I laid to build a house' },
  { a: 'Rooftop conversations when the city sleeps', b: 'promises we made are the promises it keeps', plain: 'promises we made are the promises it breaks' },
  { a: 'Porch light flicker on a Tuesday in July', b: 'little cousin asking me why the planes fly high', plain: 'little cousin asking me why the planes go west' },
  { a: 'Laundromat dryer spinning like a record', b: 'the rent was overdue but the rhythm was protected', plain: 'the rent was overdue but the rhythm was alright' },
  { a: 'Grandpa had a saxophone he never played', b: 'he kept it in the closet like a debt unpaid', plain: 'he kept it in the closet like a secret box' },
  { a: 'Chalk lines on the asphalt where the kids would race', b: 'I still can see the finish line in every face', plain: 'I still can see the finish line in every crowd' },
  { a: 'Quiet in the hallway when the landlord knocks', b: 'we turned the music down and hid behind the locks', plain: 'we turned the music down and hid behind the couch' },
  { a: 'Borrowed microphone with a crack along the side', b: 'I learned to hold a note the way you hold your pride', plain: 'I learned to hold a note the way you hold a cup' },
  { a: 'Winter on the stoop with a thermos full of tea', b: 'my brother drew the future in the frost for me', plain: 'my brother drew the future in the frost for us' },
  { a: 'Cardboard in the window where the glass was gone', b: 'we watched the sunrise anyway and carried on', plain: 'we watched the sunrise anyway and went to work' },
  { a: 'Pawn shop guitar with a price tag on the neck', b: 'I bought it with the money from my very first check', plain: 'I bought it with the money from my very first gig' },
  { a: 'Late shift at the warehouse stacking boxes high', b: 'I wrote a hundred hooks before the trucks went by', plain: 'I wrote a hundred hooks before the trucks were gone' },
  { a: 'River by the freeway where we used to fish', b: 'we never caught a thing but we would always wish', plain: 'we never caught a thing but we would always stay' },
  { a: 'Barbershop debates about the greatest of all time', b: 'the old heads and the young ones argue every rhyme', plain: 'the old heads and the young ones argue every verse' },
  { a: 'Library card was the key to every door', b: 'I read about the ocean then I wanted more', plain: 'I read about the ocean then I wanted some' },
  { a: 'Payphone on the corner with a dial tone dead', b: 'I held the conversation in my head instead', plain: 'I held the conversation in my head all day' },
  { a: 'Sunday dinner steaming on a folding chair', b: 'we made a holiday of anything we had to share', plain: 'we made a holiday of anything we had to eat' },
  { a: 'Subway tunnel echo when the drummer plays', b: 'I found my pocket counting off the passing days', plain: 'I found my pocket counting off the passing cars' },
  { a: 'Auntie braided hair on the front porch stair', b: 'she hummed a little melody that hung in the air', plain: 'she hummed a little melody that hung in the room' },
  { a: 'Basketball court with a chain link net', b: 'we played until the streetlights and we never kept the debt', plain: 'we played until the streetlights and we never kept the score' },
];

/** Stock-phrase bars (each line uses phrases on the cliché list), for the "fresher words" pairs. */
export const CLICHE_COUPLETS: readonly Couplet[] = [
  { a: 'Started from the bottom, money on my mind', b: 'hustle hard every day, I am on the grind', plain: '' },
  { a: 'Get this money, no days off, keep it real', b: 'haters gonna hate but I keep it real', plain: '' },
  { a: 'Came from nothing, living the dream', b: 'ride or die, trust no one, get this money team', plain: '' },
  { a: 'Go hard or go home, make it rain all night', b: 'money on my mind, I keep it real, alright', plain: '' },
];

/** Padding that makes a bar run long: an aside a rapper might cram in, 6-9 syllables. */
const PADDING = ['and I am telling you right now that', 'you already know that every single time', 'and honestly I swear to you that', 'if I am being real with you right now'];

/** Two-bar hooks (original). */
export const HOOKS: readonly [string, string][] = [
  ['Paper plan, paper plan, fold it in my hand', 'paper plan, paper plan, now I understand'],
  ['Keep the porch light on, keep the porch light on', 'keep the porch light on till the night is gone'],
  ['Chalk line, chalk line, run it one more time', 'chalk line, chalk line, every step is mine'],
  ['Borrowed mic, borrowed mic, say it like it is', 'borrowed mic, borrowed mic, this is what it is'],
];

export type PairDimension = Extract<Category, 'flow' | 'lyrics' | 'originality' | 'marketability'>;

export interface ReviewPair {
  dimension: PairDimension;
  /** What makes the better verse better, in the words. */
  label: 'tighter flow' | 'denser rhyme' | 'fresher words' | 'a real hook';
  better: string;
  worse: string;
}

const bar = (c: Couplet) => [c.a, c.b];
const pick = (i: number, n = 4) => Array.from({ length: n }, (_, k) => COUPLETS[(i * 3 + k * 5) % COUPLETS.length]!);

function pad(line: string, k: number): string {
  return `${PADDING[k % PADDING.length]} ${line.charAt(0).toLowerCase()}${line.slice(1)}`;
}

/** The pairwise set: 16 pairs per dimension, 64 in all. */
export function reviewPairs(): ReviewPair[] {
  const pairs: ReviewPair[] = [];
  for (let i = 0; i < 16; i++) {
    const couplets = pick(i);
    const verse = couplets.flatMap(bar);
    // Tighter flow: the same bars, two of them padded.
    const padded = verse.map((l, k) => (k === 2 + (i % 3) || k === 5 + (i % 2) ? pad(l, i + k) : l));
    pairs.push({ dimension: 'flow', label: 'tighter flow', better: verse.join('\n'), worse: padded.join('\n') });

    // Denser rhyme: every couplet rhymes, against every second bar ending on a loose word.
    const r = pick(i + 7);
    pairs.push({ dimension: 'lyrics', label: 'denser rhyme', better: r.flatMap(bar).join('\n'), worse: r.flatMap((c) => [c.a, c.plain]).join('\n') });

    // Fresher words: three couplets swapped for stock phrases.
    const f = pick(i + 3);
    const stale = [f[0]!, CLICHE_COUPLETS[i % 4]!, CLICHE_COUPLETS[(i + 1) % 4]!, CLICHE_COUPLETS[(i + 2) % 4]!];
    pairs.push({ dimension: 'originality', label: 'fresher words', better: f.flatMap(bar).join('\n'), worse: stale.flatMap(bar).join('\n') });

    // A real hook: the hook comes back at the end, or two more verse bars do.
    const h = HOOKS[i % HOOKS.length]!;
    const m = pick(i + 11, 3);
    const body = [...h, ...bar(m[0]!), ...bar(m[1]!)];
    pairs.push({ dimension: 'marketability', label: 'a real hook', better: [...body, ...h].join('\n'), worse: [...body, ...bar(m[2]!)].join('\n') });
  }
  return pairs;
}

export interface ReviewEvalReport {
  /** Per dimension: pairs ordered correctly (the better verse scores strictly higher) and in all. */
  byDimension: Record<PairDimension, { correct: number; total: number; accuracy: number }>;
  total: number;
  correct: number;
  /** Every score (all six, both verses of every pair) that occurred, ascending. */
  scoresSeen: number[];
  misses: { dimension: PairDimension; better: number; worse: number; verse: string }[];
}

/** The pairwise evaluation: a 2:50 track at -11 LUFS, so only the lyrics differ between verses. */
export function runReviewEval(review: (lyrics: string) => Record<Category, number>): ReviewEvalReport {
  const byDimension = {} as ReviewEvalReport['byDimension'];
  const seen = new Set<number>();
  const misses: ReviewEvalReport['misses'] = [];
  for (const p of reviewPairs()) {
    const b = review(p.better);
    const w = review(p.worse);
    for (const v of [...Object.values(b), ...Object.values(w)]) seen.add(v);
    const d = (byDimension[p.dimension] ??= { correct: 0, total: 0, accuracy: 0 });
    d.total++;
    if (b[p.dimension] > w[p.dimension]) d.correct++;
    else misses.push({ dimension: p.dimension, better: b[p.dimension], worse: w[p.dimension], verse: p.better.split('\n')[0]! });
  }
  for (const d of Object.values(byDimension)) d.accuracy = d.correct / d.total;
  const total = Object.values(byDimension).reduce((a, d) => a + d.total, 0);
  const correct = Object.values(byDimension).reduce((a, d) => a + d.correct, 0);
  return { byDimension, total, correct, scoresSeen: [...seen].sort((a, b) => a - b), misses };
}

export const EVAL_FACTS = { duration: 170, bpm: 92, key: null, lufs: -11, truePeak: -1.2 } as const;
