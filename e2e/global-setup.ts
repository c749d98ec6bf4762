import { MODEL_APP_URL } from './model';

const MAIN_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 5055)}`;

/**
 * The first account of a fresh install becomes its admin. The journeys run on two workers
 * (playwright.config.ts), so whichever test registered first would be the admin by chance and see
 * admin-only things; an owner account registered here, before any test, takes that place on both
 * app servers. Tests that need an admin grant it explicitly (npm run admin) or start their own
 * fresh server (a11y.spec.ts), as before.
 */
export default async function globalSetup() {
  for (const base of [MAIN_URL, MODEL_APP_URL]) {
    const username = `owner${Date.now().toString(36)}`;
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.test`, password: 'correct horse 42' }),
    });
    if (res.status !== 201) throw new Error(`registering the install's owner on ${base} failed: ${res.status} ${await res.text()}`);
  }
}
