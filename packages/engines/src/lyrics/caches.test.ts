import { describe, expect, it } from 'vitest';
import { analyzeLyrics, lyricCacheSizes } from './analyze';
import { pronounce } from './pronounce';
import { soundProfile } from './rhyme';
import { WORD_CACHE_PHONES } from './word-cache';

/** `count` distinct made-up words, spelled from syllables so each is pronounced by rule. */
function madeUpWords(count: number): string[] {
  const onsets = ['b', 'bl', 'br', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'k', 'kl', 'm', 'n', 'p', 'pl', 's', 'st', 't', 'tr', 'v', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ee', 'oo'];
  const codas = ['', 'n', 'm', 'st', 'rk', 'ss', 'nd', 'x'];
  const words: string[] = [];
  for (let i = 0; words.length < count; i++) {
    let n = i;
    let word = '';
    for (let s = 0; s < 3; s++) {
      word += onsets[n % onsets.length]! + vowels[Math.floor(n / onsets.length) % vowels.length]!;
      n = Math.floor(n / (onsets.length * vowels.length));
    }
    words.push(word + codas[i % codas.length]!);
  }
  return [...new Set(words)];
}

describe("the lyric engine's word caches", () => {
  it('stay within their bounds however many distinct words a server sees, and keep the recent ones', () => {
    const words = madeUpWords(24_000);
    expect(words.length).toBeGreaterThan(20_000);
    // Lines of eight made-up words each, analysed as an artist's verses would be.
    for (let i = 0; i < words.length; i += 400) {
      const lines: string[] = [];
      for (let k = i; k < Math.min(words.length, i + 400); k += 8) lines.push(words.slice(k, k + 8).join(' '));
      analyzeLyrics(lines.join('\n'));
    }
    const sizes = lyricCacheSizes();
    for (const cache of [sizes.pronunciations, sizes.tokenProfiles, sizes.phraseProfiles]) {
      expect(cache.phones).toBeLessThanOrEqual(WORD_CACHE_PHONES);
      // Full: the bound was reached, not left unused.
      expect(cache.phones).toBeGreaterThan(WORD_CACHE_PHONES * 0.9);
      // Made-up words of three syllables: about a dozen phones each, with the entry's overhead.
      expect(cache.entries).toBeLessThan(WORD_CACHE_PHONES / 8);
    }

    for (const word of words) soundProfile(word);
    expect(lyricCacheSizes().profiles.phones).toBeGreaterThan(WORD_CACHE_PHONES * 0.9);
    expect(lyricCacheSizes().profiles.phones).toBeLessThanOrEqual(WORD_CACHE_PHONES);

    // The most recent words are still answered from the cache (the same frozen object).
    const last = words.at(-1)!;
    expect(pronounce(last)).toBe(pronounce(last));
    expect(soundProfile(last)).toBe(soundProfile(last));
  });

  it('count a long entry for its phones: numbers said in words fill a cache in fewer entries', () => {
    // "23757" is "twenty-three thousand seven hundred fifty-seven": about 40 phones a line ending.
    for (let i = 0; i < 3_000; i++) analyzeLyrics(`I stay up all night ${10_000 + i * 7919}\nchasing the neon light`);
    const { phraseProfiles } = lyricCacheSizes();
    expect(phraseProfiles.phones).toBeLessThanOrEqual(WORD_CACHE_PHONES);
    expect(phraseProfiles.entries).toBeLessThan(WORD_CACHE_PHONES / 20);
  });
});
