import { describe, expect, it } from 'vitest';
import { analyzeLyrics, scoreLyrics } from '../lyrics';
import { EVEN, MULTI, REPETITIVE, UNEVEN, UNRHYMED, VARIED } from './fixtures.test-data';

describe('scoreLyrics', () => {
  it('scores an even, rhymed verse above the same verse with one bar made much longer', () => {
    const even = scoreLyrics(EVEN);
    const uneven = scoreLyrics(UNEVEN);
    expect(uneven.score).toBeLessThan(even.score);
    expect(uneven.measures.syllableStdDev).toBeGreaterThan(even.measures.syllableStdDev);

    const bars = analyzeLyrics(UNEVEN).lines.filter((l) => l.kind === 'bar');
    const [b2, b3, b4] = [bars[1].syllables, bars[2].syllables, bars[3].syllables];
    expect(b3).toBeGreaterThan(b2 + 5);
    expect(uneven.notes.join('\n')).toContain(`bars 2-3 jump from ${b2} to ${b3} syllables`);
    expect(uneven.notes.join('\n')).toContain(`bars 3-4 jump from ${b3} to ${b4} syllables`);
    expect(even.notes.join('\n')).not.toMatch(/jump from/);
  });

  it('scores a repetitive verse below a varied one and says what repeats', () => {
    const varied = scoreLyrics(VARIED);
    const repetitive = scoreLyrics(REPETITIVE);
    expect(repetitive.score).toBeLessThan(varied.score);
    expect(repetitive.notes.join('\n')).toContain('repeats "money" 6 times');
    expect(repetitive.measures.repetitions).toContainEqual({ word: 'money', count: 6 });
    expect(varied.measures.repetitions).toEqual([]);
  });

  it('rewards rhymes: rhymed multis beat the same bars with unrhymed endings', () => {
    const rhymed = scoreLyrics(MULTI);
    const unrhymed = scoreLyrics(UNRHYMED);
    expect(rhymed.score).toBeGreaterThan(unrhymed.score);
    expect(rhymed.measures.rhymeDensity).toBeGreaterThan(unrhymed.measures.rhymeDensity);
    expect(rhymed.measures.multiRhymes).toBeGreaterThan(unrhymed.measures.multiRhymes);
  });

  it('flags clichés at phrase level', () => {
    const s = scoreLyrics("Started from the bottom with the money on my mind\nReal recognize real and I'm hustlin' all the time");
    const phrases = s.measures.cliches.map((c) => c.phrase);
    expect(phrases).toEqual(expect.arrayContaining(['started from the bottom', 'money on my mind', 'real recognize real']));
    expect(s.notes.join('\n')).toMatch(/Cliché: "started from the bottom" \(bar 1\)/);
  });

  it('handles empty and whitespace text', () => {
    for (const t of ['', '   \n\n  \t', '\n']) {
      const s = scoreLyrics(t);
      expect(s.score).toBe(1);
      expect(s.notes.join(' ')).toMatch(/write/i);
    }
  });

  it('explains the score with its formula', () => {
    const s = scoreLyrics(EVEN);
    expect(s.notes.at(-1)).toMatch(new RegExp(`^Score ${s.score}/10 = 1 base \\+`));
    expect(Math.round(s.breakdown.raw)).toBe(s.score);
  });
});
