import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signTestWebhook, stripeApiVersion } from '../src/providers/payments/stripe-payments';
import { stripeViolations } from './contracts/stripe-contract/validate';

/**
 * A local server answering the Stripe API calls this app makes (the SDK is pointed at it with its
 * host, port and protocol settings), plus webhook payloads signed with the SDK's test-header
 * helper. Every request is first checked against Stripe's published API description
 * (contracts/stripe-contract/validate.ts): a departure is answered 400 in Stripe's error shape and kept in
 * `violations`, which the suites assert stays empty. The fake then checks what the description
 * cannot say (the configured price, expires_at inside 30 minutes to 24 hours from when the
 * request arrives, the URLs each ui_mode needs).
 *
 * Control (for browser tests, over HTTP on the same port):
 *   POST /__stripe/complete/{checkoutSessionId}  completes a checkout ({ email?, async?: true }):
 *        answers { session, subscription }, the objects its events carry; with async the
 *        payment is still processing (payment_status unpaid, subscription incomplete);
 *   POST /__stripe/async/{checkoutSessionId}     settles that payment ({ outcome: 'succeeded' | 'failed' });
 *   POST /__stripe/fail-next                     the next API call answers 500.
 */

export const FAKE_STRIPE = {
  secretKey: 'sk_test_fake_members_only',
  publishableKey: 'pk_test_fake_members_only',
  webhookSecret: 'whsec_fake_members_only',
  priceId: 'price_fake_membership_yearly',
} as const;

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number }[] };
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  ui_mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_secret: string | null;
  url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  customer: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  expires_at: number;
  return_url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  customer_details: { email: string | null } | null;
}

const YEAR = 365 * 24 * 3600;
/** Read at each request (tests may move Date forward to stand for a slow network). */
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding, read back into flat `a[b][0]` keys. */
function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}
function prefixed(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']') && !key.slice(prefix.length + 1, -1).includes('[')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

/** How every API call answers while a fault is set (the upstream-fault suite). */
export type FakeStripeFault = { kind: 'status'; status: number } | { kind: 'garbage' } | { kind: 'empty' } | { kind: 'hang' };

export interface FakeStripeOptions {
  priceId?: string;
  /** Base of the hosted checkout and portal addresses (defaults to this server's own pages). */
  pagesBase?: string;
}

export function createFakeStripe(options: FakeStripeOptions = {}) {
  const priceId = options.priceId ?? FAKE_STRIPE.priceId;
  let base = options.pagesBase ?? '';
  let counter = 0;
  const failNext: (() => void)[] = [];
  let fault: FakeStripeFault | undefined;
  const hanging = new Set<http.ServerResponse>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: { method: string; path: string; form: Record<string, string>; idempotencyKey: string | null; at: number }[] = [];
  /** Departures from the published API description, one line each. */
  const violations: string[] = [];
  const nextId = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const invalid = (res: http.ServerResponse, message: string, param?: string) =>
    json(res, 400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

  function createSession(form: Record<string, string>, res: http.ServerResponse) {
    if (form.mode !== 'subscription') return invalid(res, 'mode must be subscription', 'mode');
    if (form['line_items[0][price]'] !== priceId || form['line_items[0][quantity]'] !== '1') return invalid(res, `No such price: '${form['line_items[0][price]']}'`, 'line_items');
    const uiMode = form.ui_mode ?? 'hosted_page';
    if (uiMode !== 'embedded_page' && uiMode !== 'hosted_page') return invalid(res, `Invalid ui_mode: must be one of elements, embedded_page, form or hosted_page`, 'ui_mode');
    if (uiMode === 'embedded_page' && !form.return_url) return invalid(res, 'return_url is required for embedded_page', 'return_url');
    if (uiMode === 'hosted_page' && (form.return_url || !form.success_url)) return invalid(res, 'success_url is required for hosted_page', 'success_url');
    // Stripe measures the window from the session's creation, that is, when this request arrives.
    const expiresAt = Number(form.expires_at);
    if (form.expires_at !== undefined && (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600)) {
      return invalid(res, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const id = nextId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      ui_mode: uiMode,
      status: 'open',
      payment_status: 'unpaid',
      client_secret: uiMode === 'embedded_page' ? `${id}_secret_fake` : null,
      url: uiMode === 'hosted_page' ? `${base}/__stripe/pay/${id}` : null,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      customer: null,
      subscription: null,
      metadata: prefixed(form, 'metadata'),
      subscription_metadata: prefixed(form, 'subscription_data[metadata]'),
      expires_at: expiresAt || now() + 24 * 3600,
      return_url: form.return_url ?? null,
      success_url: form.success_url ?? null,
      cancel_url: form.cancel_url ?? null,
      customer_details: null,
    };
    sessions.set(id, session);
    json(res, 200, session);
  }

  /**
   * Completes a checkout as a paying customer would: a customer, an active yearly subscription.
   * With `async` the customer chose a payment method that settles later (a bank debit): the
   * session completes unpaid and the subscription is incomplete until settleAsync.
   */
  function complete(sessionId: string, emailOrOptions?: string | { email?: string; async?: boolean }) {
    const options = typeof emailOrOptions === 'string' ? { email: emailOrOptions } : (emailOrOptions ?? {});
    const email = options.email;
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customer = nextId('cus');
    const start = now();
    const sub: FakeSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      customer,
      status: options.async ? 'incomplete' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      // Stripe copies subscription_data.metadata onto the subscription.
      metadata: { ...session.subscription_metadata },
      items: { object: 'list', data: [{ id: nextId('si'), object: 'subscription_item', current_period_start: start, current_period_end: start + YEAR }] },
    };
    subscriptions.set(sub.id, sub);
    Object.assign(session, {
      status: 'complete',
      payment_status: options.async ? 'unpaid' : 'paid',
      customer,
      subscription: sub.id,
      customer_details: { email: email ?? session.customer_email ?? 'visitor@example.com' },
    });
    return { session: { ...session }, subscription: sub };
  }

  /** The delayed payment of an async checkout settles: paid and active, or failed (the subscription stays incomplete). */
  function settleAsync(sessionId: string, outcome: 'succeeded' | 'failed') {
    const session = sessions.get(sessionId);
    if (!session?.subscription) throw new Error(`no completed checkout session ${sessionId}`);
    const sub = subscriptions.get(session.subscription)!;
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
      sub.status = 'active';
    }
    return { session: { ...session }, subscription: { ...sub } };
  }

  function updateSubscription(id: string, change: Partial<FakeSubscription>) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    Object.assign(sub, change);
    return sub;
  }

  /** An event as Stripe sends it, with its signature header. */
  function signedEvent(type: string, object: unknown, options: { id?: string; created?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: options.id ?? nextId('evt'),
      object: 'event',
      api_version: stripeApiVersion(),
      created: options.created ?? now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = signTestWebhook(payload, options.secret ?? FAKE_STRIPE.webhookSecret);
    return { payload, signature };
  }

  /** Answers the request when it is one of the fake's; false leaves it to another handler. */
  function handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const ours = ['/v1/checkout/sessions', '/v1/subscriptions', '/v1/billing_portal/sessions', '/__stripe/'].some((p) => path.startsWith(p));
    if (!ours) return false;
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      if (path.startsWith('/__stripe/')) return control(method, path, text, res);
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const form = parseForm(text);
      const key = req.headers['idempotency-key'];
      requests.push({ method, path, form, idempotencyKey: typeof key === 'string' ? key : null, at: now() });
      const departures = stripeViolations({ method, url: req.url ?? '/', contentType: req.headers['content-type'], body: text });
      if (departures.length > 0) {
        violations.push(...departures.map((line) => `${method} ${path}: ${line}`));
        return invalid(res, `Request does not match the published API description: ${departures.join('; ')}`);
      }
      if (fault) return answerFault(fault, res);
      const failing = failNext.shift();
      if (failing) {
        failing();
        return json(res, 500, { error: { type: 'api_error', message: 'Something went wrong on the fake.' } });
      }
      if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form, res);
      const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (subMatch) {
        const sub = subscriptions.get(subMatch[1]!);
        if (!sub) return json(res, 404, { error: { type: 'invalid_request_error', message: `No such subscription: '${subMatch[1]}'` } });
        if (method === 'POST') {
          if (form.cancel_at_period_end === 'true') Object.assign(sub, { cancel_at_period_end: true, canceled_at: now() });
          else if (form.cancel_at_period_end === 'false') Object.assign(sub, { cancel_at_period_end: false, canceled_at: null });
          else return invalid(res, 'unexpected subscription update');
        }
        return json(res, 200, sub);
      }
      if (method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!form.customer) return invalid(res, 'customer is required', 'customer');
        return json(res, 200, { id: nextId('bps'), object: 'billing_portal.session', customer: form.customer, return_url: form.return_url ?? null, url: `${base}/__stripe/portal/${form.customer}` });
      }
      json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
    });
    return true;
  }

  /** Stripe's error shape for a status; a 200 that is not JSON; a 200 with an empty object; or no answer. */
  function answerFault(current: FakeStripeFault, res: http.ServerResponse) {
    switch (current.kind) {
      case 'status':
        return json(res, current.status, {
          error: current.status === 429 ? { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } : { type: 'api_error', message: 'Something went wrong on the fake.' },
        });
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json {');
        return;
      case 'empty':
        return json(res, 200, {});
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  }

  function control(method: string, path: string, text: string, res: http.ServerResponse) {
    const completeMatch = /^\/__stripe\/complete\/([\w]+)$/.exec(path);
    if (method === 'POST' && completeMatch) {
      try {
        const body = text ? (JSON.parse(text) as { email?: string; async?: boolean }) : {};
        return json(res, 200, complete(completeMatch[1]!, body));
      } catch (error) {
        return json(res, 404, { error: { message: (error as Error).message } });
      }
    }
    const asyncMatch = /^\/__stripe\/async\/([\w]+)$/.exec(path);
    if (method === 'POST' && asyncMatch) {
      try {
        const body = JSON.parse(text || '{}') as { outcome?: string };
        return json(res, 200, settleAsync(asyncMatch[1]!, body.outcome === 'failed' ? 'failed' : 'succeeded'));
      } catch (error) {
        return json(res, 404, { error: { message: (error as Error).message } });
      }
    }
    if (method === 'POST' && path === '/__stripe/fail-next') {
      failNext.push(() => undefined);
      return json(res, 200, { failNext: failNext.length });
    }
    // The hosted pages: a plain page standing in for the provider's (browser tests only look at the address).
    if (method === 'GET' && (path.startsWith('/__stripe/pay/') || path.startsWith('/__stripe/portal/'))) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Fake payment page</title><h1>Fake payment page</h1>');
      return;
    }
    json(res, 404, { error: { message: 'unknown control endpoint' } });
  }

  return {
    handle,
    complete,
    settleAsync,
    updateSubscription,
    signedEvent,
    sessions,
    subscriptions,
    requests,
    violations,
    /** The next API call answers 500; `before` runs when it arrives (e.g. to move the clock as a slow network would). */
    failNextCall: (before: () => void = () => undefined) => failNext.push(before),
    /** Every API call answers this way until `setFault(undefined)`. */
    setFault: (next: FakeStripeFault | undefined) => {
      fault = next;
      if (!next) for (const res of hanging) res.destroy();
    },
    /** Connections held open by a 'hang' fault (closed on close). */
    hanging,
    setPagesBase: (value: string) => (base = value),
  };
}
export type FakeStripe = ReturnType<typeof createFakeStripe>;

/** The fake on its own port, with the app settings that point the SDK at it. */
export async function startFakeStripe(port = 0, options: FakeStripeOptions = {}) {
  const fake = createFakeStripe(options);
  const server = http.createServer((req, res) => {
    if (!fake.handle(req, res)) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  if (!options.pagesBase) fake.setPagesBase(`http://127.0.0.1:${actualPort}`);
  return {
    ...fake,
    port: actualPort,
    settings: {
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_PRICE_ID: FAKE_STRIPE.priceId,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: actualPort,
      STRIPE_API_PROTOCOL: 'http' as const,
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of fake.hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RunningFakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
