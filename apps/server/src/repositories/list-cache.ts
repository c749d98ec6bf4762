import { LRUCache } from 'lru-cache';
import type { ConversationChanges } from '../db/index';

/**
 * Each artist's conversation-list pages, as the JSON text the database wrote, kept in memory
 * until that artist's conversations change (ADR 060, after ADR 027).
 *
 * The rule: a page is served only while nothing that could change it has changed. Before it
 * serves or reads anything, `read` has `changes.sync()` tell it of every change that took effect
 * so far (this process's, another process's), and drops the pages of the artists named (every
 * page for 'all'). When sync cannot tell (PostgreSQL's feed is down, SQLite is inside a
 * transaction), the page is read from the database and nothing is kept. A page read from the
 * database is kept only if no change at all was told while it was being read: a page read before
 * a change is then either not kept, or kept and dropped when that change is told, which happens
 * in the next `read`'s sync at the latest.
 *
 * Bounded by the text it holds (`maxChars`, default 2 M characters, about 500 pages of 20
 * conversations); the least recently used page goes first (lru-cache), and a page larger than
 * the bound is not kept.
 */
export interface ListCache {
  /** The page `key` of the artist `userId`: kept, or from `load` (undefined: not to be kept). */
  read(userId: number, key: string, load: () => Promise<string | undefined>): Promise<string | undefined>;
  readonly size: number;
  readonly chars: number;
}

export const LIST_CACHE_MAX_CHARS = 2_000_000;

interface Page {
  userId: number;
  json: string;
}

export function createListCache(changes: ConversationChanges, maxChars = LIST_CACHE_MAX_CHARS): ListCache {
  /** Each artist's kept keys, so a change drops only theirs. */
  const byArtist = new Map<number, Set<string>>();
  const entries = new LRUCache<string, Page>({
    maxSize: maxChars,
    sizeCalculation: (page) => Math.max(1, page.json.length),
    dispose: (page, key) => {
      const keys = byArtist.get(page.userId);
      keys?.delete(key);
      if (keys?.size === 0) byArtist.delete(page.userId);
    },
  });
  /** Changes told so far: a page read while this moved is not kept. */
  let told = 0;
  changes.onChange((artists) => {
    told++;
    if (artists === 'all') {
      entries.clear();
      return;
    }
    for (const userId of artists) {
      const keys = byArtist.get(userId);
      if (keys) for (const key of [...keys]) entries.delete(key);
    }
  });

  const load = async (userId: number, key: string, from: () => Promise<string | undefined>) => {
    const before = told;
    const json = await from();
    if (json !== undefined && told === before) {
      entries.set(key, { userId, json });
      if (entries.has(key)) {
        let keys = byArtist.get(userId);
        if (!keys) byArtist.set(userId, (keys = new Set()));
        keys.add(key);
      }
    }
    return json;
  };
  const serve = (synced: boolean, userId: number, key: string, from: () => Promise<string | undefined>) => {
    if (!synced) return from();
    const kept = entries.get(key);
    return kept === undefined ? load(userId, key, from) : Promise.resolve(kept.json);
  };

  return {
    read(userId, page, from) {
      const key = `${userId}:${page}`;
      const synced = changes.sync();
      return synced === true || synced === false ? serve(synced, userId, key, from) : synced.then((ok) => serve(ok, userId, key, from));
    },
    get size() {
      return entries.size;
    },
    get chars() {
      return entries.calculatedSize;
    },
  };
}
