import { describeBalance, entryTitle, formatMoney, periodLabel, signedMoney, statementPeriods, type Ledger, type LedgerEntry } from '@members-only/shared/payouts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';

/** The line under an entry: when, its state, its note or a correction's reason. */
function entryDetail(e: LedgerEntry): string {
  const day = (iso: string) => new Date(iso).toLocaleDateString();
  if (e.reversesId !== null) return `Corrected ${day(e.createdAt)}${e.reason ? ` · ${e.reason}` : ''}`;
  const state = e.kind === 'payout' ? (e.status === 'paid' && e.paidAt ? `Paid ${day(e.paidAt)}` : e.reversedById !== null ? 'Not sent' : 'Pending') : `Recorded ${day(e.createdAt)}`;
  return `${state}${e.note ? ` · ${e.note}` : ''}`;
}

/**
 * The artist's balance and history, computed from the earnings ledger and nothing else
 * (amendments A1, C5): with no entries there is no figure at all. A corrected entry stays in the
 * history, marked reversed, beside the correction that reverses it (ADR 030).
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
      <div className="grid gap-3">
        {ledger.balances.map((b) => (
          <section key={b.currency} aria-label={`Balance in ${b.currency}`} className="rounded-xl border border-border p-4">
            <p className="text-sm text-muted-foreground">Balance owed to you ({b.currency})</p>
            <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`balance-${b.currency}`}>
              {formatMoney(b.balanceMinor, b.currency)}
            </p>
            <p className="mt-2 text-sm text-muted-foreground tabular-nums" data-testid={`balance-parts-${b.currency}`}>
              {describeBalance(b)}
            </p>
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
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  <span>{entryTitle(e)}</span>
                  {e.reversedById !== null ? <Badge variant="outline">Reversed</Badge> : null}
                </p>
                <p className="text-xs text-muted-foreground">{entryDetail(e)}</p>
              </div>
              <p className={e.reversedById !== null ? 'shrink-0 font-semibold tabular-nums text-muted-foreground line-through' : 'shrink-0 font-semibold tabular-nums'}>{signedMoney(e)}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
