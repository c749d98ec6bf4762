// Facts about payout methods that services and commands both need: how one is described, and
// when two are the same account or card (ADR 051: commands do not import services).
import { describePaymentMethod, type PaymentMethodType, type CardType, type AccountType } from '@members-only/shared/payouts';
import type { PaymentMethodRow } from '../db/types';

/** What the encrypted `secret` holds. */
export interface PaymentSecret {
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

