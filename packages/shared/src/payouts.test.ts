import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceEffect, balancesOf, describeBalance, detectCardType, expiryInPast, formatMoney, luhnValid, minorToDecimal, parseAmountToMinor, payoutAwaitingPayment, routingNumberValid, statementMonth, statementPeriods } from './payouts';

describe('payout number checks', () => {
  it('Luhn: known good and bad card numbers', () => {
    for (const good of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117', '4012888888881881']) expect(luhnValid(good), good).toBe(true);
    for (const bad of ['4111111111111112', '1234567812345678', '', '41111111111111a1']) expect(luhnValid(bad), bad).toBe(false);
  });

  it('Luhn: changing any one digit of a valid number breaks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = [...'4111111111111111'].map(Number);
        digits[pos] = (digits[pos]! + delta) % 10;
        return !luhnValid(digits.join(''));
      }),
    );
  });

  it('ABA routing checksum', () => {
    expect(routingNumberValid('021000021')).toBe(true);
    expect(routingNumberValid('011000015')).toBe(true);
    expect(routingNumberValid('021000022')).toBe(false);
    expect(routingNumberValid('02100002')).toBe(false);
  });

  it('brands by IIN range and length', () => {
    expect(detectCardType('4111111111111111')).toBe('visa');
    expect(detectCardType('5105105105105100')).toBe('mastercard');
    expect(detectCardType('2720991234567890')).toBe('mastercard');
    expect(detectCardType('371449635398431')).toBe('amex');
    expect(detectCardType('6445644564456445')).toBe('discover');
    expect(detectCardType('6221260000000000')).toBe('discover');
    expect(detectCardType('3530111333300000')).toBeNull();
    expect(detectCardType('411111111111111')).toBeNull();
  });

  it('expiry: good through the end of its month', () => {
    const now = new Date(Date.UTC(2026, 10, 24));
    expect(expiryInPast('11/26', now)).toBe(false);
    expect(expiryInPast('10/26', now)).toBe(true);
    expect(expiryInPast('01/27', now)).toBe(false);
  });
});

describe('money in minor units', () => {
  it('parses statement amounts exactly, refusing extra decimals instead of rounding', () => {
    expect(parseAmountToMinor('0.07', 'USD')).toEqual({ ok: true, minor: 7 });
    expect(parseAmountToMinor('1,000.10', 'USD')).toEqual({ ok: true, minor: 100_010 });
    expect(parseAmountToMinor('$5', 'USD')).toEqual({ ok: true, minor: 500 });
    expect(parseAmountToMinor('1.5', 'JPY')).toMatchObject({ ok: false });
    expect(parseAmountToMinor('1.234', 'BHD')).toEqual({ ok: true, minor: 1234 });
    expect(parseAmountToMinor('0.001', 'USD')).toMatchObject({ ok: false, message: expect.stringMatching(/more than 2 decimal places/) });
    expect(parseAmountToMinor('1e3', 'USD')).toMatchObject({ ok: false });
  });

  it('round-trips every amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom('USD', 'JPY', 'BHD', 'EUR'), (minor, currency) => {
        const back = parseAmountToMinor(minorToDecimal(minor, currency), currency);
        return back.ok && back.minor === minor;
      }),
    );
  });

  it('formats from the exact decimal', () => {
    expect(formatMoney(100_037, 'USD')).toBe('$1,000.37');
    expect(formatMoney(9_007_199_254_740, 'USD')).toBe('$90,071,992,547.40');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });

  it('balance: earnings minus pending and paid payouts, per currency', () => {
    const entries = [
      { kind: 'earning', amountMinor: 10, currency: 'USD', status: 'recorded' },
      { kind: 'earning', amountMinor: 20, currency: 'USD', status: 'recorded' },
      { kind: 'payout', amountMinor: 5, currency: 'USD', status: 'paid' },
      { kind: 'payout', amountMinor: 7, currency: 'USD', status: 'pending' },
      { kind: 'earning', amountMinor: 300, currency: 'EUR', status: 'recorded' },
    ] as const;
    expect(balancesOf(entries)).toEqual([
      { currency: 'EUR', earnedMinor: 300, paidMinor: 0, pendingMinor: 0, balanceMinor: 300 },
      { currency: 'USD', earnedMinor: 30, paidMinor: 5, pendingMinor: 7, balanceMinor: 18 },
    ]);
    expect(balancesOf([])).toEqual([]);
  });
});

describe('the ledger as an accounting record', () => {
  const entry = (kind: 'earning' | 'payout', amountMinor: number, status: 'recorded' | 'pending' | 'paid') => ({ kind, amountMinor, currency: 'USD', status });

  it('a reversal takes back exactly what its original added, in every state of a payout', () => {
    const earning = entry('earning', 10_000, 'recorded');
    const pending = entry('payout', 1_000, 'pending');
    const paid = entry('payout', 2_500, 'paid');
    const before = balancesOf([earning, pending, paid]);
    expect(before).toEqual([{ currency: 'USD', earnedMinor: 10_000, paidMinor: 2_500, pendingMinor: 1_000, balanceMinor: 6_500 }]);
    // Each reversal is its original's kind and status with the opposite amount.
    const reversalOf = (e: ReturnType<typeof entry>) => ({ ...e, amountMinor: -e.amountMinor });
    expect(balancesOf([earning, pending, paid, reversalOf(pending)])).toEqual([{ currency: 'USD', earnedMinor: 10_000, paidMinor: 2_500, pendingMinor: 0, balanceMinor: 7_500 }]);
    expect(balancesOf([earning, pending, paid, reversalOf(paid)])).toEqual([{ currency: 'USD', earnedMinor: 10_000, paidMinor: 0, pendingMinor: 1_000, balanceMinor: 9_000 }]);
    expect(balancesOf([earning, pending, paid, reversalOf(earning)])).toEqual([{ currency: 'USD', earnedMinor: 0, paidMinor: 2_500, pendingMinor: 1_000, balanceMinor: -3_500 }]);
    // The signed amounts a statement shows add up to the balance.
    const all = [earning, pending, paid, reversalOf(paid)];
    expect(all.reduce((sum, e) => sum + balanceEffect(e), 0)).toBe(balancesOf(all)[0]!.balanceMinor);
    expect(balanceEffect(pending)).toBe(-1_000);
    expect(balanceEffect(reversalOf(paid))).toBe(2_500);
  });

  it('only a pending payout that is neither a reversal nor reversed waits to be marked paid', () => {
    const payout = { kind: 'payout' as const, status: 'pending' as const, reversesId: null, reversedById: null };
    expect(payoutAwaitingPayment(payout)).toBe(true);
    expect(payoutAwaitingPayment({ ...payout, reversedById: 9 })).toBe(false);
    expect(payoutAwaitingPayment({ ...payout, reversesId: 3 })).toBe(false);
    expect(payoutAwaitingPayment({ ...payout, status: 'paid' })).toBe(false);
  });

  it("puts an entry in its earning's period, else the month it was made", () => {
    expect(statementMonth({ period: '2026-09', createdAt: '2026-11-02T10:00:00.000Z' })).toBe('2026-09');
    expect(statementMonth({ period: null, createdAt: '2026-11-02T10:00:00.000Z' })).toBe('2026-11');
    expect(statementPeriods([{ period: '2026-09', createdAt: '2026-11-02T00:00:00Z' }, { period: null, createdAt: '2026-10-02T00:00:00Z' }, { period: '2026-09', createdAt: '2026-12-01T00:00:00Z' }])).toEqual(['2026-10', '2026-09']);
  });

  it('labels every part of a balance', () => {
    expect(describeBalance({ currency: 'USD', earnedMinor: 123_456, paidMinor: 0, pendingMinor: 5, balanceMinor: 123_451 })).toBe('$1,234.56 earned · $0.00 paid out · $0.05 pending');
  });
});
