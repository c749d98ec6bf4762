import { describeBalance, describeSongShare, entryTitle, formatMoney, PERIOD_PATTERN, periodLabel, signedMoney, songShareGroups, type LedgerEntry } from '@members-only/shared/payouts';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { statementCsvUrl, useStatement } from '../api/statement';

/** A statement line's state: paid (with the day), pending, reversed, or a correction's reason. */
function stateOf(e: LedgerEntry): string {
  if (e.reversesId !== null) return e.reason ?? 'Correction';
  if (e.kind === 'earning') return e.reversedById !== null ? 'Reversed' : (e.note || 'Recorded');
  if (e.reversedById !== null) return e.status === 'paid' ? 'Paid, then reversed' : 'Reversed before it was sent';
  return e.status === 'paid' && e.paidAt ? `Paid ${e.paidAt.slice(0, 10)}` : 'Pending';
}

/** The table's columns (the amount set right, as on paper). */
const COLUMNS = [
  ['Date', 'pr-3'],
  ['Description', 'pr-3'],
  ['Amount', 'text-right'],
] as const;

/** Printing shows the statement alone: the app's sidebar, bars and buttons stay off the paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #payout-statement, #payout-statement * { visibility: visible; }
  #payout-statement { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  [data-print-hidden] { display: none !important; }
}`;

/**
 * /payouts/statement/:period: a month's statement the way distributors send them (earnings reported
 * for the month, payouts made in it, totals, the balance today), to print or download as CSV for an
 * accountant.
 */
export function StatementPage() {
  const period = useParams().period ?? '';
  const valid = PERIOD_PATTERN.test(period);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-8">
      <style>{PRINT_CSS}</style>
      <title>{`Statement ${period} · Payouts`}</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3" data-print-hidden>
        <Button variant="ghost" asChild>
          <Link to="/payouts">
            <ArrowLeft aria-hidden="true" />
            Back to Payouts
          </Link>
        </Button>
        {valid ? (
          <div className="flex gap-2">
            <Button variant="outline" asChild>
              <a href={statementCsvUrl(period)} download>
                <Download aria-hidden="true" />
                Download CSV
              </a>
            </Button>
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
        ) : null}
      </div>
      {valid ? <StatementBody period={period} /> : <p role="alert">That is not a month. Statements are by month, such as 2026-09.</p>}
    </div>
  );
}

function StatementBody({ period }: { period: string }) {
  const statement = useStatement(period);
  if (statement.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading the statement…
      </div>
    );
  }
  if (statement.isError) return <LoadFailed message="Failed to load the statement. Please try again." onRetry={() => void statement.refetch()} />;
  const s = statement.data;
  // Shares of song earnings are grouped by song with the artist's master share; the rest is a table.
  const songs = songShareGroups(s.entries);
  const other = s.entries.filter((e) => e.song === null);
  return (
    <article id="payout-statement" className="rounded-2xl border border-border bg-card p-6 text-card-foreground">
      <header className="mb-6">
        <h1 className="text-2xl font-bold">Statement for {periodLabel(s.period)}</h1>
        <p className="text-sm text-muted-foreground">
          {s.artist} · generated {new Date(s.generatedAt).toLocaleString()}
        </p>
      </header>
      {s.entries.length === 0 ? (
        <p className="text-muted-foreground">Nothing was recorded for this month.</p>
      ) : null}
      {other.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Earnings and payouts in {periodLabel(s.period)}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                {COLUMNS.map(([label, place]) => (
                  <th key={label} scope="col" className={`py-2 font-medium ${place}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {other.map((e) => (
                <tr key={e.id} className="border-b border-border/60">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{e.createdAt.slice(0, 10)}</td>
                  <td className="py-2 pr-3">
                    {entryTitle(e)}
                    <span className="block text-xs text-muted-foreground">{stateOf(e)}</span>
                  </td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{signedMoney(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {songs.length > 0 ? (
        <section aria-labelledby="statement-songs" className="mt-6 grid gap-4">
          <h2 id="statement-songs" className="text-lg font-semibold">
            Your share of songs
          </h2>
          {songs.map((g) => (
            <section key={`${g.songId}-${g.currency}`} aria-label={`${g.title} (${g.currency})`} className="rounded-xl border border-border p-4 text-sm">
              <h3 className="mb-2 flex flex-wrap items-baseline justify-between gap-2 font-semibold">
                <span className="min-w-0 break-words">{g.title}</span>
                <span className="tabular-nums">{formatMoney(g.totalMinor, g.currency)}</span>
              </h3>
              <ul className="grid gap-2">
                {g.entries.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-t border-border/60 pt-2">
                    <span className="min-w-0 break-words">
                      {describeSongShare(e.song!, e.amountMinor, e.currency)}
                      <span className="block text-xs text-muted-foreground">
                        {e.createdAt.slice(0, 10)} · {e.source ?? 'Earnings'}
                        {e.reversesId !== null ? ` · Correction: ${e.reason ?? ''}` : e.reversedById !== null ? ' · Reversed' : ''}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      ) : null}
      {s.totals.length > 0 ? (
        <div className="mt-6 grid gap-4">
          {s.totals.map((t) => {
            const today = s.balances.find((b) => b.currency === t.currency);
            return (
              <section key={t.currency} aria-label={`Totals in ${t.currency}`} className="grid gap-2 text-sm">
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">Earned ({t.currency})</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(t.earnedMinor, t.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Paid out ({t.currency})</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(t.paidMinor, t.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Pending ({t.currency})</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(t.pendingMinor, t.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Net this month ({t.currency})</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(t.balanceMinor, t.currency)}</dd>
                  </div>
                </dl>
                {today ? (
                  <p data-testid={`statement-balance-${t.currency}`}>
                    <span className="font-semibold">Balance owed today: {formatMoney(today.balanceMinor, t.currency)}</span>
                    <span className="text-muted-foreground"> ({describeBalance(today)})</span>
                  </p>
                ) : null}
              </section>
            );
          })}
        </div>
      ) : null}
    </article>
  );
}
