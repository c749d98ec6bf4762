import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { InvalidSignature, type CheckoutFacts, type PaymentProvider, type SubscriptionState } from './types';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  priceId: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Longest wait for one answer (default 20 s). */
  timeoutMs?: number;
}

const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const membershipIdOf = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Stripe accepts a Checkout Session's expires_at from 30 minutes to 24 hours after the session is created. */
export const CHECKOUT_WINDOW = { minSeconds: 30 * 60, maxSeconds: 24 * 3600 } as const;
/** Room kept inside both ends of the window for the request's way there and a clock a little off. */
const WINDOW_MARGIN_SECONDS = 60;

/** An expiry `seconds` from `nowSeconds`, kept inside the window with a margin at each end. */
export function checkoutExpiry(nowSeconds: number, seconds: number): number {
  const lo = CHECKOUT_WINDOW.minSeconds + WINDOW_MARGIN_SECONDS;
  const hi = CHECKOUT_WINDOW.maxSeconds - WINDOW_MARGIN_SECONDS;
  return nowSeconds + Math.min(hi, Math.max(lo, Math.round(seconds)));
}

/**
 * A subscription's state for the membership. Since API version 2025-03-31 the period end lives on
 * the subscription's items; a subscription set to cancel later (at period end or a date) is
 * 'canceling' until the provider ends it.
 */
export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const itemEnd = Math.max(0, ...(sub.items?.data ?? []).map((item) => item.current_period_end ?? 0)) || null;
  const base = { id: sub.id, customerId: idOf(sub.customer), membershipId: membershipIdOf(sub.metadata?.membership_id), final: false };
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancel_at_period_end || sub.cancel_at
        ? { ...base, status: 'canceling', periodEnd: iso(sub.cancel_at ?? itemEnd) }
        : { ...base, status: 'active', periodEnd: iso(itemEnd) };
    case 'past_due':
      return { ...base, status: 'past_due', periodEnd: iso(itemEnd) };
    case 'incomplete':
      return { ...base, status: 'incomplete', periodEnd: null };
    case 'canceled':
    case 'incomplete_expired':
      // Terminal in Stripe: this subscription never comes back.
      return { ...base, status: 'expired', final: true, periodEnd: iso(sub.ended_at ?? sub.canceled_at ?? itemEnd) };
    default:
      // unpaid, paused: no paid access until Stripe says otherwise.
      return { ...base, status: 'expired', periodEnd: iso(sub.ended_at ?? sub.canceled_at ?? itemEnd) };
  }
}

/**
 * The SDK, loaded when Stripe is configured (or a test signs an event): loading it at every
 * start cost a few hundred milliseconds and some 20 MB on installations without payments.
 */
let sdk: typeof Stripe | undefined;
const loadStripe = (): typeof Stripe => (sdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe);

/** The API version this SDK speaks (events in tests carry it). */
export const stripeApiVersion = () => loadStripe().API_VERSION;

/** The SDK's own test signature for a webhook payload (tests sign their events with it). */
export function signTestWebhook(payload: string, secret: string): string {
  const StripeSdk = loadStripe();
  return new StripeSdk('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret });
}

/**
 * The SDK's own HTTP client with one change, for creating Checkout Sessions: every attempt (the
 * SDK's retries included) leaves with an expires_at counted from that moment, so a retry after a
 * slow first attempt is still inside Stripe's window. A retry whose expiry moved carries its own
 * idempotency key: Stripe refuses a key reused with other parameters. (Should the first attempt
 * have reached Stripe after all, its session is never shown to anyone and expires unpaid.)
 */
type HttpClient = ReturnType<typeof Stripe.createNodeHttpClient>;

function freshExpiryClient(StripeSdk: typeof Stripe, windows: Map<string, { seconds: number; attempts: number }>): HttpClient {
  const inner = StripeSdk.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest(host, port, path, method, headers, body, protocol, timeout) {
      const sent = { ...headers };
      const key = sent['Idempotency-Key'];
      const window = typeof key === 'string' ? windows.get(key) : undefined;
      let data = body;
      if (window && typeof data === 'string' && method === 'POST' && path === '/v1/checkout/sessions') {
        data = data.replace(/(^|&)expires_at=\d+/, `$1expires_at=${checkoutExpiry(Math.floor(Date.now() / 1000), window.seconds)}`);
        if (window.attempts > 0) sent['Idempotency-Key'] = `${String(key)}-retry${window.attempts}`;
        window.attempts++;
        sent['Content-Length'] = Buffer.byteLength(data);
      }
      return inner.makeRequest(host, port, path, method, sent, data, protocol, timeout);
    },
  };
}

export function createStripePayments(settings: StripeSettings): PaymentProvider {
  const StripeSdk = loadStripe();
  /** Checkouts being created, by idempotency key: how long each stays open. */
  const windows = new Map<string, { seconds: number; attempts: number }>();
  const stripe = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 1,
    httpClient: freshExpiryClient(StripeSdk, windows),
    timeout: settings.timeoutMs ?? 20_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });

  return {
    engine: 'Stripe',
    publishableKey: settings.publishableKey,

    async createCheckout({ mode, membershipId, userId, customerEmail, origin, expiresInSeconds }) {
      const metadata = { membership_id: String(membershipId), ...(userId ? { user_id: String(userId) } : {}) };
      const idempotencyKey = `members-only-checkout-${membershipId}-${randomUUID()}`;
      windows.set(idempotencyKey, { seconds: expiresInSeconds, attempts: 0 });
      // ui_mode values as this SDK's API version documents them (hosted_page / embedded_page).
      const session = await stripe.checkout.sessions.create(
        {
        mode: 'subscription',
        line_items: [{ price: settings.priceId, quantity: 1 }],
        client_reference_id: String(membershipId),
        metadata,
        subscription_data: { metadata },
        ...(customerEmail ? { customer_email: customerEmail } : {}),
        // Replaced at each attempt as it leaves (freshExpiryClient).
        expires_at: checkoutExpiry(Math.floor(Date.now() / 1000), expiresInSeconds),
        ...(mode === 'embedded'
          ? // The page goes to /auth?success=true itself on completion; the provider redirects only when a payment method needs it.
            { ui_mode: 'embedded_page' as const, return_url: `${origin}/auth?success=true`, redirect_on_completion: 'if_required' as const }
          : { ui_mode: 'hosted_page' as const, success_url: `${origin}/auth?success=true`, cancel_url: `${origin}/invitation?canceled=true` }),
        },
        { idempotencyKey },
      ).finally(() => windows.delete(idempotencyKey));
      return { id: session.id, clientSecret: session.client_secret ?? undefined, url: session.url ?? undefined, expiresAt: session.expires_at };
    },

    async getSubscription(id) {
      return subscriptionState(await stripe.subscriptions.retrieve(id));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return subscriptionState(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async billingPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    parseEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        throw new InvalidSignature('The signature does not match.');
      }
      const base = { id: event.id, created: event.created };
      const facts = (session: Stripe.Checkout.Session): CheckoutFacts => ({
        checkoutSessionId: session.id,
        membershipId: membershipIdOf(session.client_reference_id ?? session.metadata?.membership_id),
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        email: session.customer_details?.email ?? session.customer_email ?? null,
        // Anything but a settled payment grants nothing.
        paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
      });
      switch (event.type) {
        case 'checkout.session.completed':
          return { ...base, type: 'checkout.completed', ...facts(event.data.object) };
        case 'checkout.session.async_payment_succeeded':
          return { ...base, type: 'checkout.async_succeeded', ...facts(event.data.object) };
        case 'checkout.session.async_payment_failed':
          return { ...base, type: 'checkout.async_failed', ...facts(event.data.object) };
        case 'checkout.session.expired': {
          const session = event.data.object;
          return { ...base, type: 'checkout.expired', checkoutSessionId: session.id, membershipId: membershipIdOf(session.client_reference_id) };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
          return { ...base, type: 'subscription.changed', subscription: subscriptionState(event.data.object) };
        default:
          return { ...base, type: 'ignored', name: event.type };
      }
    },
  };
}
