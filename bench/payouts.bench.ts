import { bench, describe } from 'vitest';
import { createPaymentMethodSchema } from '@members-only/shared/payouts';
import { createPaymentDataCipher, generateKeyText, parseKey } from '../apps/server/src/crypto/payment-data';
import { parseEarningsCsv } from '../apps/server/src/services/ledger.service';

/**
 * Target (docs/benchmarks.md): a payout method's validation plus its encryption and decryption
 * well under 1 ms; a 1,000-row CSV statement parsed and every row checked under 250 ms (it is
 * refused or saved whole, and statements are monthly: seconds would still be fine).
 */
const cipher = createPaymentDataCipher({ current: parseKey(generateKeyText()) });
const card = { type: 'card', accountName: 'Bench Artist', accountNumber: '4111111111111111', bankName: 'Bench Bank', cardType: 'visa', expiryDate: '12/39' };
const statement = ['period,source,amount,currency,note', ...Array.from({ length: 1000 }, (_, i) => `2026-${String((i % 12) + 1).padStart(2, '0')},Spotify,${i + 1}.${String(i % 100).padStart(2, '0')},USD,row ${i}`)].join('\n');
const stored = cipher.encrypt(JSON.stringify({ number: card.accountNumber }), 42);

describe('payouts', () => {
  bench('validate a card with the shared schema', () => {
    createPaymentMethodSchema.parse(card);
  });
  bench('encrypt a number (AES-256-GCM)', () => {
    cipher.encrypt(JSON.stringify({ number: card.accountNumber }), 42);
  });
  bench('decrypt a number', () => {
    cipher.decrypt(stored, 42);
  });
  bench('parse and check a 1,000-row CSV statement', () => {
    const { errors } = parseEarningsCsv(statement);
    if (errors.length) throw new Error(JSON.stringify(errors[0]));
  });
});
