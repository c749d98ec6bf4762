import { describe, expect, it } from 'vitest';
import { analyzeLyrics, lyricCacheSizes } from './analyze';
import { pronounce } from './pronounce';
import { soundProfile } from './rhyme';

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
    expect(sizes.pronunciations).toBeLessThanOrEqual(10_000);
    expect(sizes.tokenProfiles).toBeLessThanOrEqual(5_000);
    expect(sizes.phraseProfiles).toBeLessThanOrEqual(5_000);
    // Full: the bounds were reached, not left unused.
    expect(sizes.pronunciations).toBe(10_000);
    expect(sizes.tokenProfiles).toBe(5_000);

    for (const word of words) soundProfile(word);
    expect(lyricCacheSizes().profiles).toBe(5_000);

    // The most recent words are still answered from the cache (the same frozen object).
    const last = words.at(-1)!;
    expect(pronounce(last)).toBe(pronounce(last));
    expect(soundProfile(last)).toBe(soundProfile(last));
  });
});
