/**
 * The scripted OpenAI-compatible model for the browser tests (a Playwright webServer). The
 * "model" app server points AI_BASE_URL at it; tests queue behaviours over HTTP with
 * POST /__control/enqueue and POST /__control/reset (see e2e/model.ts). It also answers the payment
 * API calls of the main app server (apps/server/test/fake-stripe.ts; see e2e/membership.spec.ts).
 *
 *   node --import tsx e2e/fake-model-server.ts [port]
 */
import { startFakeOpenAi } from '../apps/server/test/fake-openai';
import { createFakeStripe } from '../apps/server/test/fake-stripe';

const port = Number(process.argv[2] ?? process.env.FAKE_MODEL_PORT ?? 5057);
// The payment API's fake shares the port: its paths (/v1/checkout, /v1/subscriptions, /__stripe/...) are its own.
const stripe = createFakeStripe({ pagesBase: `http://127.0.0.1:${port}` });
const fake = await startFakeOpenAi(port, { extra: stripe.handle });
console.log(`fake model listening on ${fake.baseUrl}`);

const shutdown = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
