import type { APIRequestContext, Page } from '@playwright/test';
import { signTestWebhook } from '../apps/server/src/providers/payments/stripe-payments';
import { E2E_STRIPE, MODEL_PORTS } from './model';
import { expect, expectToast, test } from './fixtures';

/**
 * Membership journeys against the fake payment API (e2e/fake-model-server.ts). The main app server
 * has no publishable key, so the browser never loads the provider's script: every request the page
 * makes stays on this machine (checked below).
 */

const FAKE_API = `http://127.0.0.1:${MODEL_PORTS.fakeModel}`;

function onlyLocalRequests(page: Page) {
  const outside: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && !request.url().startsWith('data:')) outside.push(request.url());
  });
  return () => expect(outside, 'requests that left this machine').toEqual([]);
}

/** Makes the signed-in artist a member the way the provider does: a checkout, its completion, the signed webhook. */
async function payForMembership(request: APIRequestContext) {
  const checkout = await request.post('/api/create-vip-checkout', { data: { mode: 'hosted' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = new URL((await checkout.json()).url).pathname.split('/').at(-1)!;
  const completed = await request.post(`${FAKE_API}/__stripe/complete/${sessionId}`);
  expect(completed.status()).toBe(200);
  const { session } = await completed.json();
  const payload = JSON.stringify({
    id: `evt_e2e_${sessionId}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    livemode: false,
    data: { object: session },
  });
  const delivered = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signTestWebhook(payload, E2E_STRIPE.STRIPE_WEBHOOK_SECRET) },
    data: payload,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

/** Delivers a Stripe event to the app as Stripe does: signed with the webhook secret. */
async function deliver(request: APIRequestContext, id: string, type: string, object: unknown) {
  const payload = JSON.stringify({ id, object: 'event', created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } });
  const delivered = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signTestWebhook(payload, E2E_STRIPE.STRIPE_WEBHOOK_SECRET) },
    data: payload,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

/** The signed-in artist pays with a delayed method (a bank debit): the checkout completes unpaid. Returns its session id. */
async function payLater(request: APIRequestContext) {
  const checkout = await request.post('/api/create-vip-checkout', { data: { mode: 'hosted' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = new URL((await checkout.json()).url).pathname.split('/').at(-1)!;
  const completed = await request.post(`${FAKE_API}/__stripe/complete/${sessionId}`, { data: { async: true } });
  expect(completed.status()).toBe(200);
  const { session } = await completed.json();
  expect(session.payment_status).toBe('unpaid');
  await deliver(request, `evt_e2e_completed_${sessionId}`, 'checkout.session.completed', session);
  return sessionId;
}

/** The delayed payment settles at the provider, which tells the app. */
async function settle(request: APIRequestContext, sessionId: string, outcome: 'succeeded' | 'failed') {
  const settled = await request.post(`${FAKE_API}/__stripe/async/${sessionId}`, { data: { outcome } });
  expect(settled.status()).toBe(200);
  const { session } = await settled.json();
  await deliver(request, `evt_e2e_${outcome}_${sessionId}`, `checkout.session.async_payment_${outcome}`, session);
}

test('a delayed payment shows "Payment processing" on the Membership page, then Premium once it goes through', async ({ page, user: _user }) => {
  const sessionId = await payLater(page.request);
  await page.goto('/membership');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByRole('status').filter({ hasText: 'Payment processing' })).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Free');
  await expect(page.getByRole('region', { name: 'Membership status' })).toContainText('Payment processing');
  await expect(page.getByRole('region', { name: 'Today’s limits' }).getByRole('row', { name: /beats/i })).toContainText('of 5');

  // The page is left open: it sees the payment go through by itself.
  await settle(page.request, sessionId, 'succeeded');
  await expect(page.getByTestId('plan-name')).toHaveText('Premium', { timeout: 15_000 });
  await expect(page.getByTestId('membership-status')).toHaveText(/^Active\. Renews on .+\d{4}\.$/);
  await expect(plan.getByText('Payment processing', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Today’s limits' }).getByRole('row', { name: /beats/i })).toContainText('of 50');
  await expect(page.getByRole('region', { name: 'Membership status' })).toContainText('renews on');
});

test('a failed delayed payment ends the checkout with a clear message on the Membership page', async ({ page, user: _user }) => {
  const sessionId = await payLater(page.request);
  await page.goto('/membership');
  await expect(page.getByRole('region', { name: 'Your plan' }).getByText('Payment processing', { exact: true })).toBeVisible();

  await settle(page.request, sessionId, 'failed');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByRole('alert')).toHaveText('Your payment didn’t go through', { timeout: 15_000 });
  await expect(page.getByTestId('membership-status')).toContainText('You were not charged and you are on the Free plan');
  await expect(page.getByTestId('plan-name')).toHaveText('Free');
  await expect(plan.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/invitation');
});

test('the invitation page shows the configured offer, and the embedded form fails honestly with Try Again', async ({ page }) => {
  const checkRequests = onlyLocalRequests(page);
  await page.goto('/invitation');
  await expect(page.getByRole('heading', { level: 1, name: 'Members Only membership' })).toBeVisible();
  const join = page.getByRole('region', { name: 'Join Today' });
  await expect(join).toContainText('$19.99');
  await expect(join).toContainText('per year');
  // No seat limit configured: no scarcity wording; no compare-at price; the shipped content has no testimonials.
  await expect(page.getByTestId('seats')).toHaveCount(0);
  await expect(join.locator('s')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'From members' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What members get' })).toBeVisible();
  await expect(page.getByText('How do I cancel?')).toBeVisible();
  // What membership changes, in the configured numbers (the server's defaults here).
  await expect(page.getByRole('row', { name: /beats/i })).toHaveText(/beats\s*5\s*50/i);
  await expect(page.getByRole('link', { name: 'Already a member? Sign in here' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Return to Main Site' })).toHaveAttribute('href', '/');

  const floating = page.getByRole('button', { name: 'JOIN NOW', exact: true });
  await expect(join.getByRole('button', { name: 'Become a member' })).toBeVisible();
  await expect(floating).toBeVisible();
  await floating.click();
  await expect(floating).toHaveCount(0);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toContainText('The payment form cannot be shown on this page');
  await payment.getByRole('button', { name: 'Try Again' }).click();
  await expect(payment.getByRole('alert')).toContainText('The payment form cannot be shown on this page');
  await expect(payment.getByRole('link', { name: 'Use the secure checkout page' })).toHaveAttribute('href', '/stripe-checkout');
  checkRequests();
});

test('a canceled payment shows its banner', async ({ page }) => {
  await page.goto('/invitation?canceled=true');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment was not completed' })).toBeVisible();
});

test('a completed payment shows the Payment Success! toast on the sign-in page', async ({ page }) => {
  await page.goto('/auth?success=true');
  await expectToast(page, 'Payment Success!', 'Your Members Only VIP access payment has been successfully processed. Please log in to access your account.');
  await expect(page).toHaveURL('/auth');
});

test('the hosted checkout pages go to the payment page', async ({ page }) => {
  await page.goto('/stripe-checkout');
  // A checkout round trip to the payment API, then a page load elsewhere: more than one expect's wait on a busy machine.
  await expect(page).toHaveURL(new RegExp(`^${FAKE_API}/__stripe/pay/cs_test_`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Fake payment page' })).toBeVisible();

  await page.goto('/simple-checkout');
  await page.getByRole('button', { name: 'COMPLETE PAYMENT NOW' }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE_API}/__stripe/pay/cs_test_`), { timeout: 20_000 });
});

test('a member sees the renewal date, cancels in the app and sees the end date', async ({ page, user: _user }) => {
  await payForMembership(page.request);
  await page.goto('/membership');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  const status = page.getByTestId('membership-status');
  await expect(status).toContainText(/^Active\. Renews on .+\d{4}\.$/);
  const banner = page.getByRole('region', { name: 'Membership status' });
  await expect(banner).toContainText('renews on');

  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await page.getByRole('button', { name: 'Yes, cancel membership' }).click();
  await expectToast(page, 'Membership canceled');
  await expect(status).toContainText(/^Canceled\. Your membership ends on .+\d{4}; you keep it until then\.$/);
  await expect(banner).toContainText('access until');
  await expect(page.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});
