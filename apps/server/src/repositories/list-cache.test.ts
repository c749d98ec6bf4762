import { describe, expect, it } from 'vitest';
import { createListCache } from './list-cache';

describe('list cache', () => {
  it('serves a page only under the token it was read under', () => {
    const cache = createListCache();
    expect(cache.get('1:20:0', 'v1')).toBeUndefined();
    cache.set('1:20:0', 'v1', '[1]');
    expect(cache.get('1:20:0', 'v1')).toBe('[1]');
    expect(cache.get('2:20:0', 'v1')).toBeUndefined();
    // A newer token: everything kept before is gone, and a page read under the old one is not kept.
    expect(cache.get('1:20:0', 'v2')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('1:20:0', 'v1', '[stale]');
    expect(cache.get('1:20:0', 'v2')).toBeUndefined();
    cache.set('1:20:0', 'v2', '[2]');
    expect(cache.get('1:20:0', 'v2')).toBe('[2]');
  });

  it('holds at most maxChars of text, dropping the least recently used page first', () => {
    const cache = createListCache(10);
    cache.get('a', 't');
    cache.set('a', 't', 'aaaa');
    cache.set('b', 't', 'bbbb');
    expect(cache.get('a', 't')).toBe('aaaa'); // a is now the most recently used
    cache.set('c', 't', 'cccc');
    expect(cache.get('b', 't')).toBeUndefined();
    expect(cache.get('a', 't')).toBe('aaaa');
    expect(cache.get('c', 't')).toBe('cccc');
    expect(cache.chars).toBe(8);
    cache.set('a', 't', 'a'); // replacing a page counts only the new text
    expect(cache.chars).toBe(5);
    cache.set('huge', 't', 'x'.repeat(11));
    expect(cache.get('huge', 't')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
