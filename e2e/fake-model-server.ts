/**
 * The scripted OpenAI-compatible model for the browser tests (a Playwright webServer). The
 * "model" app server points AI_BASE_URL at it; tests queue behaviours over HTTP with
 * POST /__control/enqueue and POST /__control/reset (see e2e/model.ts). It also answers the payment
 * API calls of the main app server (apps/server/test/fake-stripe.ts; see e2e/membership.spec.ts).
 *
 *   node --import tsx e2e/fake-model-server.ts [port]
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeOpenAi } from '../apps/server/test/fake-openai';
import { createFakeStripe } from '../apps/server/test/fake-stripe';

const port = Number(process.argv[2] ?? process.env.FAKE_MODEL_PORT ?? 5057);
// The payment API's fake shares the port: its paths (/v1/checkout, /v1/subscriptions, /__stripe/...) are its own.
const stripe = createFakeStripe({ pagesBase: `http://127.0.0.1:${port}` });
/**
 * The music host's predictions API (Replicate's protocol, as the model app server is configured)
 * failing as a service does when it is down: after a moment, 503. The Studio's failure journey
 * reads its message on the page.
 */
const music = (req: IncomingMessage, res: ServerResponse): boolean => {
  if (!req.url?.startsWith('/music/v1/')) return false;
  req.resume();
  setTimeout(() => res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Service Unavailable' })), 1500);
  return true;
};
const fake = await startFakeOpenAi(port, { extra: (req, res) => music(req, res) || stripe.handle(req, res) });
console.log(`fake model listening on ${fake.baseUrl}`);

const shutdown = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
