import type { ReleaseStats as Stats } from '@members-only/shared/releases';
import { useId } from 'react';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dayLabel.format(at);
};

/**
 * Views and clicks per day as pairs of bars (a picture for sighted readers, hidden from screen
 * readers) with the same numbers in a table, then clicks per store.
 */
export function ReleaseStats({ stats }: { stats: Stats }) {
  const tableId = useId();
  const max = Math.max(1, ...stats.days.map((d) => Math.max(d.views, d.clicks)));
  const { views, clicks } = stats.totals;
  return (
    <div className="grid gap-4" data-testid="release-stats">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Total label="Views" value={views} />
        <Total label="Store clicks" value={clicks} />
        <Total label="Sign-ups" value={stats.signups} />
      </dl>

      <div>
        <h4 className="text-sm font-semibold">Last {stats.days.length} days</h4>
        <div className="mt-1 flex gap-3 text-xs text-muted-foreground" aria-hidden="true">
          <span className="inline-flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm bg-primary" /> Views
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm bg-muted-foreground" /> Clicks
          </span>
        </div>
        <div className="mt-2 flex h-32 items-end gap-px overflow-hidden rounded-md border border-border p-1" aria-hidden="true" data-testid="release-chart">
          {stats.days.map((day) => (
            <div key={day.date} className="flex h-full min-w-0 flex-1 items-end gap-px" title={`${formatDay(day.date)}: ${day.views} views, ${day.clicks} clicks`}>
              <span className="block w-1/2 rounded-t-sm bg-primary" style={{ height: `${(day.views / max) * 100}%` }} />
              <span className="block w-1/2 rounded-t-sm bg-muted-foreground" style={{ height: `${(day.clicks / max) * 100}%` }} />
            </div>
          ))}
        </div>
        {stats.days.length > 0 ? (
          <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
            <span>{formatDay(stats.days[0]!.date)}</span>
            <span>{formatDay(stats.days[stats.days.length - 1]!.date)}</span>
          </div>
        ) : null}
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-primary">Show the numbers as a table</summary>
          <div className="mt-2 max-h-64 overflow-y-auto">
            <table className="w-full text-left tabular-nums" aria-labelledby={tableId}>
              <caption id={tableId} className="sr-only">
                Views and store clicks per day
              </caption>
              <thead>
                <tr className="text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">Day</th>
                  <th scope="col" className="py-1 text-right font-medium">Views</th>
                  <th scope="col" className="py-1 text-right font-medium">Clicks</th>
                </tr>
              </thead>
              <tbody>
                {stats.days.map((day) => (
                  <tr key={day.date} className="border-t border-border">
                    <th scope="row" className="py-1 font-normal">
                      <time dateTime={day.date}>{formatDay(day.date)}</time>
                    </th>
                    <td className="py-1 text-right">{day.views}</td>
                    <td className="py-1 text-right">{day.clicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>

      <div>
        <h4 className="text-sm font-semibold">Clicks per store</h4>
        {stats.byLink.length ? (
          <ul className="mt-2 grid gap-1.5" aria-label="Clicks per store">
            {stats.byLink.map((link) => {
              const most = Math.max(1, ...stats.byLink.map((l) => l.clicks));
              return (
                <li key={link.service} className="grid grid-cols-[7rem_minmax(0,1fr)_3rem] items-center gap-2 text-sm">
                  <span className="truncate">{link.label}</span>
                  <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <span className="block h-full rounded-full bg-primary" style={{ width: `${(link.clicks / most) * 100}%` }} />
                  </span>
                  <span className="text-right tabular-nums">
                    {link.clicks}
                    <span className="sr-only"> {link.clicks === 1 ? 'click' : 'clicks'}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No store links yet.</p>
        )}
      </div>
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-muted/60 p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
