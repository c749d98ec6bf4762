import { describe, expect, it } from 'vitest';
import { analyzeLyrics, nextLineIdeas, rhymeIdeas, rhymeMatch, spellEndSound } from '../lyrics';
import { pairNaturalness, phraseIdeas } from './phrases';

const rhymeMatchType = (a: string, b: string) => rhymeMatch(a, b).type;
import { groupRhymeIdeas } from './ideas';

describe('rhymeIdeas', () => {
  it('finds light and fight as perfect rhymes for night', () => {
    const ideas = rhymeIdeas('night');
    for (const w of ['light', 'fight']) expect(ideas).toContainEqual(expect.objectContaining({ word: w, type: 'perfect' }));
    expect(ideas.map((i) => i.word)).not.toContain('night');
    expect(ideas.map((i) => i.word)).not.toContain('nights'); // inflections of the target are not ideas
  });

  it('ranks common words before dictionary oddities and sorts by similarity', () => {
    const ideas = rhymeIdeas('night', { limit: 10 });
    expect(ideas).toHaveLength(10);
    expect(ideas.every((i) => i.common)).toBe(true);
    expect(ideas.every((i) => /^[a-z]+$/.test(i.word))).toBe(true);
  });

  it('filters by syllable count', () => {
    const two = rhymeIdeas('night', { syllables: 2 });
    expect(two.length).toBeGreaterThan(5);
    expect(two.every((i) => i.syllables === 2)).toBe(true);
    expect(two.map((i) => i.word)).toEqual(expect.arrayContaining(['tonight']));
    expect(rhymeIdeas('night', { syllables: 1 }).map((i) => i.word)).not.toContain('tonight');
  });

  it('offers multis for multisyllabic targets and respects type filters', () => {
    const ideas = rhymeIdeas('money', { types: ['multi'] });
    expect(ideas.map((i) => i.word)).toEqual(expect.arrayContaining(['honey', 'funny']));
    expect(ideas.every((i) => i.type === 'multi')).toBe(true);
    expect(rhymeIdeas('orange').every((i) => i.type === 'slant')).toBe(true); // nothing rhymes perfectly with orange
  });

  it('returns nothing for empty input', () => {
    expect(rhymeIdeas('')).toEqual([]);
    expect(rhymeIdeas('night', { limit: 0 })).toEqual([]);
  });
});

// Known answers: ideas are everyday words an artist would use, ranked by
// SUBTLEX frequency; the CMU dictionary's surnames and rare spellings are gone.
describe('rhymeIdeas: real words, not names', () => {
  const words = (w: string): string[] => rhymeIdeas(w).map((i) => i.word);

  it('"truth": youth, booth, proof, roof; none of the surnames the dictionary lists', () => {
    const ideas = words('truth');
    expect(ideas).toEqual(expect.arrayContaining(['youth', 'booth', 'tooth', 'proof', 'roof']));
    for (const junk of ['luth', 'guth', 'huth', 'muth', 'puth', 'bluth', 'kluth', 'knuth', 'schuth', 'wermuth', 'ruth', 'duluth']) {
      expect(ideas, junk).not.toContain(junk);
    }
    // youth and booth are perfect rhymes; proof and roof are slants (F against TH)
    const byWord = new Map(rhymeIdeas('truth').map((i) => [i.word, i]));
    expect(byWord.get('youth')?.type).toBe('perfect');
    expect(byWord.get('proof')?.type).toBe('slant');
  });

  it('"money": honey, funny, country, hungry; no surnames or misspellings', () => {
    const ideas = words('money');
    expect(ideas).toEqual(expect.arrayContaining(['honey', 'funny', 'country', 'hungry', 'lucky']));
    for (const junk of ['huntly', 'justy', 'suchy', 'stucky', 'coupley', 'humvee', 'bundy', 'mundi', 'gundy', 'dunphy']) expect(ideas, junk).not.toContain(junk);
  });

  it('"grind": mind, find, behind, remind; no oddities', () => {
    const ideas = words('grind');
    expect(ideas).toEqual(expect.arrayContaining(['mind', 'find', 'kind', 'blind', 'behind', 'remind', 'mastermind']));
    for (const junk of ['elkind', 'freind', 'affined', 'twined', 'unlined', 'opined']) expect(ideas, junk).not.toContain(junk);
  });

  it('"street": beat, heat, sweet, complete, concrete; no street names or surnames', () => {
    const ideas = words('street');
    expect(ideas).toEqual(expect.arrayContaining(['beat', 'heat', 'sweet', 'eat', 'complete', 'concrete']));
    for (const junk of ['deet', 'peet', 'leet', 'amit', 'veit', 'bradstreet', 'wallstreet', 'longstreet', 'crete']) expect(ideas, junk).not.toContain(junk);
  });

  it('"night": light, fight, tonight, midnight, alright; no names', () => {
    const ideas = words('night');
    expect(ideas).toEqual(expect.arrayContaining(['light', 'fight', 'right', 'tonight', 'midnight', 'alright', 'goodnight']));
    for (const junk of ['benight', 'hite', 'zeit', 'dwight', 'enright', 'mcknight', 'albright', 'cronkite']) expect(ideas, junk).not.toContain(junk);
  });

  it('ranks by how common a word is: within a kind and syllable count, more frequent first', () => {
    const perfect1 = rhymeIdeas('night', { types: ['perfect'], syllables: 1 });
    const freq = perfect1.map((i) => i.frequency ?? 0);
    expect(freq).toEqual([...freq].sort((a, b) => b - a));
    expect(perfect1[0].word).toBe('right');
    const truth = words('truth');
    expect(truth).toContain('youth');
    expect(truth).not.toContain('sleuth'); // under 1 per million: only to fill a short list
  });

  it('groups ideas by syllable count, fewest first, and groupRhymeIdeas splits them', () => {
    const ideas = rhymeIdeas('night');
    const syl = ideas.map((i) => i.syllables);
    expect(syl).toEqual([...syl].sort((a, b) => a - b));
    const groups = groupRhymeIdeas(ideas);
    expect(groups.map((g) => g.syllables)).toEqual([1, 2, 3]);
    expect(groups[0].ideas.map((i) => i.word)).toEqual(expect.arrayContaining(['light', 'fight']));
    expect(groups[1].ideas.map((i) => i.word)).toEqual(expect.arrayContaining(['tonight', 'midnight']));
    expect(groups.flatMap((g) => g.ideas)).toEqual(ideas);
    // order: 'rank' keeps the best first across syllable counts
    const ranked = rhymeIdeas('night', { order: 'rank' });
    expect(new Set(ranked.map((i) => i.word))).toEqual(new Set(ideas.map((i) => i.word)));
  });

  it('offers function words and ad-libs only as perfect rhymes, never as slants', () => {
    for (const w of ['truth', 'love', 'home']) {
      const slants = rhymeIdeas(w, { types: ['slant'] }).map((i) => i.word);
      for (const junk of ['do', 'to', 'who', 'you', 'the', 'a', 'uh', 'oh', 'so', 'no']) expect(slants, `${w}: ${junk}`).not.toContain(junk);
    }
  });
});

describe('nextLineIdeas', () => {
  const NIGHT = 'Grinding every day until I get it right\nRiding through the city in the middle of the night';

  it('always offers four concrete targets: syllables that fit the verse, the end sound with words and a phrase, the stress pattern', () => {
    const ideas = nextLineIdeas(NIGHT);
    expect(ideas).toHaveLength(4);
    const counts = analyzeLyrics(NIGHT).measures.syllablesPerBar;
    const fit = Math.round((counts[0] + counts[1]) / 2); // the median of the verse's two bars
    for (const idea of ideas) {
      expect(idea.text.startsWith(`${fit} syllables, `)).toBe(true);
      expect(idea.syllables).toBe(fit);
      expect(idea.source).toBe('engine');
      expect(idea.stress).toMatch(/^(?:da|DUM)(?: (?:da|DUM))+$/);
      expect(idea.stress.split(' ')).toHaveLength(13); // the bar it answers
    }
    expect(ideas[0].kind).toBe('perfect');
    expect(ideas[0].text).toMatch(/^\d+ syllables, land on -ight: right, might, /);
    expect(ideas[0].phrases).toHaveLength(1);
    expect(ideas[0].text.endsWith(ideas[0].phrases[0])).toBe(true);
    expect(ideas[0].rhymes.length).toBe(8);
  });

  it('reads as a writing aid, never as a line: "-ayin\u2019" for stayin\u2019 with words and "paid in"-style phrases', () => {
    const ideas = nextLineIdeas("Mama kept a candle in the window, she was prayin'\nI told her I was fine but I was barely stayin'");
    expect(ideas).toHaveLength(4);
    expect(ideas[0].sound).toBe("-ayin'");
    expect(ideas[0].text).toMatch(/land on -ayin': sayin', playin', \w+ in$/);
    expect(ideas[0].rhymes).toEqual(expect.arrayContaining(["sayin'", "playin'"]));
  });

  it('offers multis on the last two stressed vowels as phrases (paper plan)', () => {
    const ideas = nextLineIdeas('I had a paper plan');
    const multi = ideas.find((i) => i.kind === 'multi');
    expect(multi?.target).toBe('paper plan');
    expect(multi?.text).toContain('(ay…a)');
    expect(multi?.phrases.length).toBeGreaterThan(0);
    for (const p of multi?.phrases ?? []) expect(rhymeMatchType('paper plan', p.replace(',', ''))).toBe('multi');
  });

  it('gives "truth" targets real words, not surnames', () => {
    const ideas = nextLineIdeas('I only speak the truth', 4);
    const chips = ideas.flatMap((i) => i.rhymes);
    expect(chips).toEqual(expect.arrayContaining(['youth', 'booth', 'proof']));
    for (const junk of ['luth', 'knuth', 'bluth', 'wermuth', 'ruth']) expect(chips).not.toContain(junk);
  });

  it('aims the ABAB target at the bar before, with its own rhymes', () => {
    const ideas = nextLineIdeas('I been on the grind all day\nRiding through the city at night', 8);
    const scheme = ideas.find((i) => i.kind === 'scheme');
    expect(scheme?.target).toBe('day');
    expect(scheme?.text).toContain('answer bar 1');
    expect(scheme?.rhymes).toEqual(expect.arrayContaining(['way', 'say', 'stay']));
  });

  it('honours count, and a word nothing rhymes with still gets four targets', () => {
    expect(nextLineIdeas('Count it up, I got the money', 6)).toHaveLength(6);
    const odd = nextLineIdeas('zzxq brrrlorp', 4);
    expect(odd).toHaveLength(4);
    for (const i of odd) expect(i.text).toMatch(/^\d+ syllables?, /);
  });

  it('returns nothing for empty text', () => {
    expect(nextLineIdeas('')).toEqual([]);
    expect(nextLineIdeas('   \n  ')).toEqual([]);
  });
});

describe('spellEndSound', () => {
  it('spells the end sound from the stressed vowel as it is written', () => {
    expect(spellEndSound("stayin'")).toBe("-ayin'");
    expect(spellEndSound('night')).toBe('-ight');
    expect(spellEndSound('there')).toBe('-ere');
    expect(spellEndSound('money')).toBe('-oney');
  });
});

describe('rhyme ideas worth writing with', () => {
  it('never offers obscure or ugly words, names or abbreviations', () => {
    const all = ['plan', 'heart', 'truth', 'again', 'sarin', 'bin', 'art', 'gen'].flatMap((w) => rhymeIdeas(w, { limit: 30 }).map((i) => i.word));
    for (const junk of ['sarin', 'san', 'lan', 'gen', 'bart', 'sleuth', 'fart', 'an', 'than', 'kumquat']) expect(all).not.toContain(junk);
  });

  it('keeps rarer words only to fill a list shorter than 8', () => {
    expect(rhymeIdeas('truth', { limit: 30 }).map((i) => i.word)).not.toContain('sleuth');
    for (const w of ['night', 'plan', 'money', 'truth', 'orange', 'purple', 'stayin\'']) expect(rhymeIdeas(w).length, w).toBeGreaterThanOrEqual(8);
    // a dropped g with or without its apostrophe gets -in' ideas
    for (const w of ["sayin'", 'sayin']) expect(rhymeIdeas(w, { order: 'rank' }).slice(0, 3).map((i) => i.word), w).toEqual(expect.arrayContaining(["playin'"]));
  });
});

describe('phraseIdeas', () => {
  it('builds two-word phrases on the last two stressed vowels, most natural first', () => {
    const ideas = phraseIdeas('I had a paper plan');
    expect(ideas.length).toBeGreaterThanOrEqual(8);
    expect(ideas[0].text).toBe('later, man');
    for (const p of ideas) {
      expect(p.type).toBe('multi');
      expect(p.words).toHaveLength(2);
    }
    const scores = ideas.map((p) => p.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('lands an unstressed ending with a short word (stayin\u2019: say in, pay in)', () => {
    const ideas = phraseIdeas("stayin'");
    expect(ideas.length).toBeGreaterThanOrEqual(8);
    expect(ideas.map((p) => p.text)).toEqual(expect.arrayContaining(['pay in']));
  });

  it('ranks an adjective before a noun above a verb form or two modifiers', () => {
    expect(pairNaturalness('major', 'fan')).toBeGreaterThan(pairNaturalness('waiting', 'fan'));
    expect(pairNaturalness('major', 'fan')).toBeGreaterThan(pairNaturalness('good', 'right'));
    expect(pairNaturalness('later', 'man')).toBeGreaterThan(pairNaturalness('afraid', 'man'));
  });

  it('returns nothing for empty text', () => {
    expect(phraseIdeas('')).toEqual([]);
  });
});
