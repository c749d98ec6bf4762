import { z } from 'zod';
import { line, text } from './text';
import { formatBps } from './splits';

/** Payouts (spec §2, §3, §4, §5, §7, §8, §9; amendments A1, B2, B4, C5). */
export const PAYOUTS = {
  nameMax: 120,
  bankNameMax: 120,
  noteMax: 500,
  sourceMax: 120,
  /** Bank account numbers: US accounts run 4 to 17 digits. */
  bankNumberMin: 4,
  bankNumberMax: 17,
  /** Card numbers (ISO/IEC 7812): 12 to 19 digits. */
  cardNumberMin: 12,
  cardNumberMax: 19,
  /** Largest single amount in minor units (a hundred billion in a two-decimal currency). */
  amountMaxMinor: 10_000_000_000_000,
  /** Largest CSV statement accepted in one import, in characters. */
  csvMaxChars: 500_000,
  csvMaxRows: 5_000,
} as const;

/** Spec §8 toasts. */
export const PAYOUT_MESSAGES = {
  addFailed: 'Error adding payment method',
  addFailedDefault: 'Could not add the payment method. Please try again.',
  added: 'Payment method added',
  /** 409 on a second copy of a saved method (same type, last 4, bank or brand, and holder). */
  duplicate: 'This payment method is already saved. Each bank account or card can be added once.',
  deleteFailed: 'Error deleting payment method',
  deleted: 'Payment method deleted',
  authTitle: 'Authentication Required',
  authBody: 'Please sign in to view this page.',
} as const;

export const PAYMENT_METHOD_TYPES = ['bank_account', 'card'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
/** Spec §9. */
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const CARD_TYPES = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_NAMES: Record<CardType, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

// ---------------------------------------------------------------- number checks

const DIGITS = /^\d+$/;

/** The Luhn (mod 10) check digit test every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function routingNumberValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The card brand a number's prefix (IIN range) and length belong to, or null for none of the four. */
export function detectCardType(digits: string): CardType | null {
  if (!DIGITS.test(digits)) return null;
  const n = digits.length;
  const p = (k: number) => Number(digits.slice(0, k));
  if (digits.startsWith('4') && (n === 13 || n === 16 || n === 19)) return 'visa';
  if (((p(2) >= 51 && p(2) <= 55) || (p(4) >= 2221 && p(4) <= 2720)) && n === 16) return 'mastercard';
  if ((p(2) === 34 || p(2) === 37) && n === 15) return 'amex';
  if ((digits.startsWith('6011') || (p(3) >= 644 && p(3) <= 649) || p(2) === 65 || (p(6) >= 622126 && p(6) <= 622925)) && n >= 16 && n <= 19) {
    return 'discover';
  }
  return null;
}

/** MM/YY (spec §3). */
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** A card is good through the last day of its expiry month. */
export function expiryInPast(expiry: string, now: Date = new Date()): boolean {
  const m = EXPIRY_PATTERN.exec(expiry);
  if (!m) return true;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export const lastFour = (digits: string) => digits.slice(-4);

// ---------------------------------------------------------------- payment methods

const numberLabel = (type: PaymentMethodType) => (type === 'card' ? 'Card number' : 'Account number');

/**
 * POST /api/payment-methods (spec §7): type, accountType, accountName, accountNumber, bankName,
 * isDefault, expiryDate, cardType; plus an optional US routing number for bank accounts. Every
 * message names its field.
 */
export const createPaymentMethodSchema = z
  .object({
    type: z.enum(PAYMENT_METHOD_TYPES, { error: 'Type must be bank_account or card' }),
    accountType: z.enum(ACCOUNT_TYPES, { error: 'Account type must be checking or savings' }).nullish(),
    accountName: line('Account holder name', { error: 'Account holder name is required' })
      .min(1, 'Account holder name is required')
      .max(PAYOUTS.nameMax, `Account holder name must be at most ${PAYOUTS.nameMax} characters`),
    accountNumber: z.string({ error: 'Account number is required' }).min(1, 'Account number is required').max(40, 'Account number is too long'),
    bankName: line('Bank name', { error: 'Bank name is required' })
      .min(1, 'Bank name is required')
      .max(PAYOUTS.bankNameMax, `Bank name must be at most ${PAYOUTS.bankNameMax} characters`),
    routingNumber: z.string({ error: 'Routing number must be 9 digits' }).max(20, 'Routing number must be 9 digits').nullish(),
    isDefault: z.boolean({ error: 'Default must be true or false' }).default(true),
    expiryDate: z.string({ error: 'Expiry date must be MM/YY' }).max(10, 'Expiry date must be MM/YY').nullish(),
    cardType: z.enum(CARD_TYPES, { error: 'Card type must be visa, mastercard, amex or discover' }).nullish(),
  })
  .check((ctx) => {
    const v = ctx.value;
    const issue = (path: string, message: string) => ctx.issues.push({ code: 'custom', path: [path], message, input: v });
    const label = numberLabel(v.type);
    const number = v.accountNumber;
    if (!DIGITS.test(number)) {
      issue('accountNumber', `${label} must contain digits only`);
    } else if (v.type === 'bank_account') {
      if (number.length < PAYOUTS.bankNumberMin || number.length > PAYOUTS.bankNumberMax) {
        issue('accountNumber', `${label} must be ${PAYOUTS.bankNumberMin} to ${PAYOUTS.bankNumberMax} digits`);
      }
    } else if (number.length < PAYOUTS.cardNumberMin || number.length > PAYOUTS.cardNumberMax) {
      issue('accountNumber', `${label} must be ${PAYOUTS.cardNumberMin} to ${PAYOUTS.cardNumberMax} digits`);
    } else if (!luhnValid(number)) {
      issue('accountNumber', `${label} is not valid: check the digits for a typo`);
    } else {
      const brand = detectCardType(number);
      if (!brand) issue('accountNumber', `${label} is not a Visa, Mastercard, American Express or Discover card`);
      else if (v.cardType && v.cardType !== brand) {
        issue('cardType', `Card type does not match the card number, which is a ${CARD_TYPE_NAMES[brand]} number`);
      }
    }
    if (v.type === 'bank_account') {
      if (!v.accountType) issue('accountType', 'Account type is required for a bank account');
      if (v.expiryDate) issue('expiryDate', 'Expiry date is only for cards');
      if (v.cardType) issue('cardType', 'Card type is only for cards');
      if (v.routingNumber) {
        if (!/^\d{9}$/.test(v.routingNumber)) issue('routingNumber', 'Routing number must be 9 digits');
        else if (!routingNumberValid(v.routingNumber)) issue('routingNumber', 'Routing number is not valid: check the digits for a typo');
      }
    } else {
      if (v.accountType) issue('accountType', 'Account type is only for bank accounts');
      if (v.routingNumber) issue('routingNumber', 'Routing number is only for bank accounts');
      if (v.expiryDate) {
        if (!EXPIRY_PATTERN.test(v.expiryDate)) issue('expiryDate', 'Expiry date must be MM/YY');
        else if (expiryInPast(v.expiryDate)) issue('expiryDate', 'Expiry date is in the past');
      }
    }
  });
export type CreatePaymentMethodInput = z.input<typeof createPaymentMethodSchema>;
export type CreatePaymentMethod = z.output<typeof createPaymentMethodSchema>;

/** A saved method as any response shows it: the last 4 digits, never more (amendment B4). */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  accountName: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  bankName: z.string(),
  isDefault: z.boolean(),
  expiryDate: z.string().nullable(),
  cardType: z.enum(CARD_TYPES).nullable(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.array(paymentMethodSchema);

/** How a method is named in lists, histories and the audit trail: never more than the last 4. */
export function describePaymentMethod(m: { type: PaymentMethodType; last4: string; cardType?: CardType | null; accountType?: AccountType | null }): string {
  if (m.type === 'card') return `${m.cardType ? CARD_TYPE_NAMES[m.cardType] : 'Card'} ending ${m.last4}`;
  return `${m.accountType === 'savings' ? 'Savings' : 'Checking'} account ending ${m.last4}`;
}

// ---------------------------------------------------------------- money

/** ISO 4217 code. */
export const currencySchema = z
  .string({ error: 'Currency must be a 3-letter code such as USD' })
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => /^[A-Z]{3}$/.test(s) && currencyKnown(s), 'Currency must be a 3-letter code such as USD');

/** ISO 4217 codes the runtime knows (Intl accepts any three letters when formatting, so ask for the list). */
let known: Set<string> | undefined;
function currencyKnown(code: string): boolean {
  known ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
  return known.size === 0 || known.has(code);
}

/** Digits after the decimal point in a currency's minor unit (USD 2, JPY 0, BHD 3). */
const digitsCache = new Map<string, number>();
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * A decimal amount as written in a statement ("1,234.56", "12", "-0.5") to integer minor units,
 * by string arithmetic: no floating point, and more decimals than the currency has is an error,
 * never a rounding.
 */
export function parseAmountToMinor(textValue: string, currency: string): { ok: true; minor: number } | { ok: false; message: string } {
  const digits = currencyDigits(currency);
  const cleaned = textValue.trim().replace(/^\$|^€|^£/, '').replace(/,/g, '');
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!m) return { ok: false, message: `Amount "${textValue.slice(0, 40)}" is not a number such as 12.34` };
  const fraction = m[3] ?? '';
  if (fraction.length > digits) {
    return { ok: false, message: `Amount ${cleaned} has more than ${digits} decimal place${digits === 1 ? '' : 's'} for ${currency}` };
  }
  const minorText = `${m[2]}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  if (minorText.length > 16) return { ok: false, message: `Amount ${cleaned} is too large` };
  const minor = Number(minorText) * (m[1] ? -1 : 1);
  if (Math.abs(minor) > PAYOUTS.amountMaxMinor) return { ok: false, message: `Amount ${cleaned} is too large` };
  return { ok: true, minor };
}

/** Minor units as the decimal string of the major unit ("1234" USD -> "12.34"), exactly. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const s = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits ? s.slice(0, -digits) : s;
  const fraction = digits ? `.${s.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units shown as money ("$12.34"), formatted from the exact decimal string. */
const formats = new Map<string, Intl.NumberFormat>();
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}/${currency}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(minorToDecimal(minor, currency) as unknown as number);
}

// ---------------------------------------------------------------- the earnings ledger

/** YYYY-MM: the month an earning belongs to, as distributors report. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const periodSchema = z.string({ error: 'Period must be a month as YYYY-MM' }).trim().regex(PERIOD_PATTERN, 'Period must be a month as YYYY-MM');

const amountMinorSchema = z
  .number({ error: 'Amount must be a whole number of minor units (cents)' })
  .int('Amount must be a whole number of minor units (cents)')
  .positive('Amount must be more than zero')
  .max(PAYOUTS.amountMaxMinor, 'Amount is too large');

/** POST /api/admin/users/:id/earnings: one earning for an artist, in minor units. */
export const recordEarningSchema = z.object({
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  source: line('Source', { error: 'Source is required' }).min(1, 'Source is required').max(PAYOUTS.sourceMax, `Source must be at most ${PAYOUTS.sourceMax} characters`),
  period: periodSchema,
  note: text({ error: 'Note must be text' }).trim().max(PAYOUTS.noteMax, `Note must be at most ${PAYOUTS.noteMax} characters`).default(''),
});
export type RecordEarningInput = z.input<typeof recordEarningSchema>;
export type RecordEarning = z.output<typeof recordEarningSchema>;

/**
 * POST /api/admin/users/:id/earnings/import: a CSV statement (header: period,source,amount,currency[,note][,song][,isrc]).
 * A line naming a song (its title or id) and/or its ISRC is paid out by the song's agreed split sheet
 * (ADR 049, ADR 053) instead of to the statement's artist alone.
 */
export const importEarningsSchema = z.object({
  csv: z.string({ error: 'CSV is required' }).min(1, 'CSV is required').max(PAYOUTS.csvMaxChars, 'CSV is too large'),
});
export type ImportEarningsInput = z.infer<typeof importEarningsSchema>;

export const CSV_COLUMNS = ['period', 'source', 'amount', 'currency', 'note', 'song', 'isrc'] as const;
export const CSV_REQUIRED_COLUMNS = ['period', 'source', 'amount', 'currency'] as const;

export const importErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;
export const importResultSchema = z.object({ imported: z.number().int(), totals: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/admin/users/:id/payouts: a payout to the artist's default method. */
export const recordPayoutSchema = z.object({
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  note: text({ error: 'Note must be text' }).trim().max(PAYOUTS.noteMax, `Note must be at most ${PAYOUTS.noteMax} characters`).default(''),
});
export type RecordPayoutInput = z.input<typeof recordPayoutSchema>;
export type RecordPayout = z.output<typeof recordPayoutSchema>;

/** POST /api/admin/ledger/:id/reverse: a correction names why. */
export const reverseEntrySchema = z.object({
  reason: line('Reason', { error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(PAYOUTS.noteMax, `Reason must be at most ${PAYOUTS.noteMax} characters`),
});
export type ReverseEntryInput = z.input<typeof reverseEntrySchema>;

export const LEDGER_KINDS = ['earning', 'payout'] as const;
export const LEDGER_STATUSES = ['recorded', 'pending', 'paid'] as const;

/**
 * One ledger entry. Entries are never edited or deleted (ADR 030): a correction is a new entry of
 * the same kind and status with the opposite amount, naming the entry it reverses and why. So every
 * sum over entries is already corrected, and a reversed entry keeps its place in the history.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive for an earning or a payout; negative for a reversal of one. */
  amountMinor: z.number().int(),
  currency: z.string(),
  source: z.string().nullable(),
  period: z.string().nullable(),
  note: z.string(),
  /** Earnings are 'recorded'; payouts are 'pending' until an admin marks them 'paid'. */
  status: z.enum(LEDGER_STATUSES),
  /** The method a payout went to, by type and last 4. */
  paidTo: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** A reversal: the entry it reverses, and why. */
  reversesId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The reversal that cancelled this entry, if one did. */
  reversedById: z.number().int().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * What an entry does to the artist's balance, in minor units: an earning adds, a payout takes
 * away, and a reversal does the opposite of the entry it reverses. Statements and their CSV show
 * this signed amount (payouts negative).
 */
export const balanceEffect = (e: Pick<LedgerEntry, 'kind' | 'amountMinor'>): number => (e.kind === 'earning' ? e.amountMinor : -e.amountMinor);

/** "+$12.34" or "−$12.34": an entry's effect on the balance (a payout takes away, a reversal undoes). */
export function signedMoney(e: Pick<LedgerEntry, 'kind' | 'amountMinor' | 'currency'>): string {
  const effect = balanceEffect(e);
  return `${effect < 0 ? '−' : '+'}${formatMoney(Math.abs(effect), e.currency)}`;
}

/** What an entry is, in the artist's words; a correction names what it reverses. */
export function entryTitle(e: LedgerEntry): string {
  if (e.kind === 'earning') {
    const what = `${e.source ?? 'Earnings'}${e.period ? ` · ${e.period}` : ''}`;
    return e.reversesId === null ? what : `Correction: reverses ${what}`;
  }
  const to = e.paidTo ?? 'your payout method';
  return e.reversesId === null ? `Payout to ${to}` : `Correction: reverses the payout to ${to}`;
}

/** A payout still waiting to be marked paid: pending, not itself a reversal, and not reversed. */
export const payoutAwaitingPayment = (e: Pick<LedgerEntry, 'kind' | 'status' | 'reversesId' | 'reversedById'>): boolean =>
  e.kind === 'payout' && e.status === 'pending' && e.reversesId === null && e.reversedById === null;

export const balanceSchema = z.object({
  currency: z.string(),
  earnedMinor: z.number().int(),
  paidMinor: z.number().int(),
  pendingMinor: z.number().int(),
  /** Earnings minus every payout, pending or paid: what is still owed. */
  balanceMinor: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** GET /api/payouts/ledger (the artist's own) and GET /api/admin/users/:id/ledger. */
export const ledgerSchema = z.object({
  balances: z.array(balanceSchema),
  entries: z.array(ledgerEntrySchema),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** The admin's view adds the artist and their default method (last 4 only). */
export const adminLedgerSchema = ledgerSchema.extend({
  user: z.object({ id: z.number().int(), username: z.string() }),
  defaultMethod: z.string().nullable(),
});
export type AdminLedger = z.infer<typeof adminLedgerSchema>;

/**
 * Balances from entries: per currency, earnings minus payouts, pending and paid apart (the ledger is
 * the only source, A1). A reversal carries its original's kind and status with the opposite
 * amount, so it takes back exactly what the original added. The Payouts page's figures and a
 * statement's are this one function over the same rows.
 */
export function balancesOf(entries: readonly Pick<LedgerEntry, 'kind' | 'amountMinor' | 'currency' | 'status'>[]): Balance[] {
  const by = new Map<string, Balance>();
  for (const e of entries) {
    const b = by.get(e.currency) ?? { currency: e.currency, earnedMinor: 0, paidMinor: 0, pendingMinor: 0, balanceMinor: 0 };
    if (e.kind === 'earning') b.earnedMinor += e.amountMinor;
    else if (e.status === 'paid') b.paidMinor += e.amountMinor;
    else b.pendingMinor += e.amountMinor;
    b.balanceMinor = b.earnedMinor - b.paidMinor - b.pendingMinor;
    by.set(e.currency, b);
  }
  return [...by.values()].sort((x, y) => x.currency.localeCompare(y.currency));
}

// ---------------------------------------------------------------- statements

/** GET /api/payouts/statement?period=YYYY-MM (and statement.csv). */
export const statementQuerySchema = z.object({ period: periodSchema });

/**
 * A period's statement: earnings reported for the month (and their corrections) and payouts made
 * in it (UTC). Its totals are the same balances as the Payouts page's, over the month's entries:
 * earned, paid out, pending, and the month's net.
 */
/**
 * A statement line that is the artist's share of a song earning split by the song's agreed sheet
 * (issue 30): the song, the artist's master share, and the whole earning it is a share of (negative
 * for a reversal), so the line reads "Midnight Run — 40.00% of $10.01 = $4.00".
 */
export const statementSongShareSchema = z.object({
  songId: z.number().int(),
  title: z.string(),
  masterBps: z.number().int(),
  earningMinor: z.number().int(),
});
export type StatementSongShare = z.infer<typeof statementSongShareSchema>;
export const statementEntrySchema = ledgerEntrySchema.extend({ song: statementSongShareSchema.nullable() });
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** "Midnight Run — 40.00% of $10.01 = $4.00": a song share as the statement, its CSV and the page print it. */
export function describeSongShare(share: StatementSongShare, amountMinor: number, currency: string, locale?: string): string {
  return `${share.title} — ${formatBps(share.masterBps)} of ${formatMoney(share.earningMinor, currency, locale)} = ${formatMoney(amountMinor, currency, locale)}`;
}

/** A statement's song shares grouped by song (per currency), in the order the songs first appear. */
export function songShareGroups(entries: readonly StatementEntry[]): { songId: number; title: string; currency: string; entries: StatementEntry[]; totalMinor: number }[] {
  const groups = new Map<string, { songId: number; title: string; currency: string; entries: StatementEntry[]; totalMinor: number }>();
  for (const e of entries) {
    if (!e.song) continue;
    const key = `${e.song.songId}:${e.currency}`;
    const g = groups.get(key) ?? { songId: e.song.songId, title: e.song.title, currency: e.currency, entries: [], totalMinor: 0 };
    g.entries.push(e);
    g.totalMinor += e.amountMinor;
    groups.set(key, g);
  }
  return [...groups.values()];
}

export const statementSchema = z.object({
  period: z.string(),
  artist: z.string(),
  /** Each entry; a share of a song earning names its song and share in `song`. */
  entries: z.array(statementEntrySchema),
  totals: z.array(balanceSchema),
  /** The balance owed today, per currency, from the whole ledger. */
  balances: z.array(balanceSchema),
  generatedAt: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

/**
 * The month an entry's statement shows it in: an earning's period (a correction of an earning
 * keeps that period), else the UTC month it was made (payouts and their reversals).
 */
export const statementMonth = (e: Pick<LedgerEntry, 'period' | 'createdAt'>): string => e.period ?? e.createdAt.slice(0, 7);

/** Months with anything to show, newest first. */
export function statementPeriods(entries: readonly Pick<LedgerEntry, 'period' | 'createdAt'>[]): string[] {
  return [...new Set(entries.map(statementMonth))].sort().reverse();
}

/** "$1,234.56 earned · $0.00 paid out · $0.00 pending": a balance's parts, each labelled. */
export function describeBalance(b: Balance, locale?: string): string {
  return `${formatMoney(b.earnedMinor, b.currency, locale)} earned · ${formatMoney(b.paidMinor, b.currency, locale)} paid out · ${formatMoney(b.pendingMinor, b.currency, locale)} pending`;
}

/** "2026-09" -> "September 2026". */
export function periodLabel(period: string): string {
  const m = PERIOD_PATTERN.exec(period);
  if (!m) return period;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
