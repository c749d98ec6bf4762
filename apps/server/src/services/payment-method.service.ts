import type { CreatePaymentMethod } from '@members-only/shared/payouts';
import type { PaymentMethodRepository } from '../repositories/payment-method.repository';
import type { UnitOfWork } from '../repositories/index';
import type { PaymentMethodRow } from '../db/types';
import type { PaymentDataCipher } from '../crypto/payment-data';
import type { Actor } from '../policies/index';
import type { PaymentSecret } from '../domain/payment-methods';
import { createPaymentMethodCommand } from '../commands/create-payment-method.command';
import { setDefaultPaymentMethodCommand } from '../commands/set-default-payment-method.command';
import { deletePaymentMethodCommand } from '../commands/delete-payment-method.command';

export { describeRow, sameMethod } from '../domain/payment-methods';

/**
 * Payout methods (spec §2 'Payouts', §7; amendment B4). The full number is encrypted before it
 * reaches a repository; only the last 4 are kept in clear. Exactly one method per artist is the
 * default (when they have any): a new one becomes it unless the artist says otherwise, and
 * deleting the default passes it to the newest remaining method, each in one transaction with its
 * audit row.
 */
export function createPaymentMethodService(deps: { paymentMethods: PaymentMethodRepository; uow: UnitOfWork; cipher: PaymentDataCipher }) {
  const { paymentMethods, uow, cipher } = deps;

  return {
    list(actor: Actor): Promise<PaymentMethodRow[]> {
      return paymentMethods.listForUser(actor.id);
    },

    create(actor: Actor, input: CreatePaymentMethod): Promise<PaymentMethodRow> {
      return createPaymentMethodCommand({ actor, input }, { uow, cipher });
    },

    setDefault(actor: Actor, id: number): Promise<PaymentMethodRow> {
      return setDefaultPaymentMethodCommand({ actor, id }, { uow });
    },

    delete(actor: Actor, id: number): Promise<void> {
      return deletePaymentMethodCommand({ actor, id }, { uow });
    },

    /** The full numbers, for paying out through a provider; nothing in the product shows them. */
    reveal(row: Pick<PaymentMethodRow, 'secret' | 'user_id'>): PaymentSecret {
      return JSON.parse(cipher.decrypt(row.secret, row.user_id)) as PaymentSecret;
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
