import { afterAll, bench, describe } from 'vitest';
import { createTestApp, registerUser } from '../apps/server/test/helpers';
import { startFakeStripe } from '../apps/server/test/fake-stripe';

/**
 * A payment webhook end to end on SQLite: signature check on the raw body, the event id stored,
 * the subscription's state applied to the membership and its user in one transaction. Each
 * iteration delivers a new event (a redelivery would be skipped). Target: under 5 ms.
 */
const stripe = await startFakeStripe();
const t = await createTestApp('sqlite', stripe.settings);
await registerUser(t.app);
const artist = await registerUser(t.app);
await t.app.inject({ method: 'POST', url: '/api/create-vip-checkout', headers: { cookie: artist.cookie }, payload: { mode: 'embedded' } });
const { session, subscription } = stripe.complete([...stripe.sessions.values()].at(-1)!.id);
const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
await deliver(stripe.signedEvent('checkout.session.completed', session));

let n = 0;
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('payment webhooks', () => {
  bench('customer.subscription.updated: verify, record once, apply', async () => {
    n++;
    const res = await deliver(stripe.signedEvent('customer.subscription.updated', { ...subscription, cancel_at_period_end: n % 2 === 0 }, { created: Math.floor(Date.now() / 1000) + n }));
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  bench('a redelivered event (verify, find its id, skip)', async () => {
    const res = await deliver(stripe.signedEvent('customer.subscription.updated', subscription, { id: 'evt_bench_repeat' }));
    if (res.statusCode !== 200) throw new Error(res.body);
  });
});
