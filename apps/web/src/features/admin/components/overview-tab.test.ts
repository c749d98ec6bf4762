import { describe, expect, it } from 'vitest';
import { formatBytes } from './overview-tab';

describe('formatBytes', () => {
  it('says how much space uploads take in the unit a person reads', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(53 * 1024 * 1024)).toBe('53 MB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.3 GB');
  });
});
