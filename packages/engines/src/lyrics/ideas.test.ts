import { describe, expect, it } from 'vitest';
import { nextLineIdeas, rhymeIdeas } from '../lyrics';

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
    expect(ideas[0].rhymes.length).toBe(3);
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
