import { describe, expect, it, vi } from 'vitest';
import { commonness, isIdeaWord, looksLikeName, MIN_IDEA_COUNT, wordCount } from './frequency';

describe('word frequencies (SUBTLEX-US)', () => {
  it('are loaded on the first rhyme ideas, not by analysis or by warming the rhyme index', async () => {
    // Test files share a worker's modules (vitest.config.ts), so this test loads its own copies,
    // in which the table starts unloaded.
    vi.resetModules();
    const { frequencyTableLoaded } = await import('./frequency');
    const { analyzeLyrics } = await import('./analyze');
    const { rhymeIdeas, warmRhymeIndex } = await import('./ideas');
    expect(frequencyTableLoaded()).toBe(false);
    warmRhymeIndex(); // the server does this at start-up
    analyzeLyrics('I been on the grind all night\nTrying to get my money right');
    expect(frequencyTableLoaded()).toBe(false);
    rhymeIdeas('night');
    expect(frequencyTableLoaded()).toBe(true);
  });

  it('count words case-insensitively, 0 for unknown words and pieces of contractions', () => {
    expect(wordCount('truth')).toBe(9801);
    expect(wordCount('TRUTH')).toBe(9801);
    expect(wordCount('Ruth')).toBe(1054); // listed capitalised
    expect(wordCount('knuth')).toBe(0);
    expect(wordCount('didn')).toBe(0); // "didn't" split by the subtitles
    expect(wordCount('don')).toBe(0);
  });

  it('score commonness on a log scale', () => {
    expect(commonness(MIN_IDEA_COUNT)).toBe(0);
    expect(commonness(1000)).toBeCloseTo(0.5);
    expect(commonness(10_000_000)).toBe(1);
    expect(commonness(wordCount('money'))).toBeGreaterThan(commonness(wordCount('honey')));
  });

  it('tell names from everyday words that SUBTLEX lists capitalised', () => {
    for (const name of ['ruth', 'michael', 'paris', 'dwight', 'duluth', 'friday', 'vegas']) expect(looksLikeName(name), name).toBe(true);
    // capitalised, but inflected in lower case or in the built-in lists
    for (const word of ['listen', 'bill', 'rose', 'okay', 'hey', 'maybe', 'alright', 'besides', 'queens']) expect(looksLikeName(word), word).toBe(false);
    // plain lower-case words
    for (const word of ['truth', 'youth', 'money']) expect(looksLikeName(word), word).toBe(false);
  });

  it('accept as ideas only words listed often enough, or in the built-in lists', () => {
    expect(isIdeaWord('youth')).toBe(true);
    expect(isIdeaWord('sleuth')).toBe(true); // 10, just at the threshold
    expect(isIdeaWord('untruth')).toBe(false); // 5
    expect(isIdeaWord('knuth')).toBe(false); // not listed
    expect(isIdeaWord('ruth')).toBe(false); // a name
    expect(isIdeaWord('homie')).toBe(true);
    expect(isIdeaWord('de')).toBe(false); // two-letter subtitle fragment
    expect(isIdeaWord('go')).toBe(true);
  });
});
