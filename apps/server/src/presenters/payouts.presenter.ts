import { balanceEffect, describeSongShare, minorToDecimal, type StatementSongShare, type AccountType, type CardType, type LedgerEntry, type Ledger, type PaymentMethod, type PaymentMethodType, type Statement } from '@members-only/shared/payouts';
import type { PaymentMethodRow } from '../db/types';
import type { LedgerEntryRecord } from '../repositories/ledger.repository';
import type { LedgerView } from '../services/ledger.service';
import { toIso } from '../db/index';
import { neutralizeCell } from './csv-cell';

/** A payout method as every response shows it: the last 4 digits only, never the secret (B4). */
export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type as PaymentMethodType,
    accountType: (row.account_type as AccountType | null) ?? null,
    accountName: row.account_name,
    last4: row.last4,
    bankName: row.bank_name,
    isDefault: Boolean(row.is_default),
    expiryDate: row.expiry_date,
    cardType: (row.card_type as CardType | null) ?? null,
    createdAt: toIso(row.created_at),
  };
}

export function presentLedgerEntry(row: LedgerEntryRecord & { reversed_by_id?: number | null }): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerEntry['kind'],
    amountMinor: row.amount_minor,
    currency: row.currency,
    source: row.source,
    period: row.period,
    note: row.note,
    status: row.status as LedgerEntry['status'],
    paidTo: row.paid_to,
    paidAt: toIso(row.paid_at),
    reversesId: row.reverses_id ?? null,
    reason: row.reason ?? null,
    reversedById: row.reversed_by_id ?? null,
    createdAt: toIso(row.created_at),
  };
}

export function presentLedger(ledger: LedgerView): Ledger {
  return { balances: ledger.balances, entries: ledger.entries.map(presentLedgerEntry) };
}

export function presentStatement(s: {
  period: string;
  artist: string;
  entries: (LedgerEntryRecord & { reversed_by_id?: number | null; song?: StatementSongShare | null })[];
  totals: Statement['totals'];
  balances: Statement['balances'];
}): Statement {
  return { period: s.period, artist: s.artist, entries: s.entries.map((e) => ({ ...presentLedgerEntry(e), song: e.song ?? null })), totals: s.totals, balances: s.balances, generatedAt: new Date().toISOString() };
}

/**
 * A cell a spreadsheet cannot read as a formula (amendment B6, `neutralizeCell`), quoted when it
 * must be. A plain signed decimal ("-100.01", a payout's amount) is a number, not a formula, and
 * stays one for the accountant's sums.
 */
export function csvCell(value: string): string {
  const safe = /^-\d+(\.\d+)?$/.test(value) ? value : neutralizeCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** How a statement names an entry's state: recorded, pending, paid, or reversed. */
const statusOf = (e: LedgerEntry) => (e.reversedById !== null ? `${e.status}, reversed` : e.status);

/**
 * The statement as CSV, the way distributors send them: one row per entry with its signed effect
 * on the balance (earnings positive, payouts negative, a reversal the opposite of its original),
 * then the month's totals, signed the same way so they add up to the net.
 */
export function statementCsv(statement: Statement): string {
  const rows: string[][] = [['date', 'type', 'source', 'period', 'description', 'amount', 'currency', 'status']];
  for (const e of statement.entries) {
    const what = e.kind === 'payout' ? `Payout to ${e.paidTo ?? 'payout method'}${e.note ? ` (${e.note})` : ''}` : e.song ? `${describeSongShare(e.song, e.amountMinor, e.currency)} (split sheet)` : e.note;
    rows.push([
      e.createdAt.slice(0, 10),
      e.reversesId !== null ? `${e.kind} reversal` : e.kind,
      e.source ?? '',
      e.period ?? '',
      e.reversesId !== null ? `Reverses entry ${e.reversesId}${e.song ? ` (${describeSongShare(e.song, e.amountMinor, e.currency)})` : ''}: ${e.reason ?? ''}` : what,
      minorToDecimal(balanceEffect(e), e.currency),
      e.currency,
      statusOf(e),
    ]);
  }
  for (const t of statement.totals) {
    rows.push(['', 'total earned', '', statement.period, '', minorToDecimal(t.earnedMinor, t.currency), t.currency, '']);
    rows.push(['', 'total paid out', '', statement.period, '', minorToDecimal(-t.paidMinor, t.currency), t.currency, 'paid']);
    rows.push(['', 'total pending', '', statement.period, '', minorToDecimal(-t.pendingMinor, t.currency), t.currency, 'pending']);
    rows.push(['', 'net', '', statement.period, '', minorToDecimal(t.balanceMinor, t.currency), t.currency, '']);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
