import { describe, expect, it } from 'vitest';
import { anySignal, isAbortError } from './abort';
import { parseIdParam } from './route-params';
import { activeSection, isSectionActive, sectionById } from './sections';
import { formatDate } from './utils';

describe('parseIdParam', () => {
  it.each([
    [undefined, null],
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['0', 'invalid'],
    ['2147483648', 'invalid'],
    ['-3', 'invalid'],
    ['1.5', 'invalid'],
    ['12abc', 'invalid'],
    ['', 'invalid'],
    ['99999999999', 'invalid'],
  ])('%j -> %j', (raw, expected) => {
    expect(parseIdParam(raw)).toBe(expected);
  });
});

describe('sections', () => {
  it('own their path and everything under it', () => {
    const lyrics = sectionById('lyrics');
    expect(isSectionActive(lyrics, '/lyrics')).toBe(true);
    expect(isSectionActive(lyrics, '/lyrics/12')).toBe(true);
    expect(isSectionActive(lyrics, '/lyricsfoo')).toBe(false);
  });

  it('give Home only / and /home', () => {
    const home = sectionById('home');
    expect(['/', '/home', '/home/'].map((p) => isSectionActive(home, p))).toEqual([true, true, true]);
    expect(isSectionActive(home, '/chat')).toBe(false);
    expect(activeSection('/chat/3')?.id).toBe('chat');
    expect(activeSection('/nowhere')).toBeUndefined();
  });

  it('refuse an unknown id', () => {
    expect(() => sectionById('nope' as never)).toThrow('Unknown section nope');
  });
});

describe('formatDate', () => {
  it('formats an ISO date and is empty for nothing or nonsense', () => {
    expect(formatDate('2026-03-12T10:00:00.000Z')).toMatch(/2026/);
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('anySignal and isAbortError', () => {
  it('aborts when any of its signals aborts, with that reason', () => {
    const a = new AbortController();
    const b = new AbortController();
    const signal = anySignal([a.signal, b.signal]);
    expect(signal.aborted).toBe(false);
    b.abort('stop');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('stop');
  });

  it('is aborted at once when a signal already was', () => {
    const a = new AbortController();
    a.abort('early');
    expect(anySignal([a.signal, new AbortController().signal]).aborted).toBe(true);
  });

  it('works without AbortSignal.any (older Safari)', () => {
    const original = AbortSignal.any;
    try {
      Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
      const a = new AbortController();
      const signal = anySignal([a.signal]);
      a.abort('gone');
      expect(signal.reason).toBe('gone');
    } finally {
      Object.defineProperty(AbortSignal, 'any', { value: original, configurable: true });
    }
  });

  it('recognises cancelled and timed-out requests only', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'TimeoutError'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'NotFoundError'))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
  });
});
