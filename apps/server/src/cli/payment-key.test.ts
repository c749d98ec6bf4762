import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { migrateToLatest, openDatabase, type Db } from '../db/index';
import { registerUser, testEnv } from '../../test/helpers';
import { createPaymentDataCipher, generateKeyText, KEY_FILE, loadPaymentKeys, NEXT_KEY_FILE, parseKey } from '../crypto/payment-data';
import { rotatePaymentKey } from './payment-key';
import { runAdminCommand } from './admin';

const CARD = '4111111111111111';
const card = { type: 'card', accountName: 'Key Artist', accountNumber: CARD, bankName: 'Key Bank', cardType: 'visa' };

describe('payment key rotation', () => {
  let dir: string;
  let db: Db;
  let userId: number;
  /** The key the rows are on after the PAYMENT_DATA_KEY test. */
  let envKey: string;
  const saved = {
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    PAYMENT_DATA_KEY: process.env.PAYMENT_DATA_KEY,
    PAYMENT_DATA_KEY_NEW: process.env.PAYMENT_DATA_KEY_NEW,
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-rotate-'));
    db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
    await migrateToLatest(db);
    const app = await buildApp(db, testEnv({ dataDir: dir }));
    await registerUser(app);
    const user = await registerUser(app);
    userId = user.user.id;
    for (const number of [CARD, '5555555555554444']) {
      const res = await app.inject({ method: 'POST', url: '/api/payment-methods', headers: { cookie: user.cookie }, payload: { ...card, accountNumber: number, cardType: undefined } });
      expect(res.statusCode).toBe(201);
    }
    await app.close();
  });
  afterAll(async () => {
    await db.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const rows = () => db.kysely.selectFrom('payment_methods').selectAll().orderBy('id').execute();

  it('moves every row to a new key file (mode 600); the old key no longer reads them', async () => {
    const old = loadPaymentKeys({ dataDir: dir });
    const result = await rotatePaymentKey(db, { dataDir: dir });
    expect(result).toMatchObject({ from: old.current.id, rows: 2, keyFile: path.join(dir, KEY_FILE) });
    expect(fs.existsSync(path.join(dir, NEXT_KEY_FILE))).toBe(false);
    expect(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const now = loadPaymentKeys({ dataDir: dir });
    expect(now.current.id).toBe(result.to);
    const fresh = createPaymentDataCipher(now);
    const stale = createPaymentDataCipher(old);
    const stored = await rows();
    expect(stored.map((r) => r.key_id)).toEqual([result.to, result.to]);
    expect(stored.map((r) => JSON.parse(fresh.decrypt(r.secret, userId)).number)).toEqual([CARD, '5555555555554444']);
    for (const r of stored) expect(() => stale.decrypt(r.secret, userId)).toThrow(/does not have/);
    const audit = await db.kysely.selectFrom('payout_audit_events').selectAll().where('action', '=', 'payment_data_key.rotated').execute();
    expect(JSON.parse(audit[0]!.detail)).toEqual({ from: old.current.id, to: result.to, rows: 2 });
  });

  it('with PAYMENT_DATA_KEY, takes the new key from PAYMENT_DATA_KEY_NEW and leaves the files alone', async () => {
    const current = fs.readFileSync(path.join(dir, KEY_FILE), 'utf8').trim();
    const next = generateKeyText();
    envKey = next;
    await expect(rotatePaymentKey(db, { dataDir: dir, PAYMENT_DATA_KEY: current })).rejects.toThrow(/PAYMENT_DATA_KEY_NEW/);
    const result = await rotatePaymentKey(db, { dataDir: dir, PAYMENT_DATA_KEY: current, PAYMENT_DATA_KEY_NEW: next });
    expect(result).toMatchObject({ to: parseKey(next).id, keyFile: null, rows: 2 });
    expect(fs.readFileSync(path.join(dir, KEY_FILE), 'utf8').trim()).toBe(current);
    const cipher = createPaymentDataCipher({ current: parseKey(next) });
    for (const r of await rows()) expect(JSON.parse(cipher.decrypt(r.secret, userId)).number).toMatch(/^\d{16}$/);
  });

  it('runs as npm run admin -- rotate-payment-key, fails loudly with the wrong key, and prints a new key on request', async () => {
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
    const inUse = (await rows())[0]!.key_id;
    // A key that is not the one in use: the command stops, naming the key the data needs, and changes nothing.
    process.env.PAYMENT_DATA_KEY = generateKeyText();
    process.env.PAYMENT_DATA_KEY_NEW = generateKeyText();
    await expect(runAdminCommand(['rotate-payment-key'], () => {})).rejects.toThrow(new RegExp(inUse));
    expect((await rows()).map((r) => r.key_id)).toEqual([inUse, inUse]);

    process.env.PAYMENT_DATA_KEY = envKey;
    const out: string[] = [];
    expect(await runAdminCommand(['rotate-payment-key'], (m) => out.push(m))).toBe(0);
    expect(out[0]).toBe(`Re-encrypted 2 payout methods: key ${inUse} -> ${parseKey(process.env.PAYMENT_DATA_KEY_NEW).id}.`);
    const cipher = createPaymentDataCipher({ current: parseKey(process.env.PAYMENT_DATA_KEY_NEW) });
    expect(JSON.parse(cipher.decrypt((await rows())[0]!.secret, userId)).number).toBe(CARD);

    delete process.env.PAYMENT_DATA_KEY;
    delete process.env.PAYMENT_DATA_KEY_NEW;
    const printed: string[] = [];
    expect(await runAdminCommand(['new-payment-key'], (m) => printed.push(m))).toBe(0);
    expect(parseKey(printed[0]!).key).toHaveLength(32);
  });
});
