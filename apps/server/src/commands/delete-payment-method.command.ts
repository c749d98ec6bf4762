import type { UnitOfWork } from '../repositories/index';
import type { PaymentMethodRow } from '../db/types';
import { authorize, type Actor } from '../policies/index';
import { describeRow } from '../domain/payment-methods';

/**
 * Deletes a payout method in one transaction: under the artist's lock, removes it, passes the
 * default to the newest remaining method when it was the default, and writes the audit row; a
 * failure leaves the method and the default as they were.
 */
export async function deletePaymentMethodCommand({ actor, id }: { actor: Actor; id: number }, deps: { uow: UnitOfWork }): Promise<void> {
  await deps.uow.run(async (r) => {
    await r.paymentMethods.lockUser(actor.id);
    const method = authorize(actor, 'delete', 'paymentMethod', await r.paymentMethods.findById(id));
    await r.paymentMethods.delete(method.id);
    let newDefault: PaymentMethodRow | undefined;
    if (method.is_default) {
      newDefault = (await r.paymentMethods.listForUser(method.user_id))[0];
      if (newDefault) await r.paymentMethods.setDefault(newDefault.id);
    }
    await r.payoutAudit.record({
      actorId: actor.id,
      subjectUserId: method.user_id,
      action: 'payment_method.deleted',
      entity: 'payment_method',
      entityId: method.id,
      detail: { method: describeRow(method), ...(newDefault ? { newDefault: describeRow(newDefault) } : {}) },
    });
  });
}
