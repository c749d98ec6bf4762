import type { UserRow } from '../db/types';

/**
 * Signed-in requests resolved a moment ago, by their signed session cookie (the whole cookie value,
 * signature included): a hit skips checking the cookie's signature and the session query. See
 * docs/decisions/023-session-and-statement-caches.md.
 *
 * - An entry lives at most `ttlMs` (1 s), and never past its session's expiry: a change made by
 *   another process (a sign-out, a role or plan change, an admin command) is seen within a second.
 * - `clear()` drops every entry at once; the app calls it whenever this process changes users or
 *   sessions (Db.onSessionChange), so a sign-out or a role change here takes effect on the next
 *   request.
 * - A lookup that was under way when `clear()` ran may have read the old row: its result is used
 *   for that request but not kept (the generation check in `set`).
 * - At most `maxEntries` entries; the oldest go first. Only live sessions are kept, so cookies
 *   that fail their signature or name no session are looked up every time, as before.
 */
export interface SessionCache {
  /** The cached session for this signed cookie value, while fresh. */
  get(signedCookie: string): CachedSession | undefined;
  /**
   * Call before a lookup and hand the result to `set`: the entry's second counts from here, and
   * `set` keeps nothing if `clear()` ran in between.
   */
  begin(): Lookup;
  set(signedCookie: string, lookup: Lookup, session: CachedSession, sessionExpiresAtMs: number): void;
  clear(): void;
  readonly size: number;
}

export interface CachedSession {
  /** The session token inside the cookie. */
  token: string;
  /** Frozen: shared by the requests of the next second. */
  user: Readonly<UserRow>;
}

export interface Lookup {
  readonly generation: number;
  readonly at: number;
}

interface Entry extends CachedSession {
  until: number;
}

export const SESSION_CACHE_TTL_MS = 1000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export function createSessionCache({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): SessionCache {
  let entries = new Map<string, Entry>();
  let gen = 0;
  return {
    get(signedCookie) {
      const entry = entries.get(signedCookie);
      if (entry === undefined) return undefined;
      if (entry.until > now()) return entry;
      entries.delete(signedCookie);
      return undefined;
    },
    begin: () => ({ generation: gen, at: now() }),
    set(signedCookie, lookup, session, sessionExpiresAtMs) {
      if (lookup.generation !== gen || ttlMs <= 0) return;
      const until = Math.min(lookup.at + ttlMs, sessionExpiresAtMs);
      entries.delete(signedCookie);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(signedCookie, { token: session.token, user: Object.freeze(session.user), until });
    },
    clear() {
      gen++;
      if (entries.size > 0) entries = new Map();
    },
    get size() {
      return entries.size;
    },
  };
}
