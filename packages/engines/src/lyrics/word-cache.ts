import { LRUCache } from 'lru-cache';

/**
 * The bound of each of the lyric engine's word caches, in phones (ADR 068). A cached entry's
 * memory grows with its phones: its phone and base arrays and one object per vowel, about 70
 * bytes a phone for a sound profile and 25 for a pronunciation, measured. A count of entries did
 * not bound memory: a number said in words ("23757": 40 phones) costs ten times a short word, and
 * 5,000 such profiles held 30 MB of the web process's heap. 40,000 phones is about 3 MB per cache,
 * some 4,000 ordinary words: far more than the few hundred distinct words of a song.
 */
export const WORD_CACHE_PHONES = 40_000;

/** A cache's entries and the phones they count against its bound. */
export interface CacheSize {
  entries: number;
  phones: number;
}

/** What an entry counts against the bound: its phones, plus a little for its key and object. */
const ENTRY_OVERHEAD = 4;

/** A cache of pronunciations or sound profiles by text, the most recently used kept, bounded by phones. */
export function wordCache<V extends { readonly phones: readonly string[] }>(): LRUCache<string, V> {
  return new LRUCache<string, V>({ maxSize: WORD_CACHE_PHONES, sizeCalculation: (entry) => entry.phones.length + ENTRY_OVERHEAD });
}
