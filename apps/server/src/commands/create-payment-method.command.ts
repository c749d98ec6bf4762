import { detectCardType, lastFour, PAYOUT_MESSAGES, type CreatePaymentMethod } from '@members-only/shared/payouts';
import type { UnitOfWork } from '../repositories/index';
import type { PaymentMethodRow } from '../db/types';
import type { PaymentDataCipher } from '../crypto/payment-data';
import type { Actor } from '../policies/index';
import { describeRow, sameMethod, type PaymentSecret } from '../domain/payment-methods';
import { conflict } from '../errors';

/**
 * Adds a payout method in one transaction: under the artist's lock, refuses a copy of one they
 * have (409), takes the default from the old one when it becomes the default (a first method
 * always does), inserts the encrypted row and writes its audit row. Any step failing leaves the
 * old default and no new row.
 */
export async function createPaymentMethodCommand(
  { actor, input }: { actor: Actor; input: CreatePaymentMethod },
  deps: { uow: UnitOfWork; cipher: Pick<PaymentDataCipher, 'encrypt' | 'keyId'> },
): Promise<PaymentMethodRow> {
  const { uow, cipher } = deps;
  const secret: PaymentSecret = { number: input.accountNumber, ...(input.routingNumber ? { routingNumber: input.routingNumber } : {}) };
  const encrypted = cipher.encrypt(JSON.stringify(secret), actor.id);
  const card = input.type === 'card';
  return uow.run(async (r) => {
    await r.paymentMethods.lockUser(actor.id);
    const candidate = {
      type: input.type,
      last4: lastFour(input.accountNumber),
      account_name: input.accountName,
      bank_name: input.bankName,
      card_type: card ? (input.cardType ?? detectCardType(input.accountNumber)) : null,
      account_type: card ? null : (input.accountType ?? null),
    };
    // Checked under the artist's lock, so two saves of the same card at once add it once.
    if ((await r.paymentMethods.listForUser(actor.id)).some((m) => sameMethod(m, candidate))) throw conflict(PAYOUT_MESSAGES.duplicate);
    const first = (await r.paymentMethods.countForUser(actor.id)) === 0;
    const isDefault = input.isDefault || first;
    if (isDefault) await r.paymentMethods.clearDefault(actor.id);
    const row = await r.paymentMethods.insert({
      user_id: actor.id,
      type: input.type,
      account_type: candidate.account_type,
      account_name: input.accountName,
      bank_name: input.bankName,
      last4: candidate.last4,
      secret: encrypted,
      key_id: cipher.keyId,
      expiry_date: card ? (input.expiryDate ?? null) : null,
      card_type: candidate.card_type,
      is_default: isDefault,
    });
    await r.payoutAudit.record({
      actorId: actor.id,
      subjectUserId: actor.id,
      action: 'payment_method.created',
      entity: 'payment_method',
      entityId: row.id,
      detail: { method: describeRow(row), isDefault },
    });
    return row;
  });
}
