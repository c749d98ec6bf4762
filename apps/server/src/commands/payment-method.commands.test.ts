import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers';
import { createRepositories, createUnitOfWork, type UnitOfWork } from '../repositories/index';
import { createPaymentDataCipher, keyId } from '../crypto/payment-data';
import type { Actor } from '../policies/index';
import { createPaymentMethodCommand } from './create-payment-method.command';
import { setDefaultPaymentMethodCommand } from './set-default-payment-method.command';
import { deletePaymentMethodCommand } from './delete-payment-method.command';

const key = crypto.randomBytes(32);
const cipher = createPaymentDataCipher({ current: { id: keyId(key), key } });
const bank = (last4: string, isDefault = false) => ({
  type: 'bank_account' as const,
  accountName: 'Lil Test',
  bankName: 'First Bank',
  accountNumber: `00012${last4}`,
  routingNumber: '021000021',
  accountType: 'checking' as const,
  isDefault,
});

/**
 * Each payout-method command is one transaction (ADR 051): its last step (the audit row) failing,
 * as a lost connection would, leaves every row as it was before the command began.
 */
describe.each(dialects)('payout-method commands hold together on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const uow = (): UnitOfWork => createUnitOfWork(database.db.kysely);
  /** A unit of work whose audit write (every payout command's last step) fails. */
  const failingAtAudit = (): UnitOfWork => ({
    run: (work) =>
      uow().run((r) =>
        work({ ...r, payoutAudit: { ...r.payoutAudit, record: () => Promise.reject(new Error('connection lost')) } }),
      ),
  });

  async function artist(): Promise<Actor> {
    const user = await createRepositories(database.db.kysely).users.insert({
      username: `u${crypto.randomBytes(5).toString('hex')}`,
      email: `${crypto.randomBytes(5).toString('hex')}@example.com`,
      phone_number: null,
      password_hash: 'x',
      is_admin: 0,
      is_premium: 0,
    });
    return { id: user.id, isAdmin: false, plan: 'free' };
  }
  /** What a payout command may change: the artist's methods (which is default) and audit rows. */
  const state = async (userId: number) => ({
    methods: (await database.db.kysely.selectFrom('payment_methods').select(['id', 'last4', 'is_default']).where('user_id', '=', userId).orderBy('id').execute()).map(
      (m) => ({ ...m, is_default: Boolean(m.is_default) }),
    ),
    audit: (await createRepositories(database.db.kysely).payoutAudit.listForSubject(userId)).length,
  });

  it('adding a method writes the row, moves the default and records it together', async () => {
    const actor = await artist();
    const first = await createPaymentMethodCommand({ actor, input: bank('1111') }, { uow: uow(), cipher });
    const second = await createPaymentMethodCommand({ actor, input: bank('2222', true) }, { uow: uow(), cipher });
    expect(await state(actor.id)).toEqual({
      methods: [
        { id: first.id, last4: '1111', is_default: false },
        { id: second.id, last4: '2222', is_default: true },
      ],
      audit: 2,
    });
  });

  it('adding a default method whose audit row fails leaves no row and the old default', async () => {
    const actor = await artist();
    await createPaymentMethodCommand({ actor, input: bank('1111') }, { uow: uow(), cipher });
    const before = await state(actor.id);
    await expect(createPaymentMethodCommand({ actor, input: bank('3333', true) }, { uow: failingAtAudit(), cipher })).rejects.toThrow('connection lost');
    expect(await state(actor.id)).toEqual(before);
    expect(before.methods).toEqual([expect.objectContaining({ last4: '1111', is_default: true })]);
  });

  it('making a method the default whose audit row fails keeps the old default', async () => {
    const actor = await artist();
    await createPaymentMethodCommand({ actor, input: bank('1111') }, { uow: uow(), cipher });
    const other = await createPaymentMethodCommand({ actor, input: bank('2222') }, { uow: uow(), cipher });
    const before = await state(actor.id);
    await expect(setDefaultPaymentMethodCommand({ actor, id: other.id }, { uow: failingAtAudit() })).rejects.toThrow('connection lost');
    expect(await state(actor.id)).toEqual(before);
    await setDefaultPaymentMethodCommand({ actor, id: other.id }, { uow: uow() });
    expect((await state(actor.id)).methods.find((m) => m.is_default)?.id).toBe(other.id);
  });

  it('deleting the default whose audit row fails keeps the method and the default', async () => {
    const actor = await artist();
    const first = await createPaymentMethodCommand({ actor, input: bank('1111') }, { uow: uow(), cipher });
    await createPaymentMethodCommand({ actor, input: bank('2222') }, { uow: uow(), cipher });
    const before = await state(actor.id);
    await expect(deletePaymentMethodCommand({ actor, id: first.id }, { uow: failingAtAudit() })).rejects.toThrow('connection lost');
    expect(await state(actor.id)).toEqual(before);
    await deletePaymentMethodCommand({ actor, id: first.id }, { uow: uow() });
    expect((await state(actor.id)).methods).toEqual([expect.objectContaining({ last4: '2222', is_default: true })]);
  });

  it('authorizes under the lock: another artist’s method is 404 and nothing changes', async () => {
    const owner = await artist();
    const stranger = await artist();
    const method = await createPaymentMethodCommand({ actor: owner, input: bank('1111') }, { uow: uow(), cipher });
    const before = await state(owner.id);
    await expect(deletePaymentMethodCommand({ actor: stranger, id: method.id }, { uow: uow() })).rejects.toMatchObject({ statusCode: 404 });
    expect(await state(owner.id)).toEqual(before);
  });
});
