import { formatMoney, periodLabel, statementPeriods, type Ledger } from '@members-only/shared/payouts';
import { Link } from 'react-router';

/**
 * The artist's balance and history, computed from the earnings ledger and nothing else
 * (amendments A1, C5): with no entries there is no figure at all.
 */
export function EarningsPanel({ ledger }: { ledger: Ledger }) {
  if (ledger.entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No earnings recorded yet. When royalties from your distributor or platforms are recorded for you, your balance and history appear here.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        {ledger.balances.map((b) => (
          <section key={b.currency} aria-label={`Balance in ${b.currency}`} className="rounded-xl border border-border p-4">
            <p className="text-sm text-muted-foreground">Balance owed to you ({b.currency})</p>
            <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`balance-${b.currency}`}>
              {formatMoney(b.balanceMinor, b.currency)}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-muted-foreground">Earned</dt>
                <dd className="font-medium tabular-nums">{formatMoney(b.earnedMinor, b.currency)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Paid out</dt>
                <dd className="font-medium tabular-nums">{formatMoney(b.paidMinor, b.currency)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Pending</dt>
                <dd className="font-medium tabular-nums">{formatMoney(b.pendingMinor, b.currency)}</dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
      <nav aria-label="Monthly statements">
        <h3 className="mb-2 text-sm font-semibold">Statements</h3>
        <ul className="flex flex-wrap gap-2">
          {statementPeriods(ledger.entries).map((p) => (
            <li key={p}>
              <Link
                to={`/payouts/statement/${p}`}
                className="inline-flex rounded-full border border-border px-3 py-1 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {periodLabel(p)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h3 className="mb-2 text-sm font-semibold">History</h3>
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Earnings and payouts history">
          {ledger.entries.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {e.kind === 'earning' ? `${e.source ?? 'Earnings'}${e.period ? ` · ${e.period}` : ''}` : `Payout to ${e.paidTo ?? 'your payout method'}`}
                </p>
                <p className="text-xs text-muted-foreground">
                  {e.kind === 'payout' ? (e.status === 'paid' && e.paidAt ? `Paid ${new Date(e.paidAt).toLocaleDateString()}` : 'Pending') : `Recorded ${new Date(e.createdAt).toLocaleDateString()}`}
                  {e.note ? ` · ${e.note}` : ''}
                </p>
              </div>
              <p className={e.kind === 'earning' ? 'shrink-0 font-semibold tabular-nums' : 'shrink-0 font-semibold tabular-nums'}>
                {e.kind === 'earning' ? '+' : '−'}
                {formatMoney(e.amountMinor, e.currency)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
