import { LRUCache } from 'lru-cache';

/**
 * Pages of JSON text kept in memory while the data under them has not changed (ADR 027).
 *
 * Every entry belongs to one `token`, the database's version of what the pages show
 * (`Db.conversationsVersion`): a read under a newer token empties the cache, and a page is kept
 * only if it was read under the token that is current when it is stored. The caller takes the
 * token *before* reading the page, so a page read after a change is never kept under an older
 * token, and one read before a change is never served after it.
 *
 * Bounded by the text it holds (`maxChars`, default 2 M characters, about 500 pages of 20
 * conversations); the least recently used page goes first (lru-cache), and a page larger than
 * the bound is not kept.
 */
export interface ListCache {
  get(key: string, token: string): string | undefined;
  set(key: string, token: string, json: string): void;
  readonly size: number;
  readonly chars: number;
}

export const LIST_CACHE_MAX_CHARS = 2_000_000;

export function createListCache(maxChars = LIST_CACHE_MAX_CHARS): ListCache {
  const entries = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (json) => Math.max(1, json.length) });
  let current: string | undefined;
  return {
    get(key, token) {
      if (token !== current) {
        current = token;
        entries.clear();
        return undefined;
      }
      return entries.get(key);
    },
    set(key, token, json) {
      if (token === current) entries.set(key, json);
    },
    get size() {
      return entries.size;
    },
    get chars() {
      return entries.calculatedSize;
    },
  };
}
