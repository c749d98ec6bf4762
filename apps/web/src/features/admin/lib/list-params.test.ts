import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, exportUrl, listUrl, rangeLabel, toggleSort } from './list-params';

describe('admin list parameters', () => {
  it('builds the list URL, leaving an empty search out', () => {
    expect(listUrl('/api/admin/users', DEFAULT_PARAMS)).toBe('/api/admin/users?sort=createdAt&order=desc&limit=25&offset=0');
    expect(listUrl('/api/admin/users', { ...DEFAULT_PARAMS, q: '  a&b ' })).toBe('/api/admin/users?sort=createdAt&order=desc&limit=25&offset=0&q=a%26b');
  });

  it('exports with the same search', () => {
    expect(exportUrl('tracks', '')).toBe('/api/admin/export/tracks');
    expect(exportUrl('tracks', 'night drive')).toBe('/api/admin/export/tracks?q=night+drive');
  });

  it('sorts by a new column from the top, names A to Z, and flips the order on a second click', () => {
    const paged = { ...DEFAULT_PARAMS, offset: 50 };
    expect(toggleSort(paged, 'username')).toMatchObject({ sort: 'username', order: 'asc', offset: 0 });
    expect(toggleSort(paged, 'duration')).toMatchObject({ sort: 'duration', order: 'desc', offset: 0 });
    expect(toggleSort(paged, 'createdAt')).toMatchObject({ sort: 'createdAt', order: 'asc', offset: 0 });
  });

  it('says which rows are on screen', () => {
    expect(rangeLabel(0, 25, 10002)).toBe('1–25 of 10,002');
    expect(rangeLabel(10000, 2, 10002)).toBe('10,001–10,002 of 10,002');
    expect(rangeLabel(0, 0, 0)).toBe('0 of 0');
  });
});
