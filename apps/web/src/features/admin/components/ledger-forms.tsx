// Parts of the admin's earnings ledger (EarningsLedgerSection): the balances and the three forms.
// Presentational: the section keeps the state and the requests and passes them in.
import { describeBalance, formatMoney, type AdminLedger, type ImportError } from '@members-only/shared/payouts';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export interface EarningDraft {
  amount: string;
  currency: string;
  source: string;
  period: string;
  note: string;
}

export interface PayoutDraft {
  amount: string;
  currency: string;
  note: string;
}

/** The artist's balance in each currency and their default payout method. */
export function LedgerBalances({ ledger }: { ledger: AdminLedger }) {
  return (
    <div className="flex flex-wrap gap-6 text-sm">
      {ledger.balances.length === 0 ? <p className="text-muted-foreground">Nothing recorded for {ledger.user.username} yet.</p> : null}
      {ledger.balances.map((b) => (
        <p key={b.currency}>
          <span className="text-muted-foreground">Balance ({b.currency}) </span>
          <span className="font-semibold tabular-nums" data-testid={`admin-balance-${b.currency}`}>
            {formatMoney(b.balanceMinor, b.currency)}
          </span>
          <span className="block text-muted-foreground tabular-nums">{describeBalance(b)}</span>
        </p>
      ))}
      <p>
        <span className="text-muted-foreground">Default payout method </span>
        <span className="font-medium">{ledger.defaultMethod ?? 'none yet'}</span>
      </p>
    </div>
  );
}

export function RecordEarningForm({ earning, setEarning, pending, onSubmit }: { earning: EarningDraft; setEarning: (next: EarningDraft) => void; pending: boolean; onSubmit: (e: FormEvent) => void }) {
  return (
    <form
      aria-label="Record earnings"
      className="grid content-start gap-3"
      onSubmit={onSubmit}
    >
      <h3 className="font-semibold">Record earnings</h3>
      {/* One column on a phone: the month field's own control is wider than half a phone's card. */}
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <div className="grid gap-1.5">
          <Label htmlFor="earning-amount">Amount</Label>
          <Input id="earning-amount" inputMode="decimal" placeholder="12.34" value={earning.amount} onChange={(e) => setEarning({ ...earning, amount: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="earning-currency">Currency</Label>
          <Input id="earning-currency" maxLength={3} value={earning.currency} onChange={(e) => setEarning({ ...earning, currency: e.target.value.toUpperCase() })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="earning-source">Source</Label>
          <Input id="earning-source" placeholder="Distributor or platform" value={earning.source} onChange={(e) => setEarning({ ...earning, source: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="earning-period">Period</Label>
          <Input id="earning-period" type="month" value={earning.period} onChange={(e) => setEarning({ ...earning, period: e.target.value })} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="earning-note">Note</Label>
        <Input id="earning-note" value={earning.note} onChange={(e) => setEarning({ ...earning, note: e.target.value })} />
      </div>
      <Button type="submit" className="justify-self-start" disabled={pending}>
        {pending ? 'Saving...' : 'Record earnings'}
      </Button>
    </form>
  );
}

export function ImportStatementForm({
  csv,
  setCsv,
  csvErrors,
  pending,
  onSubmit,
}: {
  csv: string;
  setCsv: (csv: string) => void;
  csvErrors: ImportError[];
  pending: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form
      aria-label="Import a CSV statement"
      className="grid content-start gap-3"
      onSubmit={onSubmit}
    >
      <h3 className="font-semibold">Import a CSV statement</h3>
      <div className="grid gap-1.5">
        <Label htmlFor="earning-csv">Statement (columns period, source, amount, currency, note)</Label>
        <p id="earning-csv-hint" className="text-sm text-muted-foreground">
          Optional columns song (title or id) and isrc: such a line is paid by the song's agreed split sheet.
        </p>
        <Input
          id="earning-csv-file"
          type="file"
          accept=".csv,text/csv"
          aria-label="Choose a CSV file"
          onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
        />
        <Textarea id="earning-csv" aria-describedby="earning-csv-hint" rows={4} placeholder={'period,source,amount,currency,note\n2026-09,Spotify,120.50,USD,'} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </div>
      {csvErrors.length > 0 ? (
        <div role="alert" aria-label="Statement errors" className="grid gap-1 text-sm text-destructive-text">
          <p className="font-medium">
            {csvErrors.length} {csvErrors.length === 1 ? 'problem' : 'problems'}; nothing was imported. Fix {csvErrors.length === 1 ? 'it' : 'them'} and import again:
          </p>
          <ul className="grid gap-1">
            {csvErrors.map((err, i) => (
              <li key={i}>
                Line {err.line}: {err.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={pending || csv.trim() === ''}>
        {pending ? 'Importing...' : 'Import statement'}
      </Button>
    </form>
  );
}

export function RecordPayoutForm({
  payout,
  setPayout,
  pending,
  hasDefaultMethod,
  onSubmit,
}: {
  payout: PayoutDraft;
  setPayout: (next: PayoutDraft) => void;
  pending: boolean;
  hasDefaultMethod: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form
      aria-label="Record a payout"
      className="grid content-start gap-3"
      onSubmit={onSubmit}
    >
      <h3 className="font-semibold">Record a payout to the default method</h3>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="payout-amount">Payout amount</Label>
          <Input id="payout-amount" inputMode="decimal" value={payout.amount} onChange={(e) => setPayout({ ...payout, amount: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="payout-currency">Payout currency</Label>
          <Input id="payout-currency" maxLength={3} value={payout.currency} onChange={(e) => setPayout({ ...payout, currency: e.target.value.toUpperCase() })} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="payout-note">Payout note</Label>
        <Input id="payout-note" value={payout.note} onChange={(e) => setPayout({ ...payout, note: e.target.value })} />
      </div>
      <Button type="submit" className="justify-self-start" disabled={pending || !hasDefaultMethod}>
        {pending ? 'Saving...' : 'Record payout'}
      </Button>
    </form>
  );
}
