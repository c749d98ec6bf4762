import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index';
import { createUnitOfWork } from '../repositories/index';
import {
  KEY_FILE,
  NEXT_KEY_FILE,
  createPaymentDataCipher,
  generateKeyText,
  loadPaymentKeys,
  parseKey,
  writeKeyFile,
  type PaymentKey,
} from '../crypto/payment-data';

export interface RotationResult {
  from: string;
  to: string;
  rows: number;
  /** Where the new key lives: the key file, or the operator must set PAYMENT_DATA_KEY. */
  keyFile: string | null;
}

/**
 * Re-encrypts every stored payout number with a new key, in one transaction (ADR 016).
 *
 * With a key file: a new key is written beside it as `payment-data-key.next` (mode 600), the rows
 * move to it, then it is renamed over the old file. Interrupted before the rename, the server and a
 * second run still read both keys, and the second run finishes the job with the same new key.
 * With PAYMENT_DATA_KEY: the new key comes from PAYMENT_DATA_KEY_NEW; afterwards the operator sets
 * PAYMENT_DATA_KEY to it. Either way, stop the server first so no row is written with the old key.
 */
export async function rotatePaymentKey(db: Db, settings: { PAYMENT_DATA_KEY?: string; PAYMENT_DATA_KEY_NEW?: string; dataDir: string }): Promise<RotationResult> {
  const keys = loadPaymentKeys(settings);
  const nextFile = path.join(settings.dataDir, NEXT_KEY_FILE);
  let next: PaymentKey;
  if (settings.PAYMENT_DATA_KEY) {
    if (!settings.PAYMENT_DATA_KEY_NEW) throw new Error('PAYMENT_DATA_KEY is set: put the new key in PAYMENT_DATA_KEY_NEW (npm run admin -- new-payment-key prints one).');
    next = parseKey(settings.PAYMENT_DATA_KEY_NEW);
  } else {
    const pending = keys.all.find((k) => k.id !== keys.current.id);
    if (pending) next = pending;
    else {
      const text = generateKeyText();
      writeKeyFile(nextFile, text);
      next = parseKey(text);
    }
  }
  if (next.id === keys.current.id) throw new Error('The new key is the key in use.');

  const reader = createPaymentDataCipher({ current: keys.current, all: [...keys.all, next] });
  const writer = createPaymentDataCipher({ current: next });
  const rows = await createUnitOfWork(db.kysely).run(async (r) => {
    const secrets = await r.paymentMethods.listSecrets();
    for (const row of secrets) {
      if (row.key_id === next.id) continue;
      await r.paymentMethods.updateSecret(row.id, writer.encrypt(reader.decrypt(row.secret, row.user_id), row.user_id), next.id);
    }
    await r.payoutAudit.record({
      actorId: null,
      subjectUserId: null,
      action: 'payment_data_key.rotated',
      entity: 'payment_data_key',
      entityId: null,
      detail: { from: keys.current.id, to: next.id, rows: secrets.length },
    });
    return secrets.length;
  });

  if (settings.PAYMENT_DATA_KEY) return { from: keys.current.id, to: next.id, rows, keyFile: null };
  const keyFile = path.join(settings.dataDir, KEY_FILE);
  fs.renameSync(nextFile, keyFile);
  return { from: keys.current.id, to: next.id, rows, keyFile };
}
