import { describeBalance, entryTitle, formatMoney, parseAmountToMinor, signedMoney, payoutAwaitingPayment, type ImportError, type LedgerEntry } from '@members-only/shared/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { adminLedgerQueryKey, importEarnings, StatementRejectedError, markPayoutPaid, recordEarning, recordPayout, reverseEntry, useAdminLedger, useLedgerArtists } from '../api/ledger';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const thisMonth = () => new Date().toISOString().slice(0, 7);


/**
 * The earnings ledger for admins (amendment C5): record an artist's earnings one at a time or from a
 * CSV statement, record payouts to their default method and mark them paid. Entries are never
 * edited or deleted: 'Reverse' records a correction with a reason (ADR 030), and the history shows
 * both.
 */
export function EarningsLedgerSection() {
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const [find, setFind] = useState('');
  const artists = useLedgerArtists(useDebouncedValue(find, 300));
  // The chosen artist stays in the list while another search is shown.
  const [chosen, setChosen] = useState<{ id: number; username: string } | null>(null);
  const found = artists.data ?? [];
  const shown = chosen && !found.some((u) => u.id === chosen.id) ? [chosen, ...found] : found;
  const ledger = useAdminLedger(userId);
  const [earning, setEarning] = useState({ amount: '', currency: 'USD', source: '', period: thisMonth(), note: '' });
  const [payout, setPayout] = useState({ amount: '', currency: 'USD', note: '' });
  const [csv, setCsv] = useState('');
  const [csvErrors, setCsvErrors] = useState<ImportError[]>([]);
  // The entry being reversed, and the reason typed for it.
  const [reversing, setReversing] = useState<{ id: number; reason: string } | null>(null);
  const refresh = () => {
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: adminLedgerQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: ['/api/admin/audit'] });
  };
  const failed = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), variant: 'destructive' });

  const addEarning = useMutation({
    mutationFn: (amountMinor: number) => recordEarning(userId!, { amountMinor, currency: earning.currency, source: earning.source, period: earning.period, note: earning.note }),
    onSuccess: () => {
      toast({ title: 'Earnings recorded', variant: 'success' });
      setEarning((e) => ({ ...e, amount: '', note: '' }));
      refresh();
    },
    onError: failed('Could not record earnings'),
  });
  const addImport = useMutation({
    mutationFn: () => importEarnings(userId!, csv),
    onSuccess: (result) => {
      toast({ title: 'Statement imported', description: `${result.imported} row${result.imported === 1 ? '' : 's'} recorded.`, variant: 'success' });
      setCsv('');
      setCsvErrors([]);
      refresh();
    },
    onError: (error) => {
      setCsvErrors(error instanceof StatementRejectedError ? error.errors : []);
      failed('Statement not imported')(error);
    },
  });
  const addPayout = useMutation({
    mutationFn: (amountMinor: number) => recordPayout(userId!, { amountMinor, currency: payout.currency, note: payout.note }),
    onSuccess: () => {
      toast({ title: 'Payout recorded', variant: 'success' });
      setPayout((p) => ({ ...p, amount: '', note: '' }));
      refresh();
    },
    onError: failed('Could not record the payout'),
  });
  const paid = useMutation({ mutationFn: markPayoutPaid, onSuccess: refresh, onError: failed('Could not mark the payout paid') });
  const reverse = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reverseEntry(id, reason),
    onSuccess: () => {
      toast({ title: 'Entry reversed', description: 'The correction is in the history and the Audit log.', variant: 'success' });
      setReversing(null);
      refresh();
    },
    onError: failed('Could not reverse the entry'),
  });

  const submitAmount = (e: FormEvent, amount: string, currency: string, send: (minor: number) => void) => {
    e.preventDefault();
    const parsed = parseAmountToMinor(amount, currency.trim().toUpperCase() || 'USD');
    if (!parsed.ok || parsed.minor <= 0) {
      toast({ title: 'Check the amount', description: parsed.ok ? 'Amount must be more than zero' : parsed.message, variant: 'destructive' });
      return;
    }
    send(parsed.minor);
  };

  return (
    <section aria-labelledby="admin-ledger-title" className="grid gap-4">
      <div>
        <h2 id="admin-ledger-title" className="text-xl font-semibold tracking-tight">
          Earnings ledger
        </h2>
        <p className="text-sm text-muted-foreground">What artists see as their balance on Payouts comes from here and nowhere else.</p>
      </div>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor="ledger-find">Find an artist</Label>
        <Input id="ledger-find" value={find} placeholder="Username" onChange={(e) => setFind(e.target.value)} />
        <Label htmlFor="ledger-artist">Artist</Label>
        <select
          id="ledger-artist"
          className={selectClass}
          value={userId ?? ''}
          onChange={(e) => {
            const id = e.target.value ? Number(e.target.value) : null;
            setUserId(id);
            setChosen(shown.find((u) => u.id === id) ?? null);
          }}
        >
          <option value="">{artists.isPending ? 'Loading artists...' : 'Select an artist'}</option>
          {shown.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
      </div>

      {userId !== null && ledger.data ? (
        <div className="grid gap-6 rounded-2xl border border-border bg-card p-5">
          <div className="flex flex-wrap gap-6 text-sm">
            {ledger.data.balances.length === 0 ? <p className="text-muted-foreground">Nothing recorded for {ledger.data.user.username} yet.</p> : null}
            {ledger.data.balances.map((b) => (
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
              <span className="font-medium">{ledger.data.defaultMethod ?? 'none yet'}</span>
            </p>
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <form
              aria-label="Record earnings"
              className="grid content-start gap-3"
              onSubmit={(e) => submitAmount(e, earning.amount, earning.currency, (minor) => addEarning.mutate(minor))}
            >
              <h3 className="font-semibold">Record earnings</h3>
              <div className="grid grid-cols-2 gap-3">
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
              <Button type="submit" className="justify-self-start" disabled={addEarning.isPending}>
                {addEarning.isPending ? 'Saving...' : 'Record earnings'}
              </Button>
            </form>

            <form
              aria-label="Import a CSV statement"
              className="grid content-start gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                addImport.mutate();
              }}
            >
              <h3 className="font-semibold">Import a CSV statement</h3>
              <div className="grid gap-1.5">
                <Label htmlFor="earning-csv">Statement (columns period, source, amount, currency, note)</Label>
                <Input
                  id="earning-csv-file"
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="Choose a CSV file"
                  onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
                />
                <Textarea id="earning-csv" rows={4} placeholder={'period,source,amount,currency,note\n2026-09,Spotify,120.50,USD,'} value={csv} onChange={(e) => setCsv(e.target.value)} />
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
              <Button type="submit" className="justify-self-start" disabled={addImport.isPending || csv.trim() === ''}>
                {addImport.isPending ? 'Importing...' : 'Import statement'}
              </Button>
            </form>

            <form
              aria-label="Record a payout"
              className="grid content-start gap-3"
              onSubmit={(e) => submitAmount(e, payout.amount, payout.currency, (minor) => addPayout.mutate(minor))}
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
              <Button type="submit" className="justify-self-start" disabled={addPayout.isPending || !ledger.data.defaultMethod}>
                {addPayout.isPending ? 'Saving...' : 'Record payout'}
              </Button>
            </form>

            <div className="grid content-start gap-2">
              <h3 className="font-semibold">History</h3>
              {ledger.data.entries.length === 0 ? <p className="text-sm text-muted-foreground">No entries yet.</p> : null}
              <ul className="grid gap-2 text-sm" aria-label="Ledger history">
                {ledger.data.entries.map((e) => (
                  <HistoryRow
                    key={e.id}
                    entry={e}
                    busy={paid.isPending || reverse.isPending}
                    reason={reversing?.id === e.id ? reversing.reason : null}
                    onMarkPaid={() => paid.mutate(e.id)}
                    onReason={(reason) => setReversing(reason === null ? null : { id: e.id, reason })}
                    onReverse={(reason) => reverse.mutate({ id: e.id, reason })}
                  />
                ))}
              </ul>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** One entry of the admin's history: Mark paid for a payout waiting for it, Reverse (with a reason) for any original entry. */
function HistoryRow({
  entry: e,
  busy,
  reason,
  onMarkPaid,
  onReason,
  onReverse,
}: {
  entry: LedgerEntry;
  busy: boolean;
  /** The reason being typed, when the reversal form is open. */
  reason: string | null;
  onMarkPaid: () => void;
  onReason: (reason: string | null) => void;
  onReverse: (reason: string) => void;
}) {
  const payoutState = e.status === 'paid' && e.paidAt ? `Paid ${new Date(e.paidAt).toLocaleDateString()}` : e.reversedById !== null ? 'Not sent' : 'Pending';
  const state = e.reversesId !== null ? `Reason: ${e.reason ?? ''}` : e.kind === 'payout' ? `${payoutState}${e.note ? ` · ${e.note}` : ''}` : e.note;
  return (
    <li className="grid gap-2 rounded-lg border border-border px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-x-2">
            <span>{entryTitle(e)}</span>
            {e.reversedById !== null ? <Badge variant="outline">Reversed</Badge> : null}
          </span>
          {state ? <span className="block text-xs text-muted-foreground">{state}</span> : null}
        </span>
        <span className="flex items-center gap-2">
          <span className="font-medium tabular-nums">{signedMoney(e)}</span>
          {payoutAwaitingPayment(e) ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={onMarkPaid}>
              Mark paid
            </Button>
          ) : null}
          {e.reversesId === null && e.reversedById === null && reason === null ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onReason('')} aria-label={`Reverse ${entryTitle(e)} ${signedMoney(e)}`}>
              Reverse
            </Button>
          ) : null}
        </span>
      </div>
      {reason !== null ? (
        <form
          aria-label={`Reverse ${entryTitle(e)}`}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) onReverse(reason.trim());
          }}
        >
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor={`reverse-reason-${e.id}`}>Reason for the correction</Label>
            <Input id={`reverse-reason-${e.id}`} value={reason} autoFocus maxLength={500} onChange={(event) => onReason(event.target.value)} />
          </div>
          <Button type="submit" size="sm" disabled={busy || reason.trim() === ''}>
            Record reversal
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => onReason(null)}>
            Cancel
          </Button>
        </form>
      ) : null}
    </li>
  );
}
