import { entryTitle, parseAmountToMinor, signedMoney, payoutAwaitingPayment, type ImportError, type LedgerEntry } from '@members-only/shared/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { ImportStatementForm, LedgerBalances, RecordEarningForm, RecordPayoutForm } from './ledger-forms';
import { adminLedgerQueryKey, importEarnings, StatementRejectedError, markPayoutPaid, recordEarning, recordPayout, reverseEntry, useAdminLedger, useLedgerArtists } from '../api/ledger';

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
        <Select
          id="ledger-artist"
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
        </Select>
      </div>

      {userId !== null && ledger.data ? (
        <div className="grid gap-6 rounded-2xl border border-border bg-card p-5">
          <LedgerBalances ledger={ledger.data} />

          <div className="grid gap-6 lg:grid-cols-2">
            <RecordEarningForm
              earning={earning}
              setEarning={setEarning}
              pending={addEarning.isPending}
              onSubmit={(e) => submitAmount(e, earning.amount, earning.currency, (minor) => addEarning.mutate(minor))}
            />

            <ImportStatementForm
              csv={csv}
              setCsv={setCsv}
              csvErrors={csvErrors}
              pending={addImport.isPending}
              onSubmit={(e) => {
                e.preventDefault();
                addImport.mutate();
              }}
            />

            <RecordPayoutForm
              payout={payout}
              setPayout={setPayout}
              pending={addPayout.isPending}
              hasDefaultMethod={Boolean(ledger.data.defaultMethod)}
              onSubmit={(e) => submitAmount(e, payout.amount, payout.currency, (minor) => addPayout.mutate(minor))}
            />

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
