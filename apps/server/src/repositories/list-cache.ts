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
 * conversations); the least recently used page goes first.
 */
export interface ListCache {
  get(key: string, token: string): string | undefined;
  set(key: string, token: string, json: string): void;
  readonly size: number;
  readonly chars: number;
}

export const LIST_CACHE_MAX_CHARS = 2_000_000;

export function createListCache(maxChars = LIST_CACHE_MAX_CHARS): ListCache {
  let entries = new Map<string, string>();
  let current: string | undefined;
  let chars = 0;
  const reset = (token: string) => {
    current = token;
    if (entries.size > 0) entries = new Map();
    chars = 0;
  };
  return {
    get(key, token) {
      if (token !== current) {
        reset(token);
        return undefined;
      }
      const json = entries.get(key);
      if (json === undefined) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, json);
      return json;
    },
    set(key, token, json) {
      if (token !== current || json.length > maxChars) return;
      const old = entries.get(key);
      if (old !== undefined) {
        entries.delete(key);
        chars -= old.length;
      }
      entries.set(key, json);
      chars += json.length;
      for (const [oldest, text] of entries) {
        if (chars <= maxChars) break;
        entries.delete(oldest);
        chars -= text.length;
      }
    },
    get size() {
      return entries.size;
    },
    get chars() {
      return chars;
    },
  };
}
