import type { AccountType, CardType, LedgerEntry, Ledger, PaymentMethod, PaymentMethodType } from '@members-only/shared/payouts';
import type { PaymentMethodRow } from '../db/types';
import type { LedgerEntryRecord } from '../repositories/ledger.repository';
import type { LedgerView } from '../services/ledger.service';
import { toIso } from '../db/index';

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
