import { parse } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  PAYOUTS,
  balancesOf,
  currencySchema,
  parseAmountToMinor,
  periodSchema,
  recordEarningSchema,
  formatMoney,
  type ImportError,
  type ImportResult,
  type RecordEarning,
  type RecordPayout,
} from '@members-only/shared/payouts';
import type { UnitOfWork } from '../repositories/index';
import type { LedgerEntryRecord, LedgerRepository } from '../repositories/ledger.repository';
import type { PaymentMethodRepository } from '../repositories/payment-method.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UserRow } from '../db/types';
import { AppError, conflict, notFound } from '../errors';
import { toIso } from '../db/index';
import { authorize, type Actor } from '../policies/index';
import { describeRow } from './payment-method.service';

export interface LedgerView {
  entries: LedgerEntryRecord[];
  balances: ReturnType<typeof balancesOf>;
}

/** A ledger's entries with the balances computed from them, the only way a balance is made. */
export const ledgerView = (entries: LedgerEntryRecord[]): LedgerView => ({
  entries,
  balances: balancesOf(entries.map((e) => ({ kind: e.kind as 'earning' | 'payout', amountMinor: e.amount_minor, currency: e.currency, status: e.status as 'paid' })),
  ),
});

/** A CSV statement refused as a whole: every bad line, and nothing saved. */
export const csvRejected = (errors: ImportError[]) =>
  new AppError(400, `The statement has ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was imported.`, 'invalid_csv', undefined, undefined, {
    errors,
  });

/**
 * Reads a statement with the header `period,source,amount,currency[,note]` (any order, any case)
 * into earnings. Amounts are decimals in the currency's major unit ("12.34"), turned into minor
 * units by string arithmetic. Every row is checked; the errors name their line in the file.
 */
export function parseEarningsCsv(csv: string): { rows: RecordEarning[]; errors: ImportError[] } {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      relax_column_count: false,
      max_record_size: 10_000,
    }) as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message?: string; code?: string };
    const what = e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || e.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' ? 'has a different number of fields than the header' : 'is not valid CSV';
    return { rows: [], errors: [{ line: e.lines ?? 1, message: `This line ${what}` }] };
  }
  const errors: ImportError[] = [];
  const header = Object.keys(records[0]?.record ?? {});
  if (records.length === 0) {
    const first = csv.split(/\r?\n/, 1)[0]?.trim().toLowerCase().split(',') ?? [];
    const missing = CSV_REQUIRED_COLUMNS.filter((c) => !first.includes(c));
    return { rows: [], errors: [{ line: 1, message: missing.length ? `The header needs the columns ${missing.join(', ')}` : 'The statement has no rows' }] };
  }
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (missing.length) errors.push({ line: 1, message: `The header needs the columns ${missing.join(', ')}` });
  if (unknown.length) errors.push({ line: 1, message: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ')}; the columns are ${CSV_COLUMNS.join(', ')}` });
  if (errors.length) return { rows: [], errors };
  if (records.length > PAYOUTS.csvMaxRows) return { rows: [], errors: [{ line: 1, message: `A statement may have at most ${PAYOUTS.csvMaxRows} rows` }] };

  const rows: RecordEarning[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const problems: string[] = [];
    const currency = currencySchema.safeParse(record.currency ?? '');
    if (!currency.success) problems.push(currency.error.issues[0]!.message);
    let amountMinor = 0;
    if (currency.success) {
      const amount = parseAmountToMinor(record.amount ?? '', currency.data);
      if (!amount.ok) problems.push(amount.message);
      else if (amount.minor <= 0) problems.push('Amount must be more than zero');
      else amountMinor = amount.minor;
    }
    const period = periodSchema.safeParse(record.period ?? '');
    if (!period.success) problems.push(period.error.issues[0]!.message);
    if (problems.length === 0) {
      const earning = recordEarningSchema.safeParse({ amountMinor, currency: currency.data, source: record.source ?? '', period: record.period, note: record.note ?? '' });
      if (earning.success) rows.push(earning.data);
      else problems.push(...earning.error.issues.map((i) => i.message));
    }
    for (const message of problems) errors.push({ line, message });
  }
  return { rows, errors };
}

/**
 * The earnings ledger (amendment C5): admins record earnings and payouts, artists read their own.
 * The balance is computed from the entries and nowhere else (A1). Every change writes an audit row
 * in the same transaction.
 */
export function createLedgerService(deps: { ledger: LedgerRepository; paymentMethods: PaymentMethodRepository; users: UserRepository; uow: UnitOfWork }) {
  const { ledger, paymentMethods, users, uow } = deps;

  async function artist(actor: Actor, userId: number, action: 'read' | 'manage'): Promise<UserRow> {
    authorize(actor, action, 'ledger');
    const user = await users.findById(userId);
    if (!user) throw notFound('Artist');
    return user;
  }

  return {
    /** The signed-in artist's own balance and history. */
    async mine(actor: Actor): Promise<LedgerView> {
      return ledgerView(await ledger.listForUser(actor.id));
    },

    /** A month's statement: earnings reported for it and payouts made in it (UTC), with the balance today. */
    async statement(actor: Actor, period: string) {
      const user = await users.findById(actor.id);
      const all = await ledger.listForUser(actor.id);
      const entries = all
        .filter((e) => (e.kind === 'earning' ? e.period === period : toIso(e.created_at).slice(0, 7) === period))
        .sort((a, b) => toIso(a.created_at).localeCompare(toIso(b.created_at)) || a.id - b.id);
      const totals = new Map<string, { currency: string; earnedMinor: number; paidOutMinor: number; netMinor: number }>();
      for (const e of entries) {
        const t = totals.get(e.currency) ?? { currency: e.currency, earnedMinor: 0, paidOutMinor: 0, netMinor: 0 };
        if (e.kind === 'earning') t.earnedMinor += e.amount_minor;
        else t.paidOutMinor += e.amount_minor;
        t.netMinor = t.earnedMinor - t.paidOutMinor;
        totals.set(e.currency, t);
      }
      return { period, artist: user?.username ?? '', entries, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)), balances: ledgerView(all).balances };
    },

    async forArtist(actor: Actor, userId: number) {
      const user = await artist(actor, userId, 'read');
      const method = await paymentMethods.findDefault(user.id);
      return { ...ledgerView(await ledger.listForUser(user.id)), user: { id: user.id, username: user.username }, defaultMethod: method ? describeRow(method) : null };
    },

    async recordEarning(actor: Actor, userId: number, input: RecordEarning): Promise<LedgerEntryRecord> {
      const user = await artist(actor, userId, 'manage');
      return uow.run(async (r) => {
        const entry = await r.ledger.insert(earningRow(actor, user.id, input));
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: user.id,
          action: 'ledger.earning_recorded',
          entity: 'ledger_entry',
          entityId: entry.id,
          detail: { amountMinor: input.amountMinor, currency: input.currency, source: input.source, period: input.period },
        });
        return entry;
      });
    },

    /** A whole statement or nothing: any bad row refuses the file with every error by line. */
    async importEarnings(actor: Actor, userId: number, csv: string): Promise<ImportResult> {
      const user = await artist(actor, userId, 'manage');
      const { rows, errors } = parseEarningsCsv(csv);
      if (errors.length) throw csvRejected(errors);
      const totals = new Map<string, number>();
      for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountMinor);
      await uow.run(async (r) => {
        for (const row of rows) await r.ledger.insert(earningRow(actor, user.id, row));
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: user.id,
          action: 'ledger.statement_imported',
          entity: 'ledger_entry',
          entityId: null,
          detail: { rows: rows.length, totals: Object.fromEntries(totals) },
        });
      });
      return { imported: rows.length, totals: [...totals].map(([currency, amountMinor]) => ({ currency, amountMinor })) };
    },

    /** A payout to the artist's default method, pending until marked paid; never more than the balance. */
    async recordPayout(actor: Actor, userId: number, input: RecordPayout): Promise<LedgerEntryRecord> {
      const user = await artist(actor, userId, 'manage');
      return uow.run(async (r) => {
        await r.ledger.lockArtist(user.id);
        const method = await r.paymentMethods.findDefault(user.id);
        if (!method) throw conflict('This artist has no default payout method yet.');
        const balance = ledgerView(await r.ledger.listForUser(user.id)).balances.find((b) => b.currency === input.currency)?.balanceMinor ?? 0;
        if (input.amountMinor > balance) {
          throw conflict(`The payout is more than the artist's ${input.currency} balance of ${formatMoney(balance, input.currency)}.`, 'amountMinor');
        }
        const paidTo = describeRow(method);
        const entry = await r.ledger.insert({
          user_id: user.id,
          kind: 'payout',
          amount_minor: input.amountMinor,
          currency: input.currency,
          source: null,
          period: null,
          note: input.note,
          status: 'pending',
          payment_method_id: method.id,
          paid_to: paidTo,
          paid_at: null,
          created_by: actor.id,
        });
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: user.id,
          action: 'ledger.payout_recorded',
          entity: 'ledger_entry',
          entityId: entry.id,
          detail: { amountMinor: input.amountMinor, currency: input.currency, paidTo },
        });
        return entry;
      });
    },

    async markPaid(actor: Actor, entryId: number): Promise<LedgerEntryRecord> {
      authorize(actor, 'manage', 'ledger');
      const entry = await ledger.findById(entryId);
      if (!entry || entry.kind !== 'payout') throw notFound('Payout');
      const paidAt = new Date().toISOString();
      await uow.run(async (r) => {
        if (!(await r.ledger.markPaid(entry.id, paidAt))) throw conflict('This payout is already marked paid.');
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: entry.user_id,
          action: 'ledger.payout_paid',
          entity: 'ledger_entry',
          entityId: entry.id,
          detail: { amountMinor: entry.amount_minor, currency: entry.currency, paidTo: entry.paid_to },
        });
      });
      return { ...entry, status: 'paid', paid_at: paidAt, updated_at: paidAt };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

function earningRow(actor: Actor, userId: number, input: RecordEarning) {
  return {
    user_id: userId,
    kind: 'earning',
    amount_minor: input.amountMinor,
    currency: input.currency,
    source: input.source,
    period: input.period,
    note: input.note,
    status: 'recorded',
    payment_method_id: null,
    paid_to: null,
    paid_at: null,
    created_by: actor.id,
  };
}
