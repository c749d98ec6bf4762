import type { CheckoutMode } from '@members-only/shared/membership';

/** A subscription as the membership rules see it. */
export interface SubscriptionState {
  id: string;
  customerId: string | null;
  status: 'active' | 'past_due' | 'canceling' | 'expired' | 'incomplete';
  /** When the paid period ends (renews, or ends for good when canceling or expired), ISO. */
  periodEnd: string | null;
  /** The membership row the checkout created, from the subscription's metadata. */
  membershipId: number | null;
}

/** Provider events, reduced to what the membership needs. `created` is the provider's time in seconds. */
export type PaymentEvent = { id: string; created: number } & (
  | {
      type: 'checkout.completed';
      checkoutSessionId: string;
      membershipId: number | null;
      subscriptionId: string | null;
      customerId: string | null;
      email: string | null;
    }
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
  /** When the checkout stops accepting payment (and its seat hold ends), in seconds. */
  expiresAt: number;
}

export interface PaymentProvider {
  readonly engine: string;
  readonly publishableKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; clientSecret?: string; url?: string }>;
  getSubscription(id: string): Promise<SubscriptionState>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  billingPortal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body; throws InvalidSignature when it does not hold. */
  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class InvalidSignature extends Error {}
