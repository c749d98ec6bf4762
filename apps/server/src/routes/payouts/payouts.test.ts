import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '@members-only/shared/admin';
import { adminLedgerSchema, ledgerSchema, paymentMethodListSchema, paymentMethodSchema, statementSchema, type PaymentMethod } from '@members-only/shared/payouts';
import { createPaymentDataCipher, generateKeyText, KEY_FILE, loadPaymentKeys, parseKey } from '../../crypto/payment-data';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';

type User = Awaited<ReturnType<typeof registerUser>>;

const CARD = '4111111111111111';
const BANK = '000123456789';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const bank = (extra: Record<string, unknown> = {}) => ({
  type: 'bank_account',
  accountType: 'checking',
  accountName: 'Lil Test',
  accountNumber: BANK,
  bankName: 'First Test Bank',
  routingNumber: '021000021',
  isDefault: true,
  ...extra,
});
const card = (extra: Record<string, unknown> = {}) => ({
  type: 'card',
  accountName: 'Lil Test',
  accountNumber: CARD,
  bankName: 'Issuer Bank',
  cardType: 'visa',
  expiryDate: `12/${nextYear}`,
  isDefault: true,
  ...extra,
});

describe.each(dialects)('payout methods on %s', (dialect) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const key = generateKeyText();

  beforeAll(async () => {
    t = await createTestApp(dialect, { PAYMENT_DATA_KEY: key });
    await registerUser(t.app); // the first account is the admin
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const add = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/payment-methods', headers: { cookie }, payload });
  const list = async (cookie: string) => paymentMethodListSchema.parse((await t.app.inject({ url: '/api/payment-methods', headers: { cookie } })).json());

  it('adds methods sent at the same time, all of them, with exactly one default', async () => {
    const carol = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(carol.cookie, card({ isDefault: i % 2 === 0, accountName: `Carol ${i}` }))));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    const methods = await list(carol.cookie);
    expect(methods).toHaveLength(8);
    expect(methods.filter((m) => m.isDefault)).toHaveLength(1);
  });

  it('makes, deletes and adds methods at the same time and keeps exactly one default', async () => {
    const dave = await registerUser(t.app);
    const made: PaymentMethod[] = [];
    for (let i = 0; i < 6; i++) made.push(paymentMethodSchema.parse((await add(dave.cookie, card({ isDefault: false, accountName: `Dave ${i}` }))).json()));
    const answers = await Promise.all([
      ...made.slice(0, 4).map((m) => t.app.inject({ method: 'POST', url: `/api/payment-methods/${m.id}/default`, headers: { cookie: dave.cookie } })),
      ...made.slice(4).map((m) => t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${m.id}`, headers: { cookie: dave.cookie } })),
      add(dave.cookie, card({ isDefault: true, accountName: 'Dave 6' })),
      add(dave.cookie, card({ isDefault: false, accountName: 'Dave 7' })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 204, 204, 201, 201]);
    const methods = await list(dave.cookie);
    expect(methods).toHaveLength(6);
    expect(methods.filter((m) => m.isDefault)).toHaveLength(1);
  });

  it('stores the number encrypted: the row holds only the last 4 in clear, and decrypts with the key alone', async () => {
    const res = await add(alice.cookie, bank());
    expect(res.statusCode).toBe(201);
    const method = paymentMethodSchema.parse(res.json());
    expect(method).toMatchObject({ type: 'bank_account', accountType: 'checking', last4: '6789', isDefault: true, bankName: 'First Test Bank' });
    expect(res.body).not.toContain(BANK);
    expect(res.body).not.toContain('021000021');

    const row = await t.db.kysely.selectFrom('payment_methods').selectAll().where('id', '=', method.id).executeTakeFirstOrThrow();
    const everything = JSON.stringify(row);
    expect(everything).not.toContain(BANK);
    expect(everything).not.toContain('123456789');
    expect(everything).not.toContain('021000021');
    expect(row.last4).toBe('6789');

    const cipher = createPaymentDataCipher({ current: parseKey(key) });
    expect(JSON.parse(cipher.decrypt(row.secret, alice.user.id))).toEqual({ number: BANK, routingNumber: '021000021' });
    const wrong = createPaymentDataCipher({ current: parseKey(generateKeyText()) });
    expect(() => wrong.decrypt(row.secret, alice.user.id)).toThrow(/does not have/);
    // Moved to another artist's row it no longer decrypts.
    expect(() => cipher.decrypt(row.secret, bob.user.id)).toThrow(/integrity/);
  });

  it('lists last 4 only, and keeps exactly one default: a new method becomes it', async () => {
    const res = await add(alice.cookie, card());
    expect(res.statusCode).toBe(201);
    const methods = await list(alice.cookie);
    expect(methods.filter((m) => m.isDefault)).toHaveLength(1);
    expect(methods[0]).toMatchObject({ type: 'card', last4: '1111', cardType: 'visa', isDefault: true, accountType: null });
    const body = (await t.app.inject({ url: '/api/payment-methods', headers: { cookie: alice.cookie } })).body;
    expect(body).not.toContain(CARD);
    expect(body).not.toContain(BANK);

    // Not asked to be the default: it is not, unless it is the first.
    const third = paymentMethodSchema.parse((await add(alice.cookie, bank({ isDefault: false, accountType: 'savings' }))).json());
    expect(third.isDefault).toBe(false);
    const bobFirst = paymentMethodSchema.parse((await add(bob.cookie, bank({ isDefault: false }))).json());
    expect(bobFirst.isDefault).toBe(true);

    const made = await t.app.inject({ method: 'POST', url: `/api/payment-methods/${third.id}/default`, headers: { cookie: alice.cookie } });
    expect(made.statusCode).toBe(200);
    const after = await list(alice.cookie);
    expect(after.filter((m) => m.isDefault).map((m) => m.id)).toEqual([third.id]);
  });

  it('passes the default to the newest remaining method when the default is deleted', async () => {
    const before = await list(alice.cookie);
    const current = before.find((m) => m.isDefault)!;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${current.id}`, headers: { cookie: alice.cookie } });
    expect(del.statusCode).toBe(204);
    const after = await list(alice.cookie);
    expect(after).toHaveLength(before.length - 1);
    expect(after.filter((m) => m.isDefault)).toHaveLength(1);
    const newest = before.filter((m) => m.id !== current.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0]!;
    expect(after.find((m) => m.isDefault)!.id).toBe(newest.id);
  });

  it("answers 404 for another artist's method and changes nothing", async () => {
    const mine = (await list(alice.cookie))[0]!;
    for (const req of [
      { method: 'DELETE' as const, url: `/api/payment-methods/${mine.id}` },
      { method: 'POST' as const, url: `/api/payment-methods/${mine.id}/default` },
      { method: 'DELETE' as const, url: '/api/payment-methods/999999' },
    ]) {
      const res = await t.app.inject({ ...req, headers: { cookie: bob.cookie } });
      expect(res.statusCode, req.url).toBe(404);
      expect(res.json()).toEqual({ message: 'Payment method not found', code: 'not_found' });
    }
    expect((await list(alice.cookie)).map((m) => m.id)).toContain(mine.id);
    expect((await list(bob.cookie)).every((m) => m.id !== mine.id)).toBe(true);
  });

  it.each([
    ['a card number failing Luhn', card({ accountNumber: '4111111111111112' }), 'accountNumber', /not valid/],
    ['letters in a number', card({ accountNumber: '4111-1111-1111-1111' }), 'accountNumber', /digits only/],
    ['a card type that is not the number’s brand', card({ cardType: 'amex' }), 'cardType', /Visa/],
    ['an amex number chosen as discover', card({ accountNumber: '378282246310005', cardType: 'discover' }), 'cardType', /American Express/],
    ['a number of no supported brand', card({ accountNumber: '3530111333300000', cardType: undefined }), 'accountNumber', /not a Visa/],
    ['an expired card', card({ expiryDate: '01/20' }), 'expiryDate', /past/],
    ['an expiry not MM/YY', card({ expiryDate: '13/30' }), 'expiryDate', /MM\/YY/],
    ['a bad routing checksum', bank({ routingNumber: '021000022' }), 'routingNumber', /not valid/],
    ['a short routing number', bank({ routingNumber: '12345' }), 'routingNumber', /9 digits/],
    ['a bank account without an account type', bank({ accountType: undefined }), 'accountType', /required/],
    ['a too-short account number', bank({ accountNumber: '123' }), 'accountNumber', /4 to 17/],
    ['a missing holder name', bank({ accountName: '  ' }), 'accountName', /required/],
    ['a missing bank name', bank({ bankName: undefined }), 'bankName', /required/],
    ['an unknown type', bank({ type: 'crypto' }), 'type', /bank_account or card/],
  ])('refuses %s, naming the field', async (_name, payload, field, message) => {
    const count = async () => Number((await t.db.kysely.selectFrom('payment_methods').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const res = await add(alice.cookie, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors[field]?.join(' '), JSON.stringify(body)).toMatch(message);
    expect(res.body).not.toContain('4111111111111112');
    expect(await count()).toBe(before);
  });

  it('refuses the same bank account or card twice (same type, last 4, bank or brand, holder): 409 with a plain message', async () => {
    const erin = await registerUser(t.app);
    expect((await add(erin.cookie, bank())).statusCode).toBe(201);
    expect((await add(erin.cookie, card())).statusCode).toBe(201);
    // The same ones again, however the holder's and bank's names are cased and spaced, or a new routing number.
    for (const again of [bank(), bank({ accountName: '  lil  TEST ', bankName: 'first test bank', isDefault: false }), bank({ routingNumber: '011000015' }), card({ expiryDate: `01/${nextYear}` })]) {
      const res = await add(erin.cookie, again);
      expect(res.statusCode, JSON.stringify(again)).toBe(409);
      expect(res.json()).toMatchObject({ message: 'This payment method is already saved. Each bank account or card can be added once.' });
    }
    expect(await list(erin.cookie)).toHaveLength(2);
    // Any one part different is another method: holder, bank, last 4, brand, account type.
    const others = [
      bank({ accountName: 'Erin Other' }),
      bank({ bankName: 'Second Bank' }),
      bank({ accountType: 'savings' }),
      bank({ accountNumber: '000123450000' }),
      card({ accountNumber: '5555555555554444', cardType: 'mastercard' }),
      card({ accountName: 'Someone Else' }),
    ];
    for (const other of others) expect((await add(erin.cookie, other)).statusCode, JSON.stringify(other)).toBe(201);
    // Another artist may save the same account.
    expect((await add((await registerUser(t.app)).cookie, bank())).statusCode).toBe(201);
    // Two saves of the same card at once: one is added.
    const frank = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => add(frank.cookie, card())));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('accepts each card brand by its own number', async () => {
    for (const [number, cardType] of [
      ['5555555555554444', 'mastercard'],
      ['2223003122003222', 'mastercard'],
      ['378282246310005', 'amex'],
      ['6011111111111117', 'discover'],
      ['4012888888881881', 'visa'],
    ] as const) {
      const res = await add(bob.cookie, card({ accountNumber: number, cardType }));
      expect(res.statusCode, number).toBe(201);
      expect((res.json() as PaymentMethod).last4).toBe(number.slice(-4));
    }
  });

  it('writes an audit row for every change, with no more than the last 4 digits', async () => {
    const rows = await t.db.kysely.selectFrom('payout_audit_events').selectAll().where('subject_user_id', '=', alice.user.id).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual([
      'payment_method.created',
      'payment_method.created',
      'payment_method.created',
      'payment_method.made_default',
      'payment_method.deleted',
    ]);
    expect(rows.every((r) => r.actor_id === alice.user.id)).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(BANK);
    expect(text).not.toContain(CARD);
    expect(JSON.parse(rows[1]!.detail)).toEqual({ method: 'Visa ending 1111', isDefault: true });
  });
});

describe('the payment data key file', () => {
  it('is created in DATA_DIR on first start when PAYMENT_DATA_KEY is unset, and the app encrypts with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-payout-key-'));
    const t = await createTestApp('sqlite', { dataDir });
    try {
      const file = path.join(dataDir, KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const user = await registerUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/payment-methods', headers: { cookie: user.cookie }, payload: card() });
      expect(res.statusCode).toBe(201);
      const row = await t.db.kysely.selectFrom('payment_methods').selectAll().executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(CARD);
      const cipher = createPaymentDataCipher(loadPaymentKeys({ dataDir }));
      expect(JSON.parse(cipher.decrypt(row.secret, user.user.id))).toEqual({ number: CARD });
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('the earnings ledger on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const mine = async (cookie: string) => ledgerSchema.parse((await t.app.inject({ url: '/api/payouts/ledger', headers: { cookie } })).json());
  const earning = (extra: Record<string, unknown> = {}) => ({ amountMinor: 12_345, currency: 'USD', source: 'DistroKid', period: '2026-09', note: 'Streams', ...extra });

  it('starts at nothing: no balance is shown that the ledger does not hold', async () => {
    expect(await mine(alice.cookie)).toEqual({ balances: [], entries: [] });
  });

  it('adds earnings in integer minor units, per currency, and only for that artist', async () => {
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/earnings`, earning())).statusCode).toBe(201);
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/earnings`, earning({ amountMinor: 1, source: 'Spotify' }))).statusCode).toBe(201);
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/earnings`, earning({ amountMinor: 500, currency: 'jpy' }))).statusCode).toBe(201);
    const ledger = await mine(alice.cookie);
    expect(ledger.balances).toEqual([
      { currency: 'JPY', earnedMinor: 500, paidMinor: 0, pendingMinor: 0, balanceMinor: 500 },
      { currency: 'USD', earnedMinor: 12_346, paidMinor: 0, pendingMinor: 0, balanceMinor: 12_346 },
    ]);
    expect(ledger.entries[0]).toMatchObject({ kind: 'earning', amountMinor: 500, currency: 'JPY', status: 'recorded' });
    expect(await mine(bob.cookie)).toEqual({ balances: [], entries: [] });
  });

  it('refuses fractional, negative and zero amounts, bad currencies and periods', async () => {
    for (const bad of [earning({ amountMinor: 12.5 }), earning({ amountMinor: -1 }), earning({ amountMinor: 0 }), earning({ currency: 'XXXX' }), earning({ period: '2026-13' })]) {
      expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/earnings`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(admin.cookie, `/api/admin/users/999999/earnings`, earning())).statusCode).toBe(404);
    expect((await post(alice.cookie, `/api/admin/users/${alice.user.id}/earnings`, earning())).statusCode).toBe(403);
  });

  it('imports a good statement whole, amounts to the cent without floating point', async () => {
    const csv = 'Period,Source,Amount,Currency,Note\n2026-10,Apple Music,"1,000.10",USD,October\n2026-10,Spotify,0.20,usd,\n2026-10,Tidal,0.07,USD,"has, a comma"\n';
    const res = await post(admin.cookie, `/api/admin/users/${bob.user.id}/earnings/import`, { csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 3, totals: [{ currency: 'USD', amountMinor: 100_037 }] });
    const ledger = await mine(bob.cookie);
    // 1000.10 + 0.20 + 0.07 is 1000.3699999999999 in floating point; the ledger says 1000.37.
    expect(ledger.balances).toEqual([{ currency: 'USD', earnedMinor: 100_037, paidMinor: 0, pendingMinor: 0, balanceMinor: 100_037 }]);
    expect(ledger.entries.map((e) => e.note)).toContain('has, a comma');
  });

  it('refuses a statement with any bad row, reporting every error by line, and saves nothing', async () => {
    const before = await mine(bob.cookie);
    const csv = [
      'period,source,amount,currency',
      '2026-11,Spotify,10.00,USD',
      '2026-11,Spotify,10.005,USD',
      '2026-13,,abc,USD',
      '2026-11,Deezer,5,ZZZ',
      '2026-11,Tidal,-3.00,USD',
    ].join('\r\n');
    const res = await post(admin.cookie, `/api/admin/users/${bob.user.id}/earnings/import`, { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { line: number; message: string }[] };
    expect(body.message).toMatch(/nothing was imported/);
    expect(body.errors.map((e) => e.line)).toEqual([3, 4, 4, 5, 6]);
    expect(body.errors[0]!.message).toMatch(/more than 2 decimal places/);
    expect(body.errors.find((e) => e.line === 4 && /Period/.test(e.message))).toBeDefined();
    expect(body.errors.find((e) => e.line === 5)!.message).toMatch(/Currency/);
    expect(body.errors.find((e) => e.line === 6)!.message).toMatch(/more than zero/);
    expect(await mine(bob.cookie)).toEqual(before);

    for (const [broken, line, message] of [
      ['period,amount,currency\n2026-11,1,USD', 1, /source/],
      ['period,source,amount,currency,extra\n2026-11,a,1,USD,x', 1, /Unknown column/],
      ['period,source,amount,currency\n2026-11,a,1', 2, /^This line has 3 fields; the header has 4 columns$/],
      ['period,source,amount,currency\n"2026-11,a,1,USD', 2, /never closed/],
      ['period,source,amount,currency\n', 1, /no rows/],
    ] as const) {
      const r = await post(admin.cookie, `/api/admin/users/${bob.user.id}/earnings/import`, { csv: broken });
      expect(r.statusCode, broken).toBe(400);
      const e = (r.json() as { errors: { line: number; message: string }[] }).errors[0]!;
      expect(e.line, broken).toBe(line);
      expect(e.message, broken).toMatch(message);
    }
    expect(await mine(bob.cookie)).toEqual(before);
  });

  it('lists every bad line of a statement, lines of the wrong length among them, with its number and reason', async () => {
    const before = await mine(bob.cookie);
    const csv = [
      'period,source,amount,currency,note',
      '2026-11,Spotify,10.00,USD,',
      '2026-11,Tidal,2.00,USD',
      '2026-11,Apple Music,1.234,USD,',
      '2026-11,Deezer,5.00,USD,,extra',
      '2026-11,Amazon,3.00,USD,ok',
      'not a month,YouTube,1.00,USD,',
      '2026-11,Pandora',
    ].join('\n');
    const res = await post(admin.cookie, `/api/admin/users/${bob.user.id}/earnings/import`, { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { line: number; message: string }[] };
    expect(body.message).toBe('The statement has 5 errors; nothing was imported.');
    expect(body.errors).toEqual([
      { line: 3, message: 'This line has 4 fields; the header has 5 columns' },
      { line: 4, message: 'Amount 1.234 has more than 2 decimal places for USD' },
      { line: 5, message: 'This line has 6 fields; the header has 5 columns' },
      { line: 7, message: 'Period must be a month as YYYY-MM' },
      { line: 8, message: 'This line has 2 fields; the header has 5 columns' },
    ]);
    expect(await mine(bob.cookie)).toEqual(before);
  });

  it('records payouts to the default method, never beyond the balance, and marks them paid', async () => {
    // No payout method yet: nothing to pay to.
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/payouts`, { amountMinor: 100, currency: 'USD' })).statusCode).toBe(409);
    expect((await post(alice.cookie, '/api/payment-methods', bank())).statusCode).toBe(201);

    const over = await post(admin.cookie, `/api/admin/users/${alice.user.id}/payouts`, { amountMinor: 12_347, currency: 'USD' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/\$123\.46/);

    const payout = await post(admin.cookie, `/api/admin/users/${alice.user.id}/payouts`, { amountMinor: 10_000, currency: 'USD', note: 'September' });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json()).toMatchObject({ kind: 'payout', status: 'pending', paidTo: 'Checking account ending 6789', amountMinor: 10_000 });
    expect(payout.body).not.toContain(BANK);
    let ledger = await mine(alice.cookie);
    expect(ledger.balances.find((b) => b.currency === 'USD')).toEqual({ currency: 'USD', earnedMinor: 12_346, paidMinor: 0, pendingMinor: 10_000, balanceMinor: 2_346 });

    const paid = await post(admin.cookie, `/api/admin/payouts/${payout.json().id}/paid`, {});
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect((await post(admin.cookie, `/api/admin/payouts/${payout.json().id}/paid`, {})).statusCode).toBe(409);
    const anEarning = ledger.entries.find((e) => e.kind === 'earning')!;
    expect((await post(admin.cookie, `/api/admin/payouts/${anEarning.id}/paid`, {})).statusCode).toBe(404);
    ledger = await mine(alice.cookie);
    expect(ledger.balances.find((b) => b.currency === 'USD')).toEqual({ currency: 'USD', earnedMinor: 12_346, paidMinor: 10_000, pendingMinor: 0, balanceMinor: 2_346 });
    expect(ledger.entries[0]).toMatchObject({ kind: 'payout', status: 'paid', note: 'September' });

    // The rest, exactly: the balance reaches zero and no further.
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/payouts`, { amountMinor: 2_346, currency: 'USD' })).statusCode).toBe(201);
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/payouts`, { amountMinor: 1, currency: 'USD' })).statusCode).toBe(409);
    expect((await mine(alice.cookie)).balances.find((b) => b.currency === 'USD')!.balanceMinor).toBe(0);
  });

  it('shows the admin the artist, balances and default method by last 4 only', async () => {
    const res = await t.app.inject({ url: `/api/admin/users/${alice.user.id}/ledger`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const ledger = adminLedgerSchema.parse(res.json());
    expect(ledger.user).toEqual({ id: alice.user.id, username: alice.username });
    expect(ledger.defaultMethod).toBe('Checking account ending 6789');
    expect(res.body).not.toContain(BANK);
  });

  it("writes a month's statement: that month's earnings and payouts, totals, and a CSV safe to open in a spreadsheet", async () => {
    const month = new Date().toISOString().slice(0, 7);
    expect((await post(admin.cookie, `/api/admin/users/${alice.user.id}/earnings`, earning({ amountMinor: 999, period: month, note: '=HYPERLINK("x")' }))).statusCode).toBe(201);
    const res = await t.app.inject({ url: `/api/payouts/statement?period=${month}`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    const statement = statementSchema.parse(res.json());
    expect(statement.artist).toBe(alice.username);
    // This month: the new earning and the three payouts made today; September's earnings are not in it.
    expect(statement.entries.map((e) => e.kind)).toEqual(['payout', 'payout', 'earning']);
    // Paid and pending apart, as on the Payouts page: the 100.00 payout was marked paid, the 23.46 is pending.
    expect(statement.totals).toEqual([{ currency: 'USD', earnedMinor: 999, paidMinor: 10_000, pendingMinor: 2_346, balanceMinor: 999 - 12_346 }]);
    expect(statement.balances.find((b) => b.currency === 'USD')!.balanceMinor).toBe(999);
    const september = statementSchema.parse((await t.app.inject({ url: '/api/payouts/statement?period=2026-09', headers: { cookie: alice.cookie } })).json());
    expect(september.entries.filter((e) => e.currency === 'USD').map((e) => e.amountMinor)).toEqual([12_345, 1]);

    const csv = await t.app.inject({ url: `/api/payouts/statement.csv?period=${month}`, headers: { cookie: alice.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,source,period,description,amount,currency,status');
    expect(lines).toContain(`${new Date().toISOString().slice(0, 10)},earning,DistroKid,${month},"'=HYPERLINK(""x"")",9.99,USD,recorded`);
    // Payouts are signed negative, and so are the totals paid out and pending: the rows add up to the net.
    expect(lines).toContain(`${new Date().toISOString().slice(0, 10)},payout,,,Payout to Checking account ending 6789 (September),-100.00,USD,paid`);
    expect(lines.slice(-4)).toEqual([
      `,total earned,,${month},,9.99,USD,`,
      `,total paid out,,${month},,-100.00,USD,paid`,
      `,total pending,,${month},,-23.46,USD,pending`,
      `,net,,${month},,-113.47,USD,`,
    ]);
    expect(csv.body).not.toContain(BANK);
    expect((await t.app.inject({ url: '/api/payouts/statement?period=2026-13', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
    // Bob's statement for the same month holds none of Alice's entries.
    expect(statementSchema.parse((await t.app.inject({ url: `/api/payouts/statement?period=${month}`, headers: { cookie: bob.cookie } })).json()).entries).toEqual([]);
  });

  it('audits every ledger change: who, what and when', async () => {
    const rows = await t.db.kysely.selectFrom('payout_audit_events').selectAll().where('entity', '=', 'ledger_entry').orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual([
      'ledger.earning_recorded',
      'ledger.earning_recorded',
      'ledger.earning_recorded',
      'ledger.statement_imported',
      'ledger.payout_recorded',
      'ledger.payout_paid',
      'ledger.payout_recorded',
      'ledger.earning_recorded',
    ]);
    expect(rows.every((r) => r.actor_id === admin.user.id && r.created_at)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(BANK);
  });

  it("puts every earning, import, payout and mark-paid in the admin Audit log: who, what, amount, artist, when", async () => {
    const res = await t.app.inject({ url: '/api/admin/audit?limit=50', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const items = auditPageSchema.parse(res.json()).items.filter((e) => e.action.startsWith('ledger-')).reverse();
    expect(items.map((e) => [e.action, e.subject, e.amountMinor, e.currency, e.rowCount])).toEqual([
      ['ledger-earning', alice.username, 12_345, 'USD', null],
      ['ledger-earning', alice.username, 1, 'USD', null],
      ['ledger-earning', alice.username, 500, 'JPY', null],
      ['ledger-import', bob.username, 100_037, 'USD', 3],
      ['ledger-payout', alice.username, 10_000, 'USD', null],
      ['ledger-paid', alice.username, 10_000, 'USD', null],
      ['ledger-payout', alice.username, 2_346, 'USD', null],
      ['ledger-earning', alice.username, 999, 'USD', null],
    ]);
    expect(items.every((e) => e.actor === admin.username && !Number.isNaN(Date.parse(e.createdAt)))).toBe(true);
    expect(items[0]!.detail).toBe('DistroKid · 2026-09');
    expect(items[3]!.detail).toBe('Statement for 2026-10');
    expect(items[4]!.detail).toBe('to Checking account ending 6789');
    expect(res.body).not.toContain(BANK);
  });

  it('corrects an entry only by a reversing entry that names it and why; the original stays, both show, once', async () => {
    const url = (id: number) => `/api/admin/ledger/${id}/reverse`;
    const before = await mine(alice.cookie);
    const spotify = before.entries.find((e) => e.source === 'Spotify')!;
    // No route edits or deletes an entry.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/ledger/${spotify.id}`, headers: { cookie: admin.cookie }, payload: { amountMinor: 2 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/ledger/${spotify.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);

    expect((await post(admin.cookie, url(spotify.id), { reason: '  ' })).json()).toMatchObject({ fieldErrors: { reason: ['Reason is required'] } });
    expect((await post(alice.cookie, url(spotify.id), { reason: 'mine' })).statusCode).toBe(403);
    expect((await post(admin.cookie, url(999_999), { reason: 'nothing' })).statusCode).toBe(404);

    const res = await post(admin.cookie, url(spotify.id), { reason: 'Reported twice by the distributor' });
    expect(res.statusCode, res.body).toBe(201);
    const reversal = res.json() as { id: number };
    expect(res.json()).toMatchObject({ kind: 'earning', amountMinor: -1, currency: 'USD', source: 'Spotify', period: '2026-09', reversesId: spotify.id, reason: 'Reported twice by the distributor' });

    const after = await mine(alice.cookie);
    expect(after.entries).toHaveLength(before.entries.length + 1);
    // The original is as it was, now naming its reversal.
    expect(after.entries.find((e) => e.id === spotify.id)).toEqual({ ...spotify, reversedById: reversal.id });
    expect(after.balances.find((b) => b.currency === 'USD')!.earnedMinor).toBe(before.balances.find((b) => b.currency === 'USD')!.earnedMinor - 1);
    // The September statement shows both.
    const september = statementSchema.parse((await t.app.inject({ url: '/api/payouts/statement?period=2026-09', headers: { cookie: alice.cookie } })).json());
    expect(september.entries.filter((e) => e.source === 'Spotify').map((e) => [e.amountMinor, e.reversesId, e.reversedById])).toEqual([
      [1, null, reversal.id],
      [-1, spotify.id, null],
    ]);

    // Once only, and a correction is not itself corrected.
    expect((await post(admin.cookie, url(spotify.id), { reason: 'again' })).statusCode).toBe(409);
    const twice = await post(admin.cookie, url(reversal.id), { reason: 'undo' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/itself a correction/);

    // The Audit log has it, with the signed amount and the reason.
    const audit = auditPageSchema.parse((await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } })).json()).items[0]!;
    expect(audit).toMatchObject({ action: 'ledger-reversal', actor: admin.username, subject: alice.username, amountMinor: -1, currency: 'USD' });
    expect(audit.detail).toMatch(/Reported twice by the distributor/);
  });

  it('is refused an edit by the database itself: what an entry says cannot change', async () => {
    const entry = (await mine(alice.cookie)).entries.find((e) => e.kind === 'earning')!;
    for (const change of [{ amount_minor: 1 }, { currency: 'EUR' }, { source: 'Edited' }, { note: 'edited' }, { reason: 'sneaky' }] as const) {
      await expect(t.db.kysely.updateTable('ledger_entries').set(change).where('id', '=', entry.id).execute(), JSON.stringify(change)).rejects.toThrow(/never edited/);
    }
    expect((await mine(alice.cookie)).entries.find((e) => e.id === entry.id)).toEqual(entry);
  });

  it('reverses the same entry from two admins at once exactly once', async () => {
    const entry = (await post(admin.cookie, `/api/admin/users/${bob.user.id}/earnings`, earning({ amountMinor: 700 }))).json() as { id: number };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(admin.cookie, `/api/admin/ledger/${entry.id}/reverse`, { reason: 'duplicate' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await mine(bob.cookie)).entries.filter((e) => e.reversesId === entry.id)).toHaveLength(1);
  });
});

describe.each(dialects)('the Payouts page and the statement agree, to the cent, in every state of a payout, on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let artist: User;
  const month = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await registerUser(t.app);
    artist = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const payout = async (amountMinor: number) => ((await post(admin.cookie, `/api/admin/users/${artist.user.id}/payouts`, { amountMinor, currency: 'USD' })).json() as { id: number }).id;

  /** The page's figures, the statement's balance today and its month's totals, and the CSV's signed totals. */
  async function agree(expected: { earnedMinor: number; paidMinor: number; pendingMinor: number }) {
    const page = ledgerSchema.parse((await t.app.inject({ url: '/api/payouts/ledger', headers: { cookie: artist.cookie } })).json());
    const statement = statementSchema.parse((await t.app.inject({ url: `/api/payouts/statement?period=${month}`, headers: { cookie: artist.cookie } })).json());
    const balance = { currency: 'USD', ...expected, balanceMinor: expected.earnedMinor - expected.paidMinor - expected.pendingMinor };
    expect(page.balances).toEqual([balance]);
    expect(statement.balances).toEqual([balance]);
    // Everything here happened this month, so the month's totals are the whole ledger.
    expect(statement.totals).toEqual([balance]);
    const csv = (await t.app.inject({ url: `/api/payouts/statement.csv?period=${month}`, headers: { cookie: artist.cookie } })).body.trim().split('\r\n');
    const cents = (row: string) => Math.round(Number(row.split(',')[5]) * 100) || 0;
    const rows = csv.slice(1, -4);
    expect(rows.reduce((sum, r) => sum + cents(r), 0)).toBe(balance.balanceMinor);
    expect(csv.slice(-4).map(cents)).toEqual([balance.earnedMinor, -balance.paidMinor || 0, -balance.pendingMinor || 0, balance.balanceMinor]);
    // Every payout row is negative; every reversal of one is positive.
    for (const r of rows.filter((r) => r.split(',')[1] === 'payout')) expect(cents(r)).toBeLessThan(0);
    for (const r of rows.filter((r) => r.split(',')[1] === 'payout reversal')) expect(cents(r)).toBeGreaterThan(0);
  }

  it('pending, paid, a pending one reversed, a paid one reversed', async () => {
    expect((await post(artist.cookie, '/api/payment-methods', bank())).statusCode).toBe(201);
    expect((await post(admin.cookie, `/api/admin/users/${artist.user.id}/earnings`, { amountMinor: 123_456, currency: 'USD', source: 'DistroKid', period: month })).statusCode).toBe(201);
    await agree({ earnedMinor: 123_456, paidMinor: 0, pendingMinor: 0 });

    const first = await payout(10_001);
    await agree({ earnedMinor: 123_456, paidMinor: 0, pendingMinor: 10_001 });
    expect((await post(admin.cookie, `/api/admin/payouts/${first}/paid`, {})).statusCode).toBe(200);
    await agree({ earnedMinor: 123_456, paidMinor: 10_001, pendingMinor: 0 });

    // A pending payout reversed (never sent): no longer pending, and it can no longer be marked paid.
    const second = await payout(2_002);
    await agree({ earnedMinor: 123_456, paidMinor: 10_001, pendingMinor: 2_002 });
    expect((await post(admin.cookie, `/api/admin/ledger/${second}/reverse`, { reason: 'Sent to the wrong account' })).statusCode).toBe(201);
    await agree({ earnedMinor: 123_456, paidMinor: 10_001, pendingMinor: 0 });
    const refused = await post(admin.cookie, `/api/admin/payouts/${second}/paid`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/reversed/);

    // A paid payout reversed (it bounced): the money is owed again.
    expect((await post(admin.cookie, `/api/admin/ledger/${first}/reverse`, { reason: 'Bounced by the bank' })).statusCode).toBe(201);
    await agree({ earnedMinor: 123_456, paidMinor: 0, pendingMinor: 0 });
    // And the balance it freed can be paid out again.
    const third = await payout(123_456);
    await agree({ earnedMinor: 123_456, paidMinor: 0, pendingMinor: 123_456 });
    expect((await post(admin.cookie, `/api/admin/payouts/${third}/paid`, {})).statusCode).toBe(200);
    await agree({ earnedMinor: 123_456, paidMinor: 123_456, pendingMinor: 0 });
  });
});

describe.each(dialects)('payouts at the same instant on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let carol: User;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await registerUser(t.app);
    carol = await registerUser(t.app);
  });
  afterAll(async () => t?.close());

  it('never pay out more than the balance, however many arrive together', async () => {
    const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect((await post(carol.cookie, '/api/payment-methods', bank())).statusCode).toBe(201);
    expect((await post(admin.cookie, `/api/admin/users/${carol.user.id}/earnings`, { amountMinor: 1_000, currency: 'USD', source: 'DistroKid', period: '2026-09' })).statusCode).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(admin.cookie, `/api/admin/users/${carol.user.id}/payouts`, { amountMinor: 1_000, currency: 'USD' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const ledger = ledgerSchema.parse((await t.app.inject({ url: '/api/payouts/ledger', headers: { cookie: carol.cookie } })).json());
    expect(ledger.balances).toEqual([{ currency: 'USD', earnedMinor: 1_000, paidMinor: 0, pendingMinor: 1_000, balanceMinor: 0 }]);
  });
});
