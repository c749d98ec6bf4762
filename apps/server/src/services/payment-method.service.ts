import { describePaymentMethod, lastFour, PAYOUT_MESSAGES, type CreatePaymentMethod, type PaymentMethodType, type CardType, type AccountType, detectCardType } from '@members-only/shared/payouts';
import type { PaymentMethodRepository } from '../repositories/payment-method.repository';
import type { UnitOfWork } from '../repositories/index';
import type { PaymentMethodRow } from '../db/types';
import type { PaymentDataCipher } from '../crypto/payment-data';
import { authorize, type Actor } from '../policies/index';
import { conflict } from '../errors';

/** What the encrypted `secret` holds. */
interface PaymentSecret {
  number: string;
  routingNumber?: string;
}

export const describeRow = (row: Pick<PaymentMethodRow, 'type' | 'last4' | 'card_type' | 'account_type'>) =>
  describePaymentMethod({
    type: row.type as PaymentMethodType,
    last4: row.last4,
    cardType: row.card_type as CardType | null,
    accountType: row.account_type as AccountType | null,
  });

/** Names compared as a person reads them: case, accents' forms and spacing aside. */
const sameName = (a: string, b: string) => a.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en') === b.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The same bank account or card, as far as the clear columns tell: same type and last 4, same
 * holder, and the same bank and account type (checking or savings) for accounts, or the same brand
 * for cards. A second copy would make two defaults of
 * one account possible and double the places a payout could go.
 */
type MethodIdentity = Pick<PaymentMethodRow, 'type' | 'last4' | 'account_name' | 'bank_name' | 'card_type' | 'account_type'>;
export function sameMethod(row: MethodIdentity, next: MethodIdentity): boolean {
  if (row.type !== next.type || row.last4 !== next.last4 || !sameName(row.account_name, next.account_name)) return false;
  return row.type === 'card' ? row.card_type === next.card_type : row.account_type === next.account_type && sameName(row.bank_name, next.bank_name);
}

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

    async create(actor: Actor, input: CreatePaymentMethod): Promise<PaymentMethodRow> {
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
    },

    async setDefault(actor: Actor, id: number): Promise<PaymentMethodRow> {
      return uow.run(async (r) => {
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
    },

    async delete(actor: Actor, id: number): Promise<void> {
      await uow.run(async (r) => {
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
    },

    /** The full numbers, for paying out through a provider; nothing in the product shows them. */
    reveal(row: Pick<PaymentMethodRow, 'secret' | 'user_id'>): PaymentSecret {
      return JSON.parse(cipher.decrypt(row.secret, row.user_id)) as PaymentSecret;
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
