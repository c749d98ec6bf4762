import { describe, expect, it } from 'vitest';
import { nextLineIdeas, rhymeIdeas } from '../lyrics';
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
    expect(truth.indexOf('youth')).toBeLessThan(truth.indexOf('sleuth'));
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
  it('returns four honest rhyme targets for the last ending at about its length', () => {
    const ideas = nextLineIdeas('Grinding every day until I get it right\nRiding through the city in the middle of the night');
    expect(ideas).toHaveLength(4);
    for (const idea of ideas) {
      expect(idea.text).toContain('"night"');
      expect(idea.text).toMatch(/^Aim for ~13 syllables/);
      expect(idea.syllables).toBe(13);
      expect(idea.source).toBe('engine');
      expect(idea.rhymes.length).toBeGreaterThan(0);
    }
    expect(ideas[0].kind).toBe('perfect');
    expect(ideas[0].rhymes.length).toBe(8);
  });

  it('gives every target its best real rhyme words (up to 8) for one-click chips', () => {
    const ideas = nextLineIdeas('Grinding every day until I get it right\nRiding through the city in the middle of the night', 6);
    for (const idea of ideas) {
      expect(idea.rhymes.length).toBeGreaterThanOrEqual(2);
      expect(idea.rhymes.length).toBeLessThanOrEqual(8);
      expect(new Set(idea.rhymes).size).toBe(idea.rhymes.length);
      // every chip rhymes with the target and is an everyday word
      const known = new Map(rhymeIdeas(idea.target, { limit: 100 }).map((i) => [i.word, i]));
      for (const w of idea.rhymes) expect(known.get(w)?.common, `${idea.kind} "${idea.target}": ${w}`).toBe(true);
      // the words the text names come first
      const quoted = idea.kind === 'internal' ? [...idea.text.matchAll(/"([a-z]+)"/g)].map((m) => m[1]).slice(1) : [];
      if (quoted.length) expect(idea.rhymes.slice(0, quoted.length)).toEqual(quoted);
    }
    // the first target names the three best perfect rhymes and carries the best eight, in rank order
    const best = rhymeIdeas('night', { types: ['perfect', 'multi'], order: 'rank', limit: 8 }).map((i) => i.word);
    expect(ideas[0].rhymes).toEqual(best);
    expect(ideas[0].text).toContain(best.slice(0, 3).join(' / '));
    expect(ideas[0].rhymes).toEqual(expect.arrayContaining(['right', 'light', 'fight']));
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
    expect(scheme?.rhymes).toEqual(expect.arrayContaining(['way', 'say', 'stay']));
  });

  it('honours count and works for multisyllabic endings', () => {
    const ideas = nextLineIdeas('Count it up, I got the money', 6);
    expect(ideas).toHaveLength(6);
    expect(ideas[0].kind).toBe('multi');
    for (const idea of ideas) expect(idea.text).toContain('"money"');
  });

  it('returns nothing for empty text', () => {
    expect(nextLineIdeas('')).toEqual([]);
    expect(nextLineIdeas('   \n  ')).toEqual([]);
  });
});
