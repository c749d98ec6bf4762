import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Payout numbers at rest (amendment B4, ADR 016): AES-256-GCM from node:crypto, a fresh 96-bit IV
 * per value, and the owner's id as additional authenticated data, so a stored value cannot be moved
 * to another artist's row and still decrypt. A stored value reads
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); the key id is the first 8 bytes of the
 * key's SHA-256, so a value names the key it needs without revealing it.
 */

export const KEY_FILE = 'payment-data-key';
/** A new key written by the rotation command before the data moves to it (see rotatePaymentKey). */
export const NEXT_KEY_FILE = 'payment-data-key.next';

export class PaymentDataKeyError extends Error {
  override name = 'PaymentDataKeyError';
}

export interface PaymentKey {
  id: string;
  key: Buffer;
}

/** A 32-byte key from its text: 64 hex digits or base64/base64url of 32 bytes. */
export function parseKey(text: string): PaymentKey {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!key || key.length !== 32) throw new PaymentDataKeyError('The payment data key must be 32 bytes, written as 64 hex digits or base64');
  return { id: keyId(key), key };
}

export const keyId = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
export const generateKeyText = () => crypto.randomBytes(32).toString('base64url');

/** Reads a key file, or undefined when there is none. */
function readKeyFile(file: string): PaymentKey | undefined {
  try {
    return parseKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof PaymentDataKeyError) throw new PaymentDataKeyError(`${file}: ${error.message}`);
    throw error;
  }
}

/** Writes a key file readable by its owner only (mode 600), refusing to overwrite one. */
export function writeKeyFile(file: string, keyText: string) {
  fs.writeFileSync(file, `${keyText}\n`, { mode: 0o600, flag: 'wx' });
}

/**
 * The keys of this installation: `PAYMENT_DATA_KEY` when set, else the key file in DATA_DIR, created
 * on first start with owner-only permissions. A `.next` key left by an interrupted rotation is kept
 * for reading, so no value becomes unreadable between the data moving and the file being renamed.
 */
export function loadPaymentKeys(settings: { PAYMENT_DATA_KEY?: string; dataDir: string }): { current: PaymentKey; all: PaymentKey[] } {
  const next = readKeyFile(path.join(settings.dataDir, NEXT_KEY_FILE));
  let current: PaymentKey;
  if (settings.PAYMENT_DATA_KEY) current = parseKey(settings.PAYMENT_DATA_KEY);
  else {
    const file = path.join(settings.dataDir, KEY_FILE);
    const existing = readKeyFile(file);
    if (existing) current = existing;
    else {
      const text = generateKeyText();
      try {
        writeKeyFile(file, text);
        current = parseKey(text);
      } catch (error) {
        // Another process created it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        current = readKeyFile(file)!;
      }
    }
  }
  return { current, all: next && next.id !== current.id ? [current, next] : [current] };
}

export interface PaymentDataCipher {
  /** The id of the key new values are written with. */
  readonly keyId: string;
  encrypt(plain: string, ownerId: number): string;
  /** Throws PaymentDataKeyError when the value's key is not held or the value was tampered with. */
  decrypt(stored: string, ownerId: number): string;
  /** The key id a stored value was written with. */
  keyIdOf(stored: string): string;
}

const aad = (ownerId: number) => Buffer.from(`members-only/payment-method/user:${ownerId}`);

export function createPaymentDataCipher(keys: { current: PaymentKey; all?: PaymentKey[] }): PaymentDataCipher {
  const byId = new Map((keys.all ?? [keys.current]).map((k) => [k.id, k.key]));
  byId.set(keys.current.id, keys.current.key);
  const parts = (stored: string) => {
    const p = stored.split('.');
    if (p.length !== 5 || p[0] !== 'v1') throw new PaymentDataKeyError('The stored payment data is not in a format this version can read');
    return { id: p[1]!, iv: Buffer.from(p[2]!, 'base64url'), tag: Buffer.from(p[3]!, 'base64url'), data: Buffer.from(p[4]!, 'base64url') };
  };
  return {
    keyId: keys.current.id,
    encrypt(plain, ownerId) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', keys.current.key, iv);
      cipher.setAAD(aad(ownerId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', keys.current.id, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(stored, ownerId) {
      const { id, iv, tag, data } = parts(stored);
      const key = byId.get(id);
      if (!key) {
        throw new PaymentDataKeyError(
          `Payment data was encrypted with key ${id}, which this installation does not have (its key is ${keys.current.id}). Check PAYMENT_DATA_KEY or the key file.`,
        );
      }
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(aad(ownerId));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw new PaymentDataKeyError('Payment data failed its integrity check: wrong key, wrong owner or altered data');
      }
    },
    keyIdOf: (stored) => parts(stored).id,
  };
}
