import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download, Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { exportUrl, rangeLabel, toggleSort, type ListParams } from '../lib/list-params';

export interface Column<R> {
  header: string;
  /** The server's sort key, when the column can be sorted. */
  sort?: string;
  cell: (row: R) => ReactNode;
  className?: string;
}

export interface AdminListProps<R extends { id: number }> {
  /** 'users', 'tracks', 'lyrics': names the table and the export. */
  list: string;
  label: string;
  searchPlaceholder: string;
  columns: Column<R>[];
  params: ListParams;
  onParams: (next: ListParams) => void;
  query: { data?: { items: R[]; total: number }; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  emptyText: string;
  exportable?: boolean;
  searchable?: boolean;
}

/**
 * One admin list: a search, a table whose headers sort on the server, pages of 25 and the spec's
 * 'Export CSV' (disabled while loading or empty), which downloads the whole search as CSV.
 */
export function AdminList<R extends { id: number }>({
  list,
  label,
  searchPlaceholder,
  columns,
  params,
  onParams,
  query,
  emptyText,
  exportable = true,
  searchable = true,
}: AdminListProps<R>) {
  const [search, setSearch] = useState(params.q);
  const settled = useDebouncedValue(search, 300);
  useEffect(() => {
    if (settled !== params.q) onParams({ ...params, q: settled, offset: 0 });
  }, [settled, params, onParams]);

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const loading = query.isPending || (query.isFetching && query.isPlaceholderData);
  const canExport = !loading && items.length > 0;

  return (
    <div className="grid min-w-0 gap-4">
      {searchable || exportable ? (
        <div className="flex flex-wrap items-center gap-3">
          {searchable ? (
            <div className="relative min-w-48 flex-1">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                aria-label={`Search ${label.toLowerCase()}`}
                placeholder={searchPlaceholder}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                maxLength={100}
                className="pl-9"
              />
            </div>
          ) : null}
          {exportable ? (
            <Button variant="outline" disabled={!canExport} onClick={() => window.location.assign(exportUrl(list, params.q))}>
              <Download aria-hidden="true" /> Export CSV
            </Button>
          ) : null}
        </div>
      ) : null}

      {query.isError && !query.data ? (
        <LoadFailed message={`Could not load the ${label.toLowerCase()}. Please try again.`} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading {label.toLowerCase()}…</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table aria-label={label} aria-busy={loading} className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.header}
                      scope="col"
                      className={cn('px-3 py-2 font-semibold', column.className)}
                      aria-sort={column.sort && params.sort === column.sort ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {column.sort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                          onClick={() => onParams(toggleSort(params, column.sort!))}
                        >
                          {column.header}
                          {params.sort === column.sort ? (
                            params.order === 'asc' ? (
                              <ArrowUp aria-hidden="true" className="size-3.5" />
                            ) : (
                              <ArrowDown aria-hidden="true" className="size-3.5" />
                            )
                          ) : null}
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cn('divide-y divide-border', loading && 'opacity-60')}>
                {items.map((row) => (
                  <tr key={row.id} className="align-top">
                    {columns.map((column) => (
                      <td key={column.header} className={cn('px-3 py-2', column.className)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
            <span className="tabular-nums" aria-live="polite">
              {rangeLabel(params.offset, items.length, total)}
            </span>
            <span className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={params.offset === 0 || loading}
                onClick={() => onParams({ ...params, offset: Math.max(0, params.offset - params.limit) })}
              >
                <ChevronLeft aria-hidden="true" /> Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={params.offset + items.length >= total || loading}
                onClick={() => onParams({ ...params, offset: params.offset + params.limit })}
              >
                Next <ChevronRight aria-hidden="true" />
              </Button>
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
