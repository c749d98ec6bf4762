import type { UnitOfWork } from '../repositories/index';
import type { PaymentMethodRow } from '../db/types';
import { authorize, type Actor } from '../policies/index';
import { describeRow } from '../domain/payment-methods';

/**
 * Makes a payout method the owner's default in one transaction: under the artist's lock, clears
 * the old default, sets the new one and writes the audit row; a failure leaves the old default.
 */
export async function setDefaultPaymentMethodCommand({ actor, id }: { actor: Actor; id: number }, deps: { uow: UnitOfWork }): Promise<PaymentMethodRow> {
  return deps.uow.run(async (r) => {
    await r.paymentMethods.lockUser(actor.id);
    // Read under the lock: a method deleted a moment ago is 404, not a default of nothing.
    const method = authorize(actor, 'update', 'paymentMethod', await r.paymentMethods.findById(id));
    await r.paymentMethods.clearDefault(method.user_id);
    await r.paymentMethods.setDefault(method.id);
    await r.payoutAudit.record({
      actorId: actor.id,
      subjectUserId: method.user_id,
      action: 'payment_method.made_default',
      entity: 'payment_method',
      entityId: method.id,
      detail: { method: describeRow(method) },
    });
    return { ...method, is_default: 1 };
  });
}
