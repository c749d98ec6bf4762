import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENTS_CLOSED } from '@members-only/shared/membership';
import { DEFAULT_QUOTAS } from '../../env';
import { createServices, type AppEnv } from '../../app';
import { createTestApp, dialects, registerUser, testEnv, uniqueName, type TestApp } from '../../../test/helpers';
import { startFakeStripe, type RunningFakeStripe } from '../../../test/fake-stripe';

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe.each(dialects)('membership on %s', (dialect) => {
  let stripe: RunningFakeStripe;
  let t: TestApp | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    stripe.setFault(undefined);
    await t?.close();
    t = undefined;
    // Every request the app made matched Stripe's published API description.
    const departures = stripe.violations.splice(0);
    expect(departures).toEqual([]);
  });

  const start = async (env: Partial<AppEnv> = {}) => {
    t = await createTestApp(dialect, { ...stripe.settings, ...env });
    await registerUser(t.app); // the first account is the admin
    return t.app;
  };
  type App = Awaited<ReturnType<typeof start>>;

  const checkout = (app: App, cookie?: string, mode: 'embedded' | 'hosted' = 'embedded') =>
    app.inject({ method: 'POST', url: '/api/create-vip-checkout', headers: cookie ? { cookie } : {}, payload: { mode } });
  const lastSession = () => [...stripe.sessions.values()].at(-1)!;
  const webhook = (app: App, event: { payload: string; signature: string }) =>
    app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
  const user = async (app: App, cookie: string) => (await app.inject({ url: '/api/user', headers: { cookie } })).json();
  const plan = async (app: App, cookie: string) => (await app.inject({ url: '/api/quotas', headers: { cookie } })).json();

  /** A signed-in artist pays through the embedded form: the checkout, the provider's completion and its webhook. */
  async function becomeMember(app: App) {
    const artist = await registerUser(app);
    const res = await checkout(app, artist.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { session, subscription } = stripe.complete(lastSession().id);
    const delivered = await webhook(app, stripe.signedEvent('checkout.session.completed', session));
    expect(delivered.statusCode, delivered.body).toBe(200);
    return { ...artist, subscription };
  }

  it('answers 503 with a message on every payment route when payments are not set up, and the offer says so', async () => {
    t = await createTestApp(dialect);
    const app = t.app;
    await registerUser(app);
    const { cookie } = await registerUser(app);
    for (const req of [
      { method: 'POST' as const, url: '/api/create-vip-checkout', payload: {} },
      { method: 'POST' as const, url: '/api/membership/cancel', headers: { cookie } },
      { method: 'POST' as const, url: '/api/membership/billing-portal', headers: { cookie } },
      { method: 'POST' as const, url: '/api/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } },
    ]) {
      const res = await app.inject(req);
      expect(res.statusCode, req.url).toBe(503);
      expect(res.json()).toMatchObject({ message: PAYMENTS_CLOSED });
    }
    const offer = (await app.inject({ url: '/api/membership' })).json();
    expect(offer).toMatchObject({ paymentsEnabled: false, publishableKey: null, seats: null, mine: null });
    expect(offer.content.price).toEqual({ amount: '19.99', currency: 'USD', interval: 'year' });
    expect(offer.content.testimonials).toEqual([]);
    // What Premium means, in the configured numbers.
    expect(offer.limits).toEqual({ free: DEFAULT_QUOTAS.free, premium: DEFAULT_QUOTAS.premium });
  });

  it('opens an embedded checkout for a signed-in artist, linked by user id, on the configured yearly price', async () => {
    const app = await start();
    const artist = await registerUser(app);
    const res = await checkout(app, artist.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const session = lastSession();
    expect(res.json()).toEqual({ clientSecret: session.client_secret });
    expect(session.ui_mode).toBe('embedded_page');
    expect(session.customer_email).toBe(artist.user.email);
    expect(session.metadata).toMatchObject({ user_id: String(artist.user.id) });
    expect(session.subscription_metadata.membership_id).toBe(session.client_reference_id);
    expect(session.return_url).toMatch(/\/auth\?success=true$/);

    const hosted = await checkout(app, artist.cookie, 'hosted');
    expect(hosted.statusCode).toBe(200);
    expect(hosted.json()).toEqual({ url: lastSession().url });
    expect(lastSession()).toMatchObject({ ui_mode: 'hosted_page', client_secret: null });
    expect(lastSession().cancel_url).toMatch(/\/invitation\?canceled=true$/);

    // The body is optional (spec §7: no body): the embedded form is the default.
    const bare = await app.inject({ method: 'POST', url: '/api/create-vip-checkout', headers: { cookie: artist.cookie } });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toHaveProperty('clientSecret');
  });

  it('makes a paying artist a member at once from the completed checkout: Premium and the Premium quotas', async () => {
    const app = await start();
    const member = await becomeMember(app);
    const me = await user(app, member.cookie);
    expect(me.isPremium).toBe(true);
    expect(me.membership.status).toBe('active');
    expect(Math.abs(new Date(me.membership.currentPeriodEnd).getTime() - (Date.now() + YEAR_MS))).toBeLessThan(60_000);
    const quotas = await plan(app, member.cookie);
    expect(quotas.plan).toBe('premium');
    expect(quotas.quotas.beat.limit).toBe(DEFAULT_QUOTAS.premium.beat);
    const mine = (await app.inject({ url: '/api/membership', headers: { cookie: member.cookie } })).json().mine;
    expect(mine).toMatchObject({ status: 'active', billing: true, granted: false });
    // A member does not pay twice.
    expect((await checkout(app, member.cookie)).statusCode).toBe(409);
  });

  it('attaches an anonymous visitor’s membership when the paying e-mail registers', async () => {
    const app = await start();
    const res = await checkout(app, undefined, 'hosted');
    expect(res.statusCode, res.body).toBe(200);
    const session = lastSession();
    expect(session.customer_email).toBeNull();
    expect(session.metadata.user_id).toBeUndefined();
    const username = uniqueName('visitor');
    const email = `${username}@Example.com`;
    const { session: done } = stripe.complete(session.id, email);
    expect((await webhook(app, stripe.signedEvent('checkout.session.completed', done))).statusCode).toBe(200);

    // Someone else registering does not get it.
    const other = await registerUser(app);
    expect(other.user.isPremium).toBe(false);
    const visitor = await registerUser(app, { username, email: email.toLowerCase() });
    expect(visitor.user.isPremium).toBe(true);
    expect(visitor.user.membership.status).toBe('active');
    expect((await plan(app, visitor.cookie)).plan).toBe('premium');
  });

  it('links a completed anonymous checkout to the existing account with that e-mail at once', async () => {
    const app = await start();
    const artist = await registerUser(app);
    expect((await checkout(app)).statusCode).toBe(200);
    const { session } = stripe.complete(lastSession().id, artist.user.email.toUpperCase());
    expect((await webhook(app, stripe.signedEvent('checkout.session.completed', session))).statusCode).toBe(200);
    expect((await user(app, artist.cookie)).isPremium).toBe(true);
  });

  it('refuses an event with a bad or missing signature (400) and changes nothing', async () => {
    const app = await start();
    const artist = await registerUser(app);
    await checkout(app, artist.cookie);
    const { session } = stripe.complete(lastSession().id);
    const forged = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    for (const headers of [{ 'stripe-signature': forged.signature }, {}, { 'stripe-signature': 'garbage' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: forged.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The webhook signature is not valid.' });
    }
    // A body altered after signing fails too.
    const good = stripe.signedEvent('checkout.session.completed', session);
    const altered = await webhook(app, { payload: good.payload.replace('"active"', '"activ"').replace('checkout.session', 'checkout.session '), signature: good.signature });
    expect(altered.statusCode).toBe(400);
    expect((await user(app, artist.cookie)).isPremium).toBe(false);
  });

  it('handles each event once: a redelivered event id is acknowledged and ignored', async () => {
    const app = await start();
    const member = await becomeMember(app);
    const sub = stripe.updateSubscription(member.subscription.id, { cancel_at_period_end: true });
    const first = await webhook(app, stripe.signedEvent('customer.subscription.updated', sub, { id: 'evt_once' }));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await user(app, member.cookie)).membership.status).toBe('canceling');
    // Same id, different content (as a replay would be): acknowledged, not applied.
    const undone = { ...sub, cancel_at_period_end: false };
    const again = await webhook(app, stripe.signedEvent('customer.subscription.updated', undone, { id: 'evt_once', created: Math.floor(Date.now() / 1000) + 5 }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await user(app, member.cookie)).membership.status).toBe('canceling');
    // Two deliveries of one new event at the same time: one applies it.
    const both = stripe.signedEvent('customer.subscription.updated', undone, { id: 'evt_twice', created: Math.floor(Date.now() / 1000) + 10 });
    const results = await Promise.all([webhook(app, both), webhook(app, both)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().duplicate).sort()).toEqual([false, true]);
    expect((await user(app, member.cookie)).membership.status).toBe('active');
  });

  it('follows the subscription: past due keeps access, canceling keeps it until the end date, ended drops to Free quotas', async () => {
    const app = await start();
    const member = await becomeMember(app);
    const at = Math.floor(Date.now() / 1000);
    const send = (type: string, change: object, offset: number) =>
      webhook(app, stripe.signedEvent(type, stripe.updateSubscription(member.subscription.id, change), { created: at + offset }));

    expect((await send('customer.subscription.updated', { status: 'past_due' }, 1)).statusCode).toBe(200);
    let me = await user(app, member.cookie);
    expect(me.membership.status).toBe('past_due');
    expect(me.isPremium).toBe(true);

    await send('customer.subscription.updated', { status: 'active', cancel_at_period_end: true }, 2);
    me = await user(app, member.cookie);
    expect(me.membership.status).toBe('canceling');
    expect(me.isPremium).toBe(true);
    expect(new Date(me.membership.currentPeriodEnd).getTime()).toBe(member.subscription.items.data[0]!.current_period_end * 1000);

    // An older event delivered late does not undo a newer state.
    await send('customer.subscription.updated', { status: 'active', cancel_at_period_end: false }, 0);
    expect((await user(app, member.cookie)).membership.status).toBe('canceling');

    const endedAt = at + 3;
    await send('customer.subscription.deleted', { status: 'canceled', ended_at: endedAt }, 3);
    me = await user(app, member.cookie);
    expect(me.membership).toEqual({ status: 'expired', currentPeriodEnd: new Date(endedAt * 1000).toISOString() });
    expect(me.isPremium).toBe(false);
    const quotas = await plan(app, member.cookie);
    expect(quotas.plan).toBe('free');
    expect(quotas.quotas.beat.limit).toBe(DEFAULT_QUOTAS.free.beat);
    // Ended members may join again.
    expect((await checkout(app, member.cookie)).statusCode).toBe(200);
  });

  it('lets a member cancel at period end in the app, keeping access, and open the billing portal', async () => {
    const app = await start();
    const member = await becomeMember(app);
    const res = await app.inject({ method: 'POST', url: '/api/membership/cancel', headers: { cookie: member.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const end = new Date(member.subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(res.json()).toMatchObject({ status: 'canceling', currentPeriodEnd: end });
    expect(stripe.subscriptions.get(member.subscription.id)?.cancel_at_period_end).toBe(true);
    const me = await user(app, member.cookie);
    expect(me).toMatchObject({ isPremium: true, membership: { status: 'canceling', currentPeriodEnd: end } });
    // Canceling twice is harmless.
    expect((await app.inject({ method: 'POST', url: '/api/membership/cancel', headers: { cookie: member.cookie } })).statusCode).toBe(200);

    const portal = await app.inject({ method: 'POST', url: '/api/membership/billing-portal', headers: { cookie: member.cookie } });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toContain(`/__stripe/portal/${member.subscription.customer}`);
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.form.return_url).toMatch(/\/membership$/);

    // Someone without a paid membership has nothing to cancel.
    const free = await registerUser(app);
    expect((await app.inject({ method: 'POST', url: '/api/membership/cancel', headers: { cookie: free.cookie } })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/membership/billing-portal', headers: { cookie: free.cookie } })).statusCode).toBe(409);
  });

  it('gives exactly one of the last seat to parallel checkouts, counts seats from the database and frees an expired hold', async () => {
    const app = await start({ MEMBERSHIP_SEATS: 2 });
    await becomeMember(app);
    expect((await app.inject({ url: '/api/membership' })).json().seats).toEqual({ total: 2, remaining: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => checkout(app)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ message: 'All membership seats are taken at the moment.' });
    expect((await app.inject({ url: '/api/membership' })).json().seats).toEqual({ total: 2, remaining: 0 });

    // The held checkout expires unpaid: its seat comes back.
    const held = lastSession();
    const expired = await webhook(app, stripe.signedEvent('checkout.session.expired', { ...held, status: 'expired' }));
    expect(expired.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/membership' })).json().seats).toEqual({ total: 2, remaining: 1 });
  });

  it('prunes unpaid checkouts a day after their hold ran out, and keeps the others', async () => {
    const app = await start({ MEMBERSHIP_SEATS: 5 });
    expect((await checkout(app)).statusCode).toBe(200);
    expect((await checkout(app)).statusCode).toBe(200);
    const holds = await t!.db.kysely.selectFrom('memberships').select(['id']).where('status', '=', 'pending').orderBy('id').execute();
    expect(holds).toHaveLength(2);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await t!.db.kysely.updateTable('memberships').set({ hold_until: twoDaysAgo }).where('id', '=', holds[0]!.id).execute();

    await createServices(t!.db, testEnv({ ...stripe.settings, MEMBERSHIP_SEATS: 5 })).membership.prune();
    const left = await t!.db.kysely.selectFrom('memberships').select(['id']).where('status', '=', 'pending').execute();
    expect(left.map((r) => r.id)).toEqual([holds[1]!.id]);
  });

  it('answers 502 when the payment service fails, and the seat is not kept', async () => {
    const app = await start({ MEMBERSHIP_SEATS: 1 });
    stripe.failNextCall();
    stripe.failNextCall(); // the SDK retries once
    const res = await checkout(app);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: 'The payment service did not answer. Please try again.' });
    expect((await app.inject({ url: '/api/membership' })).json().seats).toEqual({ total: 1, remaining: 1 });
  });

  it('shows no seat count without a limit, and the real publishable key', async () => {
    const app = await start();
    const offer = (await app.inject({ url: '/api/membership' })).json();
    expect(offer).toMatchObject({ paymentsEnabled: true, publishableKey: stripe.settings.STRIPE_PUBLISHABLE_KEY, seats: null });
  });

  describe('membership follows payment', () => {
    const sec = () => Math.floor(Date.now() / 1000);

    /** A signed-in artist completes a checkout paid with a delayed method (a bank debit): unpaid, subscription incomplete. */
    async function completeAsync(app: App) {
      const artist = await registerUser(app);
      expect((await checkout(app, artist.cookie)).statusCode).toBe(200);
      const sessionId = lastSession().id;
      const { session, subscription } = stripe.complete(sessionId, { async: true });
      expect(session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
      expect(subscription.status).toBe('incomplete');
      return { ...artist, sessionId, session, subscription };
    }

    it('grants nothing for a completed checkout whose payment is unpaid: "processing" holds the seat until the delayed payment succeeds', async () => {
      const app = await start({ MEMBERSHIP_SEATS: 2 });
      const artist = await completeAsync(app);
      const delivered = await webhook(app, stripe.signedEvent('checkout.session.completed', artist.session));
      expect(delivered.statusCode, delivered.body).toBe(200);
      let me = await user(app, artist.cookie);
      expect(me.isPremium).toBe(false);
      expect(me.membership.status).toBe('processing');
      expect((await plan(app, artist.cookie)).plan).toBe('free');
      expect((await app.inject({ url: '/api/membership', headers: { cookie: artist.cookie } })).json().mine).toMatchObject({ status: 'processing' });
      // The seat stays taken while the payment settles, and the artist cannot start a second checkout.
      expect((await app.inject({ url: '/api/membership' })).json().seats).toEqual({ total: 2, remaining: 1 });
      const again = await checkout(app, artist.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/still processing/);

      const { session } = stripe.settleAsync(artist.sessionId, 'succeeded');
      expect((await webhook(app, stripe.signedEvent('checkout.session.async_payment_succeeded', session))).statusCode).toBe(200);
      me = await user(app, artist.cookie);
      expect(me).toMatchObject({ isPremium: true, membership: { status: 'active' } });
      expect(new Date(me.membership.currentPeriodEnd).getTime()).toBe(artist.subscription.items.data[0]!.current_period_end * 1000);
      expect((await plan(app, artist.cookie)).quotas.beat.limit).toBe(DEFAULT_QUOTAS.premium.beat);
    });

    it('grants nothing for a paid checkout whose subscription is incomplete, until the subscription becomes active or trialing', async () => {
      const app = await start();
      const artist = await completeAsync(app);
      // Paid, but the subscription has not turned active yet.
      const paid = { ...artist.session, payment_status: 'paid' };
      const at = sec();
      expect((await webhook(app, stripe.signedEvent('checkout.session.completed', paid, { created: at }))).statusCode).toBe(200);
      expect(await user(app, artist.cookie)).toMatchObject({ isPremium: false, membership: { status: 'processing' } });
      // An incomplete subscription event is still processing.
      await webhook(app, stripe.signedEvent('customer.subscription.updated', artist.subscription, { created: at + 1 }));
      expect(await user(app, artist.cookie)).toMatchObject({ isPremium: false, membership: { status: 'processing' } });
      const trialing = stripe.updateSubscription(artist.subscription.id, { status: 'trialing' });
      expect((await webhook(app, stripe.signedEvent('customer.subscription.updated', trialing, { created: at + 2 }))).statusCode).toBe(200);
      expect(await user(app, artist.cookie)).toMatchObject({ isPremium: true, membership: { status: 'active' } });
    });

    it('ends the checkout on a failed delayed payment: "payment_failed", no Premium, the seat freed, and nothing later revives it', async () => {
      const app = await start({ MEMBERSHIP_SEATS: 1 });
      const artist = await completeAsync(app);
      const at = sec();
      await webhook(app, stripe.signedEvent('checkout.session.completed', artist.session, { created: at }));
      expect((await app.inject({ url: '/api/membership' })).json().seats.remaining).toBe(0);
      const { session } = stripe.settleAsync(artist.sessionId, 'failed');
      expect(session.payment_status).toBe('unpaid');
      const failed = await webhook(app, stripe.signedEvent('checkout.session.async_payment_failed', session, { created: at + 1 }));
      expect(failed.statusCode, failed.body).toBe(200);
      expect(await user(app, artist.cookie)).toMatchObject({ isPremium: false, membership: { status: 'payment_failed' } });
      expect((await app.inject({ url: '/api/membership' })).json().seats.remaining).toBe(1);
      // A late or even newer event for that checkout's subscription does not bring it back.
      const active = { ...artist.subscription, status: 'active' };
      await webhook(app, stripe.signedEvent('customer.subscription.updated', active, { created: at + 5 }));
      await webhook(app, stripe.signedEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }, { created: at + 6 }));
      expect(await user(app, artist.cookie)).toMatchObject({ isPremium: false, membership: { status: 'payment_failed' } });
      // The artist may try again.
      expect((await checkout(app, artist.cookie)).statusCode).toBe(200);
    });

    it('applies events in Stripe order by the subscription’s own state: an older or same-second event never undoes a newer one', async () => {
      const app = await start();
      const member = await becomeMember(app);
      const at = sec() + 10;
      const send = (type: string, change: object, created: number) =>
        webhook(app, stripe.signedEvent(type, { ...stripe.subscriptions.get(member.subscription.id)!, ...change }, { created }));

      // Same second, delivered backwards: canceling comes after active in a subscription's life.
      await send('customer.subscription.updated', { cancel_at_period_end: true }, at);
      await send('customer.subscription.updated', { cancel_at_period_end: false }, at);
      expect((await user(app, member.cookie)).membership.status).toBe('canceling');
      // Past due and active in the same second: past due stands.
      await send('customer.subscription.updated', { status: 'past_due', cancel_at_period_end: false }, at + 1);
      await send('customer.subscription.updated', { status: 'active', cancel_at_period_end: false }, at + 1);
      expect((await user(app, member.cookie)).membership.status).toBe('past_due');
      // An older event is ignored, a newer one applies.
      await send('customer.subscription.updated', { status: 'active', cancel_at_period_end: true }, at);
      expect((await user(app, member.cookie)).membership.status).toBe('past_due');
      await send('customer.subscription.updated', { status: 'active', cancel_at_period_end: false }, at + 2);
      expect((await user(app, member.cookie)).membership.status).toBe('active');
      // A renewal in the same second as the state it renews: the later period end wins.
      const renewed = member.subscription.items.data[0]!.current_period_end + 365 * 24 * 3600;
      const items = (end: number) => ({ object: 'list', data: [{ ...member.subscription.items.data[0]!, current_period_end: end }] });
      await send('customer.subscription.updated', { items: items(renewed) }, at + 3);
      await send('customer.subscription.updated', { items: items(member.subscription.items.data[0]!.current_period_end) }, at + 3);
      expect(new Date((await user(app, member.cookie)).membership.currentPeriodEnd).getTime()).toBe(renewed * 1000);
    });

    it('treats a deleted (canceled) subscription as final for its id, whatever arrives after it', async () => {
      const app = await start();
      const member = await becomeMember(app);
      const at = sec() + 10;
      const sub = stripe.subscriptions.get(member.subscription.id)!;
      const deleted = await webhook(app, stripe.signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled', ended_at: at }, { created: at }));
      expect(deleted.statusCode).toBe(200);
      expect(await user(app, member.cookie)).toMatchObject({ isPremium: false, membership: { status: 'expired' } });
      for (const [type, object, created] of [
        ['customer.subscription.updated', { ...sub, status: 'active' }, at],
        ['customer.subscription.updated', { ...sub, status: 'active' }, at + 60],
        ['customer.subscription.resumed', { ...sub, status: 'active' }, at + 120],
      ] as const) {
        expect((await webhook(app, stripe.signedEvent(type, object, { created }))).statusCode).toBe(200);
      }
      // A redelivered completion of its checkout (the subscription read back as active) changes nothing either.
      const { session } = { session: { ...lastSessionOf(member.subscription.id) } };
      expect((await webhook(app, stripe.signedEvent('checkout.session.completed', session, { created: at + 180 }))).statusCode).toBe(200);
      expect(await user(app, member.cookie)).toMatchObject({ isPremium: false, membership: { status: 'expired' } });
      expect((await plan(app, member.cookie)).plan).toBe('free');
    });

    it('recognises a duplicate event id before any call to Stripe and answers 200', async () => {
      const app = await start();
      const artist = await registerUser(app);
      await checkout(app, artist.cookie);
      const { session } = stripe.complete(lastSession().id);
      const event = stripe.signedEvent('checkout.session.completed', session, { id: 'evt_before_any_call' });
      expect((await webhook(app, event)).json()).toEqual({ received: true, duplicate: false });
      const calls = stripe.requests.length;
      // Stripe is down now: a redelivery that called it would answer 502.
      stripe.setFault({ kind: 'status', status: 500 });
      const again = await webhook(app, event);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ received: true, duplicate: true });
      expect(stripe.requests.length).toBe(calls);
      expect((await user(app, artist.cookie)).isPremium).toBe(true);
    });

    it('computes the checkout expiry for each attempt: the SDK’s retry after a slow first attempt is still inside Stripe’s window', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const app = await start({ MEMBERSHIP_SEATS: 3 });
      const artist = await registerUser(app);
      const before = stripe.requests.length;
      // The first attempt takes five minutes to fail (the clock moves as it arrives); the SDK tries again.
      stripe.failNextCall(() => vi.setSystemTime(Date.now() + 5 * 60_000));
      const res = await checkout(app, artist.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const attempts = stripe.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
      expect(attempts).toHaveLength(2);
      for (const attempt of attempts) {
        const ahead = Number(attempt.form.expires_at) - attempt.at;
        expect(ahead).toBeGreaterThanOrEqual(30 * 60);
        expect(ahead).toBeLessThanOrEqual(24 * 3600);
      }
      // The retry's parameters moved, so it carries its own idempotency key.
      expect(attempts[1]!.idempotencyKey).not.toBe(attempts[0]!.idempotencyKey);
      expect(attempts[1]!.idempotencyKey).toMatch(/^members-only-checkout-\d+-.+-retry1$/);
      // The seat is held until that checkout's own expiry.
      const hold = await t!.db.kysely.selectFrom('memberships').select(['hold_until']).where('checkout_session_id', '=', lastSession().id).executeTakeFirstOrThrow();
      expect(new Date(hold.hold_until!).getTime()).toBe((lastSession().expires_at + 60) * 1000);
    });
  });

  /** The completed checkout session whose subscription is `subscriptionId`. */
  function lastSessionOf(subscriptionId: string) {
    return [...stripe.sessions.values()].find((s) => s.subscription === subscriptionId)!;
  }
});
