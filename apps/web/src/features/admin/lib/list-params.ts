/** What a list shows: a search, a sort and one page. */
export interface ListParams {
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const PAGE_SIZE = 25;
export const DEFAULT_PARAMS: ListParams = { q: '', sort: 'createdAt', order: 'desc', limit: PAGE_SIZE, offset: 0 };

/** `path?…` with the list's parameters; an empty search is left out. */
export function listUrl(path: string, { q, sort, order, limit, offset }: ListParams): string {
  const search = new URLSearchParams({ sort, order, limit: String(limit), offset: String(offset) });
  if (q.trim()) search.set('q', q.trim());
  return `${path}?${search.toString()}`;
}

/** The CSV download of a list, with the same search as the table. */
export function exportUrl(list: string, q: string): string {
  return q.trim() ? `/api/admin/export/${list}?${new URLSearchParams({ q: q.trim() }).toString()}` : `/api/admin/export/${list}`;
}

/** Clicking a column: sort by it (newest or largest first), or flip the order when it is already the sort. */
export function toggleSort(params: ListParams, column: string): ListParams {
  if (params.sort === column) return { ...params, order: params.order === 'asc' ? 'desc' : 'asc', offset: 0 };
  const textual = ['username', 'email', 'originalName'].includes(column);
  return { ...params, sort: column, order: textual ? 'asc' : 'desc', offset: 0 };
}

/** "1–25 of 10,002", or "No results" for an empty page. */
export function rangeLabel(offset: number, count: number, total: number): string {
  if (total === 0 || count === 0) return '0 of 0';
  const format = new Intl.NumberFormat('en-US');
  return `${format.format(offset + 1)}–${format.format(offset + count)} of ${format.format(total)}`;
}
