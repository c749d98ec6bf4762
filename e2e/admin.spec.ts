import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueAccount } from './fixtures';
import { MODEL_APP_URL, MODEL_NAME, resetModel, setModelList } from './model';

/** Makes `username` an admin of the model app server with the admin command (npm run admin), as an operator would. */
function grantAdmin(username: string) {
  const cli = path.join(import.meta.dirname, '..', 'apps/server/src/cli/admin.ts');
  execFileSync(process.execPath, ['--import', 'tsx', cli, 'grant-admin', username], {
    // The model app server keeps its SQLite database in this folder (playwright.config.ts).
    env: { ...process.env, DATA_DIR: process.env.E2E_MODEL_DATA_DIR, DATABASE_URL: '' },
    stdio: 'pipe',
  });
}

const service = (page: Page, id: string) => page.getByTestId(`service-${id}`);

test.describe('the admin page', () => {
  // One scripted model serves every test here: run them one after another.
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: MODEL_APP_URL });

  test.beforeEach(async ({ request }) => {
    await resetModel(request);
  });

  test('shows each service: what runs it, the settings that connect it and whether it answers', async ({ page, request }) => {
    const account = uniqueAccount();
    expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
    grantAdmin(account.username);
    await setModelList(request, { kind: 'list', models: [MODEL_NAME, 'another-model'] });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const services = page.getByRole('region', { name: 'Services' });
    await expect(services.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible();

    const text = service(page, 'text');
    await expect(text.getByRole('heading', { name: 'Text model' })).toBeVisible();
    await expect(text).toContainText('Configured');
    await expect(text.getByTestId('service-reachability')).toHaveText('Reachable');
    await expect(text).toContainText(`${MODEL_NAME} at 127.0.0.1:`);
    await expect(text).toContainText(`lists ${MODEL_NAME}`);
    await expect(text.getByText('AI_BASE_URL', { exact: true })).toBeVisible();

    await expect(service(page, 'text.lyrics')).toContainText(`${MODEL_NAME} (the text model)`);
    const speech = service(page, 'speech');
    await expect(speech).toContainText('Not configured');
    await expect(speech.getByTestId('service-reachability')).toHaveText('Nothing to reach');
    await expect(speech.getByText('STT_BASE_URL', { exact: true })).toBeVisible();
    await expect(service(page, 'storage').getByTestId('service-reachability')).toHaveText('Reachable');
    await expect(service(page, 'database')).toContainText('SQLite');

    // The endpoint goes down: Check again says so.
    await setModelList(request, { kind: 'status', status: 503 });
    await services.getByRole('button', { name: 'Check again' }).click();
    await expect(text.getByTestId('service-reachability')).toHaveText('Not reachable');
    await expect(text).toContainText('Answered 503');
  });

  test('is not for members, and nothing they see names a setting', async ({ page, request }) => {
    // The first account of a fresh install is the admin: make sure another account is first.
    await request.post('/api/register', { data: uniqueAccount() });
    const account = uniqueAccount();
    expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
    expect((await page.request.get('/api/admin/services')).status()).toBe(403);
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
    await expect(page.locator('body')).not.toContainText(/AI_|STT_|DATABASE_URL/);
  });
});
