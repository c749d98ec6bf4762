import { describe, expect, it } from 'vitest';
import { analyzeLyrics, classifyRhyme, rhymeMatch } from '../lyrics';
import { AAAA, AABB, ABAB, ABCB, MULTI } from './fixtures.test-data';

describe('classifyRhyme', () => {
  it('night/light is perfect', () => {
    expect(classifyRhyme('night', 'light')).toBe('perfect');
  });

  it('money/honey is multi (two full vowels AH + IY match in sequence)', () => {
    expect(classifyRhyme('money', 'honey')).toBe('multi');
    expect(rhymeMatch('money', 'honey').span).toBe(2);
  });

  // Documented choice: multi requires every matched vowel to be identical.
  // orange = AO1 R AH0 N JH, door hinge = AO1 R + IH1 N JH: AO matches, AH0 is
  // only close to IH1, so it is a strong two-vowel slant, not a multi.
  it('orange / "door hinge" is a strong slant over two vowels', () => {
    const m = rhymeMatch('orange', 'door hinge');
    expect(m.type).toBe('slant');
    expect(m.strong).toBe(true);
    expect(m.span).toBe(2);
    expect(m.exactVowels).toBe(1);
  });

  it('cat/dog is none', () => {
    expect(classifyRhyme('cat', 'dog')).toBe('none');
  });

  it('handles other shapes', () => {
    expect(classifyRhyme('time', 'line')).toBe('slant'); // assonance
    expect(classifyRhyme('right side', 'night ride')).toBe('multi'); // spans words
    expect(classifyRhyme('tonight', 'delight')).toBe('perfect');
    expect(classifyRhyme('night', 'night')).toBe('none'); // a repeat is not a rhyme
    expect(rhymeMatch('night', 'night').identical).toBe(true);
    expect(classifyRhyme('', 'night')).toBe('none');
  });
});

describe('rhyme schemes', () => {
  const schemeOf = (text: string): string => analyzeLyrics(text).verses.map((v) => v.scheme).join(' ');

  it('AABB', () => expect(schemeOf(AABB)).toBe('AABB'));
  it('ABAB', () => expect(schemeOf(ABAB)).toBe('ABAB'));
  it('AAAA', () => expect(schemeOf(AAAA)).toBe('AAAA'));
  it('ABCB', () => expect(schemeOf(ABCB)).toBe('ABCB'));

  it('AABB built from multis', () => {
    const a = analyzeLyrics(MULTI);
    expect(a.verses[0].scheme).toBe('AABB');
    const famOf = (word: string) => a.families.find((f) => f.words.includes(word));
    expect(famOf('money')?.type).toBe('multi');
    expect(famOf('money')?.words).toEqual(expect.arrayContaining(['honey', 'funny', 'sunny']));
    expect(famOf('slowly')?.type).toBe('multi');
    expect(famOf('slowly')).toBe(famOf('know'));
    expect(a.measures.multiRhymes).toBeGreaterThanOrEqual(2);
  });

  it('blank lines separate verses with their own letters', () => {
    const a = analyzeLyrics(`${AABB}\n\n${ABAB}`);
    expect(a.verses.map((v) => v.scheme)).toEqual(['AABB', 'ABAB']);
    expect(a.measures.schemes).toEqual(['AABB', 'ABAB']);
  });

  it('a repeated end word keeps its letter', () => {
    const a = analyzeLyrics('I want the money\nThey want the money\nGot a brand new car\nMoving like a star');
    expect(a.verses[0].scheme).toBe('AABB');
  });
});
