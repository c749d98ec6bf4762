import type { Env } from '../../env';
import { createStripePayments } from './stripe-payments';
import type { PaymentProvider } from './types';

export type PaymentSettings = Pick<
  Env,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_ID'
  | 'STRIPE_API_HOST'
  | 'STRIPE_API_PORT'
  | 'STRIPE_API_PROTOCOL'
  | 'STRIPE_TIMEOUT_SECONDS'
>;

/** The one place that picks the payment service: Stripe when its key, price and webhook secret are set, or none. */
export function createPaymentProvider(settings: Partial<PaymentSettings>): PaymentProvider | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PRICE_ID: priceId, STRIPE_WEBHOOK_SECRET: webhookSecret } = settings;
  if (!secretKey || !priceId || !webhookSecret) return undefined;
  return createStripePayments({
    secretKey,
    priceId,
    webhookSecret,
    publishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null,
    host: settings.STRIPE_API_HOST,
    port: settings.STRIPE_API_PORT,
    protocol: settings.STRIPE_API_PROTOCOL,
    timeoutMs: (settings.STRIPE_TIMEOUT_SECONDS ?? 20) * 1000,
  });
}
export type { PaymentProvider, PaymentEvent, SubscriptionState } from './types';
export { InvalidSignature } from './types';
