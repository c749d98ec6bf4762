import { describe, expect, it } from 'vitest';
import { checkoutExpiry, CHECKOUT_WINDOW } from '../../../src/providers/payments/stripe-payments';
import { decodeForm, STRIPE_DESCRIPTION, stripeViolations } from './validate';

const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, body: string, contentType = FORM) => stripeViolations({ method: 'POST', url, contentType, body });

describe('the Stripe contract check', () => {
  it('names the published description it was cut from', () => {
    expect(STRIPE_DESCRIPTION.source).toMatchObject({ repository: 'stripe/openapi', 'info.version': '2026-07-29.dahlia', commit: '19be337d65af244fed355eaeb144de6dbeea82f1' });
  });

  it('reads Stripe’s form encoding back into nested objects and arrays', () => {
    expect(decodeForm('line_items[0][price]=p&line_items[0][quantity]=1&metadata[membership_id]=7&subscription_data[metadata][a]=b&expand[0]=x')).toEqual({
      line_items: [{ price: 'p', quantity: '1' }],
      metadata: { membership_id: '7' },
      subscription_data: { metadata: { a: 'b' } },
      expand: ['x'],
    });
  });

  it('accepts the checkout this app creates, and refuses unknown parameters, wrong enums and wrong types', () => {
    const good = 'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&client_reference_id=7&metadata[membership_id]=7&subscription_data[metadata][membership_id]=7&expires_at=1900000000&ui_mode=embedded_page&return_url=https%3A%2F%2Fa%2Fauth&redirect_on_completion=if_required';
    expect(post('/v1/checkout/sessions', good)).toEqual([]);
    expect(post('/v1/checkout/sessions', `${good}&surprise=1`)).toEqual([expect.stringContaining('additional properties: surprise')]);
    // The older API's ui_mode value is not in this description.
    expect(post('/v1/checkout/sessions', good.replace('embedded_page', 'embedded'))).toEqual([expect.stringContaining('/ui_mode must be equal to one of the allowed values')]);
    expect(post('/v1/checkout/sessions', good.replace('expires_at=1900000000', 'expires_at=soon'))).toEqual([expect.stringContaining('/expires_at must be integer')]);
    expect(post('/v1/checkout/sessions', good.replace('quantity]=1', 'quantity]=one'))).toEqual([expect.stringContaining('/line_items/0/quantity must be integer')]);
    expect(post('/v1/checkout/sessions', good, 'application/json')).toEqual([expect.stringContaining('content type application/json')]);
  });

  it('checks the subscription and portal calls, and refuses operations outside the description', () => {
    expect(stripeViolations({ method: 'GET', url: '/v1/subscriptions/sub_123', body: '' })).toEqual([]);
    expect(stripeViolations({ method: 'GET', url: '/v1/subscriptions/sub_123?limit=3', body: '' })).toEqual([expect.stringContaining('query must NOT have additional properties: limit')]);
    expect(post('/v1/subscriptions/sub_123', 'cancel_at_period_end=true')).toEqual([]);
    expect(post('/v1/subscriptions/sub_123', 'cancel_at_period_end=soon')).toEqual([expect.stringContaining('/cancel_at_period_end must be boolean')]);
    expect(post('/v1/billing_portal/sessions', 'customer=cus_1&return_url=https%3A%2F%2Fa%2Fmembership')).toEqual([]);
    expect(post('/v1/billing_portal/sessions', 'customer=cus_1&locale=klingon')).toEqual([expect.stringContaining('/locale must be equal to one of the allowed values')]);
    expect(stripeViolations({ method: 'DELETE', url: '/v1/subscriptions/sub_123', body: '' })).toEqual([expect.stringContaining('is not an operation this app may call')]);
  });
});

describe('checkout expiry', () => {
  it('stays inside Stripe’s 30-minute to 24-hour window with a minute to spare at each end', () => {
    const now = 1_800_000_000;
    expect(checkoutExpiry(now, 31 * 60) - now).toBe(31 * 60);
    expect(checkoutExpiry(now, 60) - now).toBe(CHECKOUT_WINDOW.minSeconds + 60);
    expect(checkoutExpiry(now, 48 * 3600) - now).toBe(CHECKOUT_WINDOW.maxSeconds - 60);
  });
});
