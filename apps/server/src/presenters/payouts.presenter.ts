import { minorToDecimal, type AccountType, type CardType, type LedgerEntry, type Ledger, type PaymentMethod, type PaymentMethodType, type Statement } from '@members-only/shared/payouts';
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

export function presentLedgerEntry(row: LedgerEntryRecord): LedgerEntry {
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
    createdAt: toIso(row.created_at),
  };
}

export function presentLedger(ledger: LedgerView): Ledger {
  return { balances: ledger.balances, entries: ledger.entries.map(presentLedgerEntry) };
}

export function presentStatement(s: { period: string; artist: string; entries: LedgerEntryRecord[]; totals: Statement['totals']; balances: Statement['balances'] }): Statement {
  return { period: s.period, artist: s.artist, entries: s.entries.map(presentLedgerEntry), totals: s.totals, balances: s.balances, generatedAt: new Date().toISOString() };
}

/** A cell a spreadsheet cannot read as a formula (amendment B6, `neutralizeCell`), quoted when it must be. */
export function csvCell(value: string): string {
  const safe = neutralizeCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The statement as CSV, the way distributors send them: one row per entry, then the totals. */
export function statementCsv(statement: Statement): string {
  const rows: string[][] = [['date', 'type', 'source', 'period', 'description', 'amount', 'currency', 'status']];
  for (const e of statement.entries) {
    rows.push([
      e.createdAt.slice(0, 10),
      e.kind,
      e.source ?? '',
      e.period ?? '',
      e.kind === 'payout' ? `Payout to ${e.paidTo ?? 'payout method'}${e.note ? ` (${e.note})` : ''}` : e.note,
      minorToDecimal(e.amountMinor, e.currency),
      e.currency,
      e.status,
    ]);
  }
  for (const t of statement.totals) {
    rows.push(['', 'total earned', '', statement.period, '', minorToDecimal(t.earnedMinor, t.currency), t.currency, '']);
    rows.push(['', 'total paid out', '', statement.period, '', minorToDecimal(t.paidOutMinor, t.currency), t.currency, '']);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
