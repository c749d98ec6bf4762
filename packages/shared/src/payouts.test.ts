import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesOf, detectCardType, expiryInPast, formatMoney, luhnValid, minorToDecimal, parseAmountToMinor, routingNumberValid } from './payouts';

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
