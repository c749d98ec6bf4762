import type { CheckoutMode } from '@members-only/shared/membership';

/** A subscription as the membership rules see it. */
export interface SubscriptionState {
  id: string;
  customerId: string | null;
  /** `incomplete`: created, its first payment not made yet (it grants nothing). */
  status: 'active' | 'past_due' | 'canceling' | 'expired' | 'incomplete';
  /** Ended for good (canceled, or its first payment never came): nothing changes it again. */
  final: boolean;
  /** When the paid period ends (renews, or ends for good when canceling or expired), ISO. */
  periodEnd: string | null;
  /** The membership row the checkout created, from the subscription's metadata. */
  membershipId: number | null;
}

/** A checkout's own facts, as its events carry them. */
export interface CheckoutFacts {
  checkoutSessionId: string;
  membershipId: number | null;
  subscriptionId: string | null;
  customerId: string | null;
  email: string | null;
  /** Stripe's payment_status: `unpaid` while a delayed payment method (a bank debit) settles. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
}

/** Provider events, reduced to what the membership needs. `created` is the provider's time in seconds. */
export type PaymentEvent = { id: string; created: number } & (
  | ({ type: 'checkout.completed' | 'checkout.async_succeeded' | 'checkout.async_failed' } & CheckoutFacts)
  | { type: 'checkout.expired'; checkoutSessionId: string; membershipId: number | null }
  | { type: 'subscription.changed'; subscription: SubscriptionState }
  | { type: 'ignored'; name: string }
);

export interface CheckoutRequest {
  mode: CheckoutMode;
  /** Our membership row, sent as the checkout's reference and the subscription's metadata. */
  membershipId: number;
  userId: number | null;
  customerEmail: string | null;
  /** Absolute addresses of this app, for the provider's redirects. */
  origin: string;
  /**
   * How long the checkout accepts payment, counted from each attempt to create it (a retry
   * included), in seconds; kept inside the provider's window (30 minutes to 24 hours).
   */
  expiresInSeconds: number;
}

export interface PaymentProvider {
  readonly engine: string;
  readonly publishableKey: string | null;
  /** `expiresAt` is the provider's own expiry of the session it made (seconds). */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; clientSecret?: string; url?: string; expiresAt: number }>;
  getSubscription(id: string): Promise<SubscriptionState>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  billingPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body; throws InvalidSignature when it does not hold. */
  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class InvalidSignature extends Error {}
