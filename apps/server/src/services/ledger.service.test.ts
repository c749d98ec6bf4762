import { describe, expect, it } from 'vitest';
import { parseEarningsCsv } from './ledger.service';
import { sameMethod } from './payment-method.service';

describe('reading a CSV statement', () => {
  it('names every bad line with its number and reason, unreadable lines among them, in line order', () => {
    const { rows, errors } = parseEarningsCsv(
      ['period,source,amount,currency', '2026-09,Spotify,1.00,USD', '2026-09,Tidal', '2026-09,Deezer,1.001,USD', '2026-09,Apple,1,USD,extra', '2026-13,Amazon,2,USD'].join('\n'),
    );
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([
      { line: 3, message: 'This line has 2 fields; the header has 4 columns' },
      { line: 4, message: 'Amount 1.001 has more than 2 decimal places for USD' },
      { line: 5, message: 'This line has 5 fields; the header has 4 columns' },
      { line: 6, message: 'Period must be a month as YYYY-MM' },
    ]);
  });

  it('reads a good statement with no errors', () => {
    const { rows, errors } = parseEarningsCsv('\uFEFFPeriod,Source,Amount,Currency,Note\n2026-09,Spotify,"1,000.10",usd,hi\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ period: '2026-09', source: 'Spotify', amountMinor: 100_010, currency: 'USD', note: 'hi', line: 2 }]);
  });

  it('reads the optional song and isrc columns (ISRC normalised, a bad one named on its line)', () => {
    const { rows, errors } = parseEarningsCsv(
      ['period,source,amount,currency,song,isrc', '2026-09,Spotify,1.00,USD,Paper Planes,', '2026-09,Tidal,2.00,USD,,us-s1z-26-00001', '2026-09,Deezer,3.00,USD,,not-an-isrc', `2026-09,Apple,4.00,USD,${'x'.repeat(201)},`].join('\n'),
    );
    expect(rows).toEqual([
      { period: '2026-09', source: 'Spotify', amountMinor: 100, currency: 'USD', note: '', line: 2, song: 'Paper Planes' },
      { period: '2026-09', source: 'Tidal', amountMinor: 200, currency: 'USD', note: '', line: 3, isrc: 'USS1Z2600001' },
    ]);
    expect(errors).toEqual([
      { line: 4, message: expect.stringMatching(/^An ISRC has 12 characters/) },
      { line: 5, message: 'A song is named in at most 200 characters' },
    ]);
  });
});

describe('the same payout method', () => {
  const bank = { type: 'bank_account', last4: '6789', account_name: 'Lil Test', bank_name: 'First Bank', card_type: null, account_type: 'checking' };
  const card = { type: 'card', last4: '1111', account_name: 'Lil Test', bank_name: 'Issuer', card_type: 'visa', account_type: null };

  it('is the same type, last 4, holder, and bank and account type (accounts) or brand (cards)', () => {
    expect(sameMethod(bank, { ...bank, account_name: ' lil   test ', bank_name: 'FIRST BANK' })).toBe(true);
    expect(sameMethod(bank, { ...bank, last4: '6780' })).toBe(false);
    expect(sameMethod(bank, { ...bank, bank_name: 'Second Bank' })).toBe(false);
    expect(sameMethod(bank, { ...bank, account_type: 'savings' })).toBe(false);
    expect(sameMethod(bank, { ...bank, account_name: 'Someone Else' })).toBe(false);
    // A card's issuing bank may be written differently; its brand is what tells.
    expect(sameMethod(card, { ...card, bank_name: 'Issuer Bank N.A.' })).toBe(true);
    expect(sameMethod(card, { ...card, card_type: 'mastercard' })).toBe(false);
    expect(sameMethod(card, { ...card, type: 'bank_account' })).toBe(false);
  });
});
