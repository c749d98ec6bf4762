import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaymentDataCipher, generateKeyText, KEY_FILE, loadPaymentKeys, parseKey, PaymentDataKeyError } from './payment-data';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('payment data encryption', () => {
  const key = parseKey(generateKeyText());
  const cipher = createPaymentDataCipher({ current: key });

  it('round-trips, with a fresh IV each time and no readable number in the stored value', () => {
    const a = cipher.encrypt('{"number":"4111111111111111"}', 7);
    const b = cipher.encrypt('{"number":"4111111111111111"}', 7);
    expect(a).not.toBe(b);
    expect(a).not.toContain('4111');
    expect(a.startsWith(`v1.${key.id}.`)).toBe(true);
    expect(cipher.decrypt(a, 7)).toBe('{"number":"4111111111111111"}');
    expect(cipher.keyIdOf(a)).toBe(key.id);
  });

  it('fails loudly with another key, another owner or altered data', () => {
    const stored = cipher.encrypt('123456789', 7);
    const other = createPaymentDataCipher({ current: parseKey(generateKeyText()) });
    expect(() => other.decrypt(stored, 7)).toThrow(PaymentDataKeyError);
    expect(() => other.decrypt(stored, 7)).toThrow(/does not have/);
    // Same key id but different key bytes: the integrity check catches it.
    const forged = createPaymentDataCipher({ current: { id: key.id, key: Buffer.alloc(32, 1) } });
    expect(() => forged.decrypt(stored, 7)).toThrow(/integrity check/);
    expect(() => cipher.decrypt(stored, 8)).toThrow(/integrity check/);
    const parts = stored.split('.');
    parts[4] = Buffer.from('987654321').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 7)).toThrow(/integrity check/);
    expect(() => cipher.decrypt('plain 4111111111111111', 7)).toThrow(PaymentDataKeyError);
  });

  it('reads keys as 64 hex digits or base64, and refuses anything else', () => {
    expect(parseKey('ab'.repeat(32)).key).toHaveLength(32);
    expect(parseKey(Buffer.alloc(32, 9).toString('base64')).key).toEqual(Buffer.alloc(32, 9));
    for (const bad of ['', 'short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) expect(() => parseKey(bad)).toThrow(PaymentDataKeyError);
  });

  it('creates the key file on first start with owner-only permissions, and reuses it', () => {
    const dir = tempDir();
    const first = loadPaymentKeys({ dataDir: dir });
    const file = path.join(dir, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadPaymentKeys({ dataDir: dir }).current.id).toBe(first.current.id);
  });

  it('prefers PAYMENT_DATA_KEY and then writes no file', () => {
    const dir = tempDir();
    const text = 'cd'.repeat(32);
    expect(loadPaymentKeys({ dataDir: dir, PAYMENT_DATA_KEY: text }).current.id).toBe(parseKey(text).id);
    expect(fs.existsSync(path.join(dir, KEY_FILE))).toBe(false);
  });
});
