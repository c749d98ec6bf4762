import { parse } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  PAYOUTS,
  balancesOf,
  currencySchema,
  statementMonth,
  parseAmountToMinor,
  periodSchema,
  recordEarningSchema,
  formatMoney,
  type ImportError,
  type ImportResult,
  type RecordEarning,
  type RecordPayout,
} from '@members-only/shared/payouts';
import { formatIsrc, isValidIsrc, normalizeIsrc, SONG_MESSAGES } from '@members-only/shared/songs';
import { splitSongEarning } from '../commands/record-song-earning.command';
import { hasSigned, sheetHash, sheetStatus } from '../domain/splits';
import type { Repositories, UnitOfWork } from '../repositories/index';
import type { LedgerEntryRecord, LedgerRepository } from '../repositories/ledger.repository';
import type { PaymentMethodRepository } from '../repositories/payment-method.repository';
import type { SplitRepository } from '../repositories/split.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { UserRow } from '../db/types';
import { AppError, conflict, notFound } from '../errors';
import { toIso } from '../db/index';
import { authorize, type Actor } from '../policies/index';
import { describeRow } from './payment-method.service';

/** An entry with the reversal that cancelled it, if any. */
export type LedgerViewEntry = LedgerEntryRecord & { reversed_by_id: number | null };

export interface LedgerView {
  entries: LedgerViewEntry[];
  balances: ReturnType<typeof balancesOf>;
}

const balancesOfRows = (entries: readonly LedgerEntryRecord[]) =>
  balancesOf(entries.map((e) => ({ kind: e.kind as 'earning' | 'payout', amountMinor: e.amount_minor, currency: e.currency, status: e.status as 'paid' })));

/** Each entry with the id of the entry that reverses it (from the artist's whole ledger). */
const withReversals = (entries: readonly LedgerEntryRecord[], all: readonly LedgerEntryRecord[] = entries): LedgerViewEntry[] => {
  const reversedBy = new Map(all.filter((e) => e.reverses_id !== null).map((e) => [e.reverses_id!, e.id]));
  return entries.map((e) => ({ ...e, reversed_by_id: reversedBy.get(e.id) ?? null }));
};

/** A ledger's entries with the balances computed from them, the only way a balance is made. */
export const ledgerView = (entries: LedgerEntryRecord[]): LedgerView => ({ entries: withReversals(entries), balances: balancesOfRows(entries) });

/** What an entry was, as the audit log says it: "Spotify · 2026-09", "to Checking account ending 4321". */
const entryDetail = (e: Pick<LedgerEntryRecord, 'kind' | 'source' | 'period' | 'paid_to'>) =>
  e.kind === 'earning' ? `${e.source ?? 'Earnings'}${e.period ? ` · ${e.period}` : ''}` : `to ${e.paid_to ?? 'the payout method'}`;

/** A CSV statement refused as a whole: every bad line, and nothing saved. */
export const csvRejected = (errors: ImportError[]) =>
  new AppError(400, `The statement has ${errors.length} error${errors.length === 1 ? '' : 's'}; nothing was imported.`, 'invalid_csv', undefined, undefined, {
    errors,
  });

/**
 * A statement's line: an earning, the line it stands on in the file, and the song it names if any
 * (by title or id in `song`, by ISRC in `isrc`, normalised), which the import pays by the song's
 * agreed split sheet.
 */
export type StatementRow = RecordEarning & { line: number; song?: string; isrc?: string };

/**
 * Reads a statement with the header `period,source,amount,currency[,note][,song][,isrc]` (any
 * order, any case) into earnings. Amounts are decimals in the currency's major unit ("12.34"),
 * turned into minor units by string arithmetic. Every row is checked; the errors name their line
 * in the file. Which song a line names is settled by the import, which reads the database.
 */
export function parseEarningsCsv(csv: string): { rows: StatementRow[]; errors: ImportError[] } {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  // A line that cannot be read as a record is skipped and named; the others are still checked, so
  // one answer lists every bad line.
  const unreadable: ImportError[] = [];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      relax_column_count: false,
      max_record_size: 10_000,
      skip_records_with_error: true,
      on_skip: (error: { code?: string; lines?: number; record?: unknown[] } | undefined) => {
        if (!error) return;
        const fields = Array.isArray(error.record) ? error.record.length : undefined;
        const message =
          error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || error.code === 'CSV_RECORD_INCONSISTENT_COLUMNS'
            ? `This line has ${fields ?? 'a different number of'} field${fields === 1 ? '' : 's'}; the header has ${header0(csv)}`
            : error.code === 'CSV_QUOTE_NOT_CLOSED'
              ? 'A quoted field is never closed (check for a stray ")'
              : 'This line is not valid CSV';
        unreadable.push({ line: error.lines ?? 1, message });
      },
    }) as typeof records;
  } catch (error) {
    const e = error as { lines?: number; message?: string; code?: string };
    const what = e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || e.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' ? 'has a different number of fields than the header' : 'is not valid CSV';
    return { rows: [], errors: [{ line: e.lines ?? 1, message: `This line ${what}` }] };
  }
  const errors: ImportError[] = [];
  const header = Object.keys(records[0]?.record ?? {});
  if (records.length === 0 && unreadable.length) {
    const first = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]?.trim().toLowerCase().split(',').map((c) => c.trim()) ?? [];
    const missing = CSV_REQUIRED_COLUMNS.filter((c) => !first.includes(c));
    return { rows: [], errors: missing.length ? [{ line: 1, message: `The header needs the columns ${missing.join(', ')}` }, ...unreadable] : unreadable };
  }
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

  const rows: StatementRow[] = [];
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
    const song = (record.song ?? '').trim();
    if (song.length > STATEMENT_SONG_MAX) problems.push(`A song is named in at most ${STATEMENT_SONG_MAX} characters`);
    const isrc = (record.isrc ?? '').trim();
    if (isrc && !isValidIsrc(isrc)) problems.push(SONG_MESSAGES.isrcFormat);
    if (problems.length === 0) {
      const earning = recordEarningSchema.safeParse({ amountMinor, currency: currency.data, source: record.source ?? '', period: record.period, note: record.note ?? '' });
      if (earning.success) rows.push({ ...earning.data, line, ...(song ? { song } : {}), ...(isrc ? { isrc: normalizeIsrc(isrc) } : {}) });
      else problems.push(...earning.error.issues.map((i) => i.message));
    }
    for (const message of problems) errors.push({ line, message });
  }
  errors.push(...unreadable);
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

const STATEMENT_SONG_MAX = 200;

/** "5 columns" from a statement's header line. */
function header0(csv: string): string {
  const n = (csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').split(',').length;
  return `${n} column${n === 1 ? '' : 's'}`;
}

/**
 * The earnings ledger (amendment C5): admins record earnings and payouts, artists read their own.
 * The balance is computed from the entries and nowhere else (A1). Every change writes an audit row
 * in the same transaction.
 */
export function createLedgerService(deps: { ledger: LedgerRepository; paymentMethods: PaymentMethodRepository; users: UserRepository; splits: SplitRepository; uow: UnitOfWork }) {
  const { ledger, paymentMethods, users, splits, uow } = deps;

  /** The admin Audit log's row for a ledger change: who, what, amount, artist, when (same transaction). */
  async function audit(
    r: Repositories,
    actor: Actor,
    subject: Pick<UserRow, 'username'> | undefined,
    event: { action: string; amountMinor: number; currency: string; detail: string; rowCount?: number },
  ) {
    const name = (await r.users.findById(actor.id))?.username ?? `user ${actor.id}`;
    await r.audit.record({ actorId: actor.id, actor: name, subject: subject?.username ?? 'deleted user', ...event });
  }

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
        .filter((e) => statementMonth({ period: e.period, createdAt: toIso(e.created_at) }) === period)
        .sort((a, b) => toIso(a.created_at).localeCompare(toIso(b.created_at)) || a.id - b.id);
      // Shares of song earnings name their song, the artist's master share and the whole earning.
      const shares = new Map((await splits.sharesOfEntries(entries.map((e) => e.id))).map((s) => [s.ledger_entry_id, { songId: s.song_id, title: s.title, masterBps: s.master_bps, earningMinor: s.earning_minor }]));
      const withSongs = withReversals(entries, all).map((e) => ({ ...e, song: shares.get(e.id) ?? null }));
      // The month's totals and the balance today are the page's one function over the same rows.
      return { period, artist: user?.username ?? '', entries: withSongs, totals: balancesOfRows(entries), balances: ledgerView(all).balances };
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
        await audit(r, actor, user, { action: 'ledger-earning', amountMinor: entry.amount_minor, currency: entry.currency, detail: entryDetail(entry) });
        return entry;
      });
    },

    /**
     * A whole statement or nothing: any bad row refuses the file with every error by line. A line
     * naming a song (title or id) or its ISRC is split by the song's agreed sheet with the same
     * code as an admin's song earning (`splitSongEarning`, ADR 049/053), in the statement's one
     * transaction; the statement's artist must own the song or be a member on its sheet.
     */
    async importEarnings(actor: Actor, userId: number, csv: string): Promise<ImportResult> {
      const user = await artist(actor, userId, 'manage');
      const { rows, errors } = parseEarningsCsv(csv);
      if (errors.length) throw csvRejected(errors);
      const totals = new Map<string, { amountMinor: number; rows: number }>();
      for (const row of rows) {
        const t = totals.get(row.currency) ?? { amountMinor: 0, rows: 0 };
        totals.set(row.currency, { amountMinor: t.amountMinor + row.amountMinor, rows: t.rows + 1 });
      }
      await uow.run(async (r) => {
        const songOf = await statementSongs(r, user, rows);
        const direct = rows.filter((row) => !songOf.has(row.line));
        for (const row of rows) {
          const { line, song: _song, isrc: _isrc, ...earning } = row;
          const songId = songOf.get(line);
          if (songId === undefined) await r.ledger.insert(earningRow(actor, user.id, earning));
          else await splitSongEarning(r, { actor, songId, input: earning });
        }
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: user.id,
          action: 'ledger.statement_imported',
          entity: 'ledger_entry',
          entityId: null,
          detail: { rows: rows.length, songLines: songOf.size, totals: Object.fromEntries([...totals].map(([c, t]) => [c, t.amountMinor])) },
        });
        // One audit row per currency for what went to the artist directly (an amount is only ever
        // summed within its currency); each song line's shares wrote their own rows.
        for (const currency of new Set(direct.map((x) => x.currency))) {
          const mine = direct.filter((x) => x.currency === currency);
          const amountMinor = mine.reduce((a, x) => a + x.amountMinor, 0);
          await audit(r, actor, user, { action: 'ledger-import', amountMinor, currency, rowCount: mine.length, detail: periodsOf(mine) });
        }
      });
      return { imported: rows.length, totals: [...totals].map(([currency, t]) => ({ currency, amountMinor: t.amountMinor })) };
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
        await audit(r, actor, user, { action: 'ledger-payout', amountMinor: entry.amount_minor, currency: entry.currency, detail: entryDetail(entry) });
        return entry;
      });
    },

    async markPaid(actor: Actor, entryId: number): Promise<LedgerEntryRecord> {
      authorize(actor, 'manage', 'ledger');
      const found = await ledger.findById(entryId);
      if (!found || found.kind !== 'payout' || found.reverses_id !== null) throw notFound('Payout');
      const paidAt = new Date().toISOString();
      return uow.run(async (r) => {
        // Under the artist's lock, so a reversal and a mark-paid of the same payout cannot interleave.
        await r.ledger.lockArtist(found.user_id);
        if (!(await r.ledger.markPaid(found.id, paidAt))) {
          throw conflict((await r.ledger.reversalOf(found.id)) ? 'This payout was reversed; it cannot be marked paid.' : 'This payout is already marked paid.');
        }
        const entry = { ...found, status: 'paid', paid_at: paidAt, updated_at: paidAt };
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: entry.user_id,
          action: 'ledger.payout_paid',
          entity: 'ledger_entry',
          entityId: entry.id,
          detail: { amountMinor: entry.amount_minor, currency: entry.currency, paidTo: entry.paid_to },
        });
        const subject = await r.users.findById(entry.user_id);
        await audit(r, actor, subject, { action: 'ledger-paid', amountMinor: entry.amount_minor, currency: entry.currency, detail: entryDetail(entry) });
        return entry;
      });
    },

    /**
     * Corrects an entry the only way the ledger allows (ADR 030): a new entry of the same kind and
     * status with the opposite amount, naming the entry and the reason. The original stays as it
     * was; both show in the artist's history and statements. An entry is reversed at most once, a
     * reversal is never itself reversed (record the right entry instead), and a reversed payout can
     * no longer be marked paid.
     */
    async reverse(actor: Actor, entryId: number, reason: string): Promise<LedgerEntryRecord> {
      authorize(actor, 'manage', 'ledger');
      const found = await ledger.findById(entryId);
      if (!found) throw notFound('Ledger entry');
      if (found.reverses_id !== null) throw conflict('This entry is itself a correction; record a new entry instead of reversing it.');
      return uow.run(async (r) => {
        await r.ledger.lockArtist(found.user_id);
        // Read again under the lock: a payout marked paid a moment ago is reversed as paid.
        const original = (await r.ledger.findById(found.id))!;
        if (await r.ledger.reversalOf(original.id)) throw conflict('This entry has already been reversed.');
        // A member's share of a song earning goes back only with the whole earning (ADR 049), so the parts always add up.
        if (await r.splits.isPartEntry(original.id)) throw conflict("This entry is a share of a song's earning; reverse the song earning instead.");
        const entry = await r.ledger.insert({
          user_id: original.user_id,
          kind: original.kind,
          amount_minor: -original.amount_minor,
          currency: original.currency,
          source: original.source,
          period: original.period,
          note: '',
          status: original.status,
          payment_method_id: original.payment_method_id,
          paid_to: original.paid_to,
          paid_at: original.paid_at === null ? null : toIso(original.paid_at),
          created_by: actor.id,
          reverses_id: original.id,
          reason,
        });
        await r.payoutAudit.record({
          actorId: actor.id,
          subjectUserId: original.user_id,
          action: 'ledger.entry_reversed',
          entity: 'ledger_entry',
          entityId: entry.id,
          detail: { reverses: original.id, amountMinor: entry.amount_minor, currency: entry.currency, reason },
        });
        const subject = await r.users.findById(original.user_id);
        await audit(r, actor, subject, {
          action: 'ledger-reversal',
          amountMinor: entry.amount_minor,
          currency: entry.currency,
          detail: `Reversed entry #${original.id} (${original.kind === 'earning' ? 'earning' : 'payout'} ${entryDetail(original)}): ${reason}`,
        });
        return entry;
      });
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

/**
 * Which song each line of a statement names (by line number), for the statement's artist: their own
 * songs and those whose sheet lists them as a member (ADR 053). Every line naming an unknown or
 * ambiguous song, or one whose sheet is not agreed, is an error; any error refuses the whole
 * statement (thrown inside the transaction, so nothing is saved). The songs are locked in id order
 * before their sheets are read, so the agreement checked here is the one the split uses.
 */
async function statementSongs(r: Repositories, user: UserRow, rows: readonly StatementRow[]): Promise<Map<number, number>> {
  const named = rows.filter((row) => row.song !== undefined || row.isrc !== undefined);
  const songOf = new Map<number, number>();
  if (named.length === 0) return songOf;
  const songs = await r.splits.statementSongsFor(user.id);
  const errors: ImportError[] = [];
  const fold = (text: string) => text.trim().toLocaleLowerCase('en-US');
  for (const row of named) {
    let candidates = songs;
    if (row.isrc !== undefined) candidates = candidates.filter((s) => [s.isrc, s.sheet_isrc].some((i) => i !== null && normalizeIsrc(i) === row.isrc));
    if (row.song !== undefined) {
      const key = fold(row.song);
      const byId = /^\d+$/.test(key) ? candidates.filter((s) => String(s.id) === key) : [];
      candidates = byId.length ? byId : candidates.filter((s) => fold(s.title) === key || (s.sheet_title !== null && fold(s.sheet_title) === key));
    }
    const what = [row.song !== undefined ? `"${row.song}"` : '', row.isrc !== undefined ? `ISRC ${formatIsrc(row.isrc)}` : ''].filter(Boolean).join(' with ');
    if (candidates.length === 0) errors.push({ line: row.line, message: `${user.username} has no song ${what} (of their own or on a split sheet they are on)` });
    else if (candidates.length > 1) errors.push({ line: row.line, message: `More than one song of ${user.username} is called "${row.song}"; name it by its ISRC or id` });
    else songOf.set(row.line, candidates[0]!.id);
  }
  for (const songId of [...new Set(songOf.values())].sort((a, b) => a - b)) await r.splits.lockSong(songId);
  const agreed = new Map<number, string | null>();
  for (const songId of new Set(songOf.values())) {
    const sheet = await r.splits.findSheetBySong(songId);
    if (!sheet) {
      agreed.set(songId, 'has no split sheet yet');
      continue;
    }
    const lines = await r.splits.listContributors(sheet.id);
    const hash = sheetHash(sheet, lines);
    const signed = lines.filter((c) => hasSigned(c, hash)).length;
    agreed.set(songId, sheetStatus(lines, hash) === 'agreed' ? null : `has a split sheet that is not agreed yet (${signed} of ${lines.length} signed)`);
  }
  for (const row of named) {
    const songId = songOf.get(row.line);
    const problem = songId === undefined ? null : agreed.get(songId);
    if (problem) errors.push({ line: row.line, message: `The song "${songs.find((s) => s.id === songId)!.title}" ${problem}; its earnings are split only by an agreed sheet` });
  }
  if (errors.length) throw csvRejected(errors.sort((a, b) => a.line - b.line));
  return songOf;
}

/** "2026-08, 2026-09": the periods a statement's rows cover. */
function periodsOf(rows: readonly Pick<RecordEarning, 'period'>[]): string {
  return `Statement for ${[...new Set(rows.map((r) => r.period))].sort().join(', ')}`;
}

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
