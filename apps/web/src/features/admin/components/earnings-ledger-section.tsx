import { formatMoney, parseAmountToMinor, type ImportError } from '@members-only/shared/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { adminLedgerQueryKey, importEarnings, StatementRejectedError, markPayoutPaid, recordEarning, recordPayout, useAdminLedger, useLedgerArtists } from '../api/ledger';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const thisMonth = () => new Date().toISOString().slice(0, 7);


/**
 * The earnings ledger for admins (amendment C5): record an artist's earnings one at a time or from a
 * CSV statement, record payouts to their default method and mark them paid. Kept small: the admin
 * dashboard's own lists are another piece of work.
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
  const refresh = () => userId !== null && void queryClient.invalidateQueries({ queryKey: adminLedgerQueryKey(userId) });
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
              className="grid gap-3"
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
              className="grid gap-3"
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
                <ul role="alert" aria-label="Statement errors" className="grid gap-1 text-sm text-destructive-text">
                  {csvErrors.map((err, i) => (
                    <li key={i}>
                      Line {err.line}: {err.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <Button type="submit" className="justify-self-start" disabled={addImport.isPending || csv.trim() === ''}>
                {addImport.isPending ? 'Importing...' : 'Import statement'}
              </Button>
            </form>

            <form
              aria-label="Record a payout"
              className="grid gap-3"
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
                  <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2">
                    <span>
                      {e.kind === 'earning' ? `${e.source ?? ''} · ${e.period ?? ''}` : `Payout to ${e.paidTo ?? '?'} · ${e.status}`}
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="font-medium tabular-nums">
                        {e.kind === 'earning' ? '+' : '−'}
                        {formatMoney(e.amountMinor, e.currency)}
                      </span>
                      {e.kind === 'payout' && e.status === 'pending' ? (
                        <Button size="sm" variant="outline" disabled={paid.isPending} onClick={() => paid.mutate(e.id)}>
                          Mark paid
                        </Button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}
