import type { AdminOverview } from '@members-only/shared/admin';
import { RotateCcw } from 'lucide-react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/utils';
import { jobFailureSummary } from '../job-failure';
import { useAdminOverview, useRetryJob } from '../api/admin-lists';

const TOOL_NAMES: Record<string, string> = {
  chat: 'Chat',
  lyrics: 'Lyric Assist',
  review: 'Song Review',
  marketing: 'Marketing',
  cover: 'Cover Art',
  beat: 'Studio',
};
const number = new Intl.NumberFormat('en-US');
const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Bytes as "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** Bars per day: a glance at the shape; the numbers are in the table beside it for screen readers and exact reading. */
function DayBars({ title, days, value }: { title: string; days: AdminOverview['days']; value: (d: AdminOverview['days'][number]) => number }) {
  const max = Math.max(1, ...days.map(value));
  const total = days.reduce((n, d) => n + value(d), 0);
  return (
    <figure className="grid gap-2 rounded-2xl border border-border bg-card p-4">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{title}</span>
        <span className="tabular-nums text-muted-foreground">{number.format(total)} in 14 days</span>
      </figcaption>
      <div className="flex h-24 items-end gap-1" aria-hidden="true">
        {days.map((d) => (
          <div key={d.day} className="flex-1 rounded-t bg-primary" style={{ height: `${Math.max(2, (value(d) / max) * 100)}%`, opacity: value(d) ? 1 : 0.25 }} title={`${dayLabel(d.day)}: ${value(d)}`} />
        ))}
      </div>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{dayLabel(days[0]?.day ?? '')}</span>
        <span>{dayLabel(days.at(-1)?.day ?? '')}</span>
      </div>
      <table className="sr-only">
        <caption>{title} per day</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td>{value(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * The installation at a glance (issue: admin dashboard, 'beyond the anchors'): artists and
 * members, sign-ups and generations per day from the plan quota counters, background jobs with a
 * Retry for those that failed for good, and the space uploads take.
 */
export function OverviewTab({ active }: { active: boolean }) {
  const overview = useAdminOverview({ active });
  const retry = useRetryJob();
  if (overview.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the overview…</span>
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (overview.isError) return <LoadFailed message="Could not load the overview. Please try again." onRetry={() => void overview.refetch()} />;
  const { users, days, jobs, storage } = overview.data;
  const today = days.at(-1);
  const todayByTool = Object.entries(today?.generations ?? {});
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Artists" value={number.format(users.total)} hint={`${number.format(users.newLast7Days)} new in 7 days`} />
        <Stat label="Members" value={number.format(users.members)} hint={`${number.format(users.admins)} ${users.admins === 1 ? 'admin' : 'admins'}`} />
        <Stat label="Jobs waiting" value={number.format(jobs.queued + jobs.running)} hint={`${number.format(jobs.failed)} failed`} />
        <Stat label="Uploads" value={formatBytes(storage.trackBytes)} hint={`${number.format(storage.trackFiles)} tracks`} />
      </dl>

      <div className="grid gap-3 md:grid-cols-2">
        <DayBars title="Sign-ups" days={days} value={(d) => d.signups} />
        <DayBars title="Generations" days={days} value={(d) => Object.values(d.generations).reduce((n, v) => n + v, 0)} />
      </div>

      <section aria-labelledby="overview-today" className="grid gap-2">
        <h3 id="overview-today" className="text-sm font-semibold">
          Generations today, by tool
        </h3>
        <ul className="flex flex-wrap gap-2 text-sm">
          {todayByTool.map(([kind, count]) => (
            <li key={kind} className="rounded-full border border-border bg-muted px-3 py-1">
              {TOOL_NAMES[kind] ?? kind} <span className="font-semibold tabular-nums">{count}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="overview-failed" className="grid gap-2">
        <h3 id="overview-failed" className="text-sm font-semibold">
          Jobs that failed
        </h3>
        {jobs.recentFailures.length === 0 ? (
          <p className="text-sm text-muted-foreground">No failed jobs.</p>
        ) : (
          <ul className="grid gap-2">
            {jobs.recentFailures.map((job) => (
              <li key={job.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium" data-testid="job-failure-summary">
                    {jobFailureSummary(job)}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    Job #{job.id} · {job.type} · {formatDate(job.updatedAt)}
                  </span>
                  {job.error ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">Show the error</summary>
                      <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-2 font-mono text-xs">{job.error}</pre>
                    </details>
                  ) : (
                    <span className="block text-xs text-muted-foreground">No error was recorded.</span>
                  )}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(job.id, {
                      onSuccess: () => toast({ title: 'Queued again', description: `Job #${job.id} will run again.` }),
                      onError: (error) => toast({ title: 'Could not retry', description: errorMessage(error), variant: 'destructive' }),
                    })
                  }
                >
                  <RotateCcw aria-hidden="true" /> Retry<span className="sr-only"> job {job.id}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
