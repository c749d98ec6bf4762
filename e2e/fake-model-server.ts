/**
 * The scripted OpenAI-compatible model for the browser tests (a Playwright webServer). The
 * "model" app server points AI_BASE_URL at it; tests queue behaviours over HTTP with
 * POST /__control/enqueue and POST /__control/reset (see e2e/model.ts).
 *
 *   node --import tsx e2e/fake-model-server.ts [port]
 */
import { startFakeOpenAi } from '../apps/server/test/fake-openai';

const port = Number(process.argv[2] ?? process.env.FAKE_MODEL_PORT ?? 5057);
const fake = await startFakeOpenAi(port);
console.log(`fake model listening on ${fake.baseUrl}`);

const shutdown = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
