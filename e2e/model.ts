import type { APIRequestContext } from '@playwright/test';
import type { FakeBehaviour, FakeModelsBehaviour } from '../apps/server/test/fake-openai';

/** Ports of the second stack (started by playwright.config.ts): an app server backed by the fake model. */
export const MODEL_PORTS = {
  app: Number(process.env.E2E_MODEL_PORT ?? 5056),
  fakeModel: Number(process.env.E2E_FAKE_MODEL_PORT ?? 5057),
};
/** The main app server's payment settings: the fake payment API answers on the fake model's port. */
export const E2E_STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_fake_members_only',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_members_only',
  STRIPE_PRICE_ID: 'price_fake_membership_yearly',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(MODEL_PORTS.fakeModel),
  STRIPE_API_PROTOCOL: 'http',
};
export const MODEL_APP_URL = `http://127.0.0.1:${MODEL_PORTS.app}`;
/** The model name that app server is configured with (AI_MODEL). */
export const MODEL_NAME = 'e2e-model';

/**
 * Details for a describe block whose tests use the model app server (MODEL_APP_URL): its tag puts
 * them in playwright.config.ts's 'model' project, which runs them one at a time, because the fake
 * model's queue, model list and the server's settings are shared by all of them.
 */
export const MODEL_STACK = { tag: '@model' } as const;

const controlUrl = (path: string) => `http://127.0.0.1:${MODEL_PORTS.fakeModel}/__control/${path}`;

/** The fake model answers its next requests this way, in order. Shared by all tests: run them serially. */
export async function enqueueModel(request: APIRequestContext, ...behaviours: FakeBehaviour[]) {
  const res = await request.post(controlUrl('enqueue'), { data: behaviours });
  if (!res.ok()) throw new Error(`enqueue failed: ${res.status()} ${await res.text()}`);
}

/** Lets a reply held at its `holdAfter` text stream on. */
export async function releaseModel(request: APIRequestContext) {
  const res = await request.post(controlUrl('release'));
  if (!res.ok()) throw new Error(`release failed: ${res.status()} ${await res.text()}`);
}

/** How the fake answers GET /v1/models (until the next reset). */
export async function setModelList(request: APIRequestContext, behaviour: FakeModelsBehaviour) {
  const res = await request.post(controlUrl('models'), { data: behaviour });
  if (!res.ok()) throw new Error(`setting the model list failed: ${res.status()} ${await res.text()}`);
}

export async function resetModel(request: APIRequestContext) {
  const res = await request.post(controlUrl('reset'));
  if (!res.ok()) throw new Error(`reset failed: ${res.status()} ${await res.text()}`);
}
