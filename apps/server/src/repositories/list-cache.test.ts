import { describe, expect, it } from 'vitest';
import type { ChangedArtists, ConversationChanges } from '../db/index';
import { createListCache } from './list-cache';

/** A change source driven by hand: `tell` is what sync delivers; `known` false is a feed that is down. */
function changesByHand() {
  let listener: (artists: ChangedArtists) => void = () => undefined;
  const pending: ChangedArtists[] = [];
  const source = {
    known: true,
    sync: () => {
      if (!source.known) return false;
      for (const artists of pending.splice(0)) listener(artists);
      return true;
    },
    onChange: (l: (artists: ChangedArtists) => void) => {
      listener = l;
      return () => undefined;
    },
    /** A change that took effect: told at the next sync. */
    change: (artists: ChangedArtists) => pending.push(artists),
    /** A change told at once (as a PostgreSQL notification arriving). */
    tell: (artists: ChangedArtists) => listener(artists),
  };
  return source satisfies ConversationChanges;
}

describe('list cache', () => {
  it("drops only the changed artist's pages, and every page for 'all'", async () => {
    const changes = changesByHand();
    const cache = createListCache(changes);
    let reads = 0;
    const page = (text: string) => async () => {
      reads++;
      return text;
    };
    expect(await cache.read(1, '20:0', page('[1]'))).toBe('[1]');
    expect(await cache.read(2, '20:0', page('[2]'))).toBe('[2]');
    expect(await cache.read(1, '20:0', page('[x]'))).toBe('[1]');
    expect(reads).toBe(2);
    changes.change([1]);
    expect(await cache.read(1, '20:0', page('[1b]'))).toBe('[1b]');
    expect(await cache.read(2, '20:0', page('[x]'))).toBe('[2]');
    expect(reads).toBe(3);
    changes.change('all');
    expect(await cache.read(2, '20:0', page('[2b]'))).toBe('[2b]');
    expect(await cache.read(1, '20:0', page('[1c]'))).toBe('[1c]');
    expect(reads).toBe(5);
  });

  it('keeps no page read while a change was told, nor anything while changes cannot be known', async () => {
    const changes = changesByHand();
    const cache = createListCache(changes);
    // A change told while the page is being read: the page may be from before it.
    expect(await cache.read(1, '20:0', async () => (changes.tell([2]), '[old]'))).toBe('[old]');
    expect(await cache.read(1, '20:0', async () => '[new]')).toBe('[new]');
    expect(await cache.read(1, '20:0', async () => '[x]')).toBe('[new]');
    changes.known = false;
    expect(await cache.read(1, '20:0', async () => '[down]')).toBe('[down]');
    expect(await cache.read(1, '20:0', async () => '[down2]')).toBe('[down2]');
    // A page the caller says not to keep (undefined) is not kept.
    changes.known = true;
    expect(await cache.read(3, '20:0', async () => undefined)).toBeUndefined();
    expect(await cache.read(3, '20:0', async () => '[3]')).toBe('[3]');
  });

  it('holds at most maxChars of text, dropping the least recently used page first', async () => {
    const cache = createListCache(changesByHand(), 10);
    const text = (t: string) => async () => t;
    await cache.read(1, 'a', text('aaaa'));
    await cache.read(1, 'b', text('bbbb'));
    expect(await cache.read(1, 'a', text('x'))).toBe('aaaa'); // a is now the most recently used
    await cache.read(2, 'c', text('cccc'));
    expect(cache.chars).toBe(8);
    expect(await cache.read(1, 'b', text('b2'))).toBe('b2'); // b went, the least recently used
    expect(await cache.read(1, 'a', text('x'))).toBe('aaaa');
    expect(await cache.read(2, 'c', text('x'))).toBe('cccc');
    expect(cache.chars).toBe(10);
    expect(await cache.read(1, 'huge', text('x'.repeat(11)))).toBe('x'.repeat(11));
    expect(await cache.read(1, 'huge', text('again'))).toBe('again'); // larger than the bound: not kept
    expect(cache.size).toBe(2);
  });
});
