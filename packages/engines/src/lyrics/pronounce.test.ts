import { dictionary } from 'cmu-pronouncing-dictionary';
import { describe, expect, it } from 'vitest';
import { lettersToSound, normalizeWord, pronounce } from '../lyrics';

const COMMON_100 = `the be to of and a in that have it for not on with he as you do at this but his by from they we say her she
or an will my one all would there their what time take people into year your good some could them see other than then
now look only come its over think also back after
use two how our work first well way even new want because any these give day most us money every family different
beautiful important business everything probably actually together remember understand company problem history children
another question`.split(/\s+/);

// Hand counts for slang the CMU dictionary lacks (checked below).
const SLANG: Array<[string, number]> = [
  ['finna', 2], ['skrrt', 1], ['brrr', 1], ['lowkey', 2], ['shawty', 2],
  ['trapstar', 2], ['opps', 1], ['yeet', 1], ['periodt', 3], ['deadass', 2],
  ['bruh', 1], ['glizzy', 2], ['thot', 1], ['bando', 2], ['guap', 1],
  ['goated', 2], ['tryna', 2], ['thicc', 1], ['hunnid', 2], ['homie', 2],
];

const stressDigits = (arpabet: string): number => (arpabet.match(/[012]/g) ?? []).length;
const dict: Record<string, string> = dictionary;

describe('pronounce', () => {
  it('has exactly 100 distinct test words, all in the dictionary', () => {
    expect(new Set(COMMON_100).size).toBe(100);
    for (const w of COMMON_100) expect(Object.hasOwn(dict, w), w).toBe(true);
  });

  it('agrees with the CMU stress digits on syllables for 100 common words', () => {
    for (const w of COMMON_100) {
      const p = pronounce(w);
      expect(p.syllables, w).toBe(stressDigits(dict[w]));
      expect(p.phones.join(' '), w).toBe(dict[w]);
    }
  });

  it('is within one syllable of hand counts for 20 slang words missing from the dictionary', () => {
    expect(SLANG).toHaveLength(20);
    for (const [w, n] of SLANG) {
      expect(Object.hasOwn(dict, w), `${w} should be absent`).toBe(false);
      const p = pronounce(w);
      expect(Math.abs(p.syllables - n), `${w}: got ${p.syllables} (${p.phones.join(' ')})`).toBeLessThanOrEqual(1);
      // phoneme-like output: a vowel nucleus per syllable
      expect(p.phones.filter((x) => /\d$/.test(x))).toHaveLength(p.syllables);
    }
  });

  it('keeps the final coda in letter-to-sound output so rhymes still match', () => {
    expect(lettersToSound('skrrt').at(-1)).toBe('T');
    expect(lettersToSound('glizzy').at(-1)).toBe('IY0');
    expect(pronounce('trapstar').phones.slice(-2)).toEqual(['AA2', 'R']);
  });

  it('normalises case, punctuation, apostrophes and dropped g', () => {
    expect(normalizeWord('NIGHT!')).toBe('night');
    expect(normalizeWord('Runnin’')).toBe('running');
    expect(pronounce("runnin'").phones).toEqual([...pronounce('running').phones.slice(0, -1), 'N']);
    expect(pronounce("runnin'").phones.length).toBe(pronounce('running').phones.length);
    expect(pronounce('Runnin').syllables).toBe(2);
    expect(pronounce('"Light,"').phones.join(' ')).toBe(dict.light);
    expect(pronounce('sooo').syllables).toBe(1);
  });

  it('spells numbers out', () => {
    expect(pronounce('24').syllables).toBe(3); // twen-ty four
    expect(pronounce('1999').syllables).toBe(5); // nine-teen nine-ty nine
    expect(pronounce('3rd').phones.join(' ')).toBe(dict.third);
    expect(pronounce('100').syllables).toBe(3); // one hun-dred
  });

  it('never throws and is safe with prototype keys and odd input', () => {
    for (const w of ['', '   ', 'constructor', '__proto__', 'toString', '🔥', '日本', "''", '12345678901234567890']) {
      const p = pronounce(w);
      expect(p.syllables).toBeGreaterThanOrEqual(0);
      expect(Array.isArray(p.phones)).toBe(true);
    }
    expect(pronounce('').syllables).toBe(0);
  });
});
