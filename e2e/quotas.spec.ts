import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { enqueueModel, MODEL_APP_URL, MODEL_STACK, resetModel } from './model';

/** "12 of 30 chat messages left today" -> [12, 30]. */
async function leftOf(hint: Locator): Promise<[number, number]> {
  await expect(hint).toHaveText(/^\d+ of \d+ .+ left today$/);
  const [, left, limit] = /^(\d+) of (\d+)/.exec((await hint.textContent()) ?? '') ?? [];
  return [Number(left), Number(limit)];
}

const chatHint = (page: Page) => page.getByTestId('quota-hint-chat');

test('the chat composer says what is left of today’s chat messages and counts down after a message', async ({ page, user: _user }) => {
  await page.goto('/chat');
  const [left, limit] = await leftOf(chatHint(page));
  expect(left).toBe(limit);

  await page.getByRole('textbox', { name: 'Message' }).fill('How do I register my songs?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chatHint(page)).toHaveText(`${left - 1} of ${limit} chat messages left today`);
});

test('at 0 the hint says the quota is used and when it resets', async ({ page, user: _user }) => {
  await page.route('**/api/quotas', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.quotas.chat = { ...body.quotas.chat, used: body.quotas.chat.limit, remaining: 0 };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/chat');
  await expect(chatHint(page)).toHaveText(/^You've used today's \d+ chat messages\. They reset at .+\.$/);
});

test('Lyric Assist says what is left of the lyrics quota; the built-in targets spend none of it', async ({ page, user: _user }) => {
  await page.goto('/lyrics');
  const hint = page.getByTestId('quota-hint-lyrics');
  const [left, limit] = await leftOf(hint);
  expect(left).toBe(limit);

  await page.getByRole('switch', { name: 'Auto-suggest' }).click(); // only the explicit request below
  const suggested = page.waitForResponse((r) => r.url().endsWith('/api/lyrics/suggestions'));
  await page.getByRole('textbox', { name: 'Lyrics' }).fill('I been on the grind all night');
  await page.getByRole('button', { name: 'Get Line Ideas' }).click();
  await suggested;
  await expect(page.getByTestId('suggestions-panel').getByRole('listitem')).toHaveCount(4);
  const quotas = page.waitForResponse((r) => r.url().endsWith('/api/quotas'));
  await page.getByRole('button', { name: 'Refresh suggestions' }).click();
  await quotas;
  await expect(hint).toHaveText(`${limit} of ${limit} lyric suggestions and feedback left today`);
});

test.describe('Lyric Assist with a language model', MODEL_STACK, () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: MODEL_APP_URL });
  test.beforeEach(async ({ request }) => {
    await resetModel(request);
  });

  test('counts the quota down after the model’s suggestions', async ({ page, request, user: _user }) => {
    await page.goto('/lyrics');
    const hint = page.getByTestId('quota-hint-lyrics');
    const [left, limit] = await leftOf(hint);
    await page.getByRole('switch', { name: 'Auto-suggest' }).click();
    await enqueueModel(request, { kind: 'reply', text: '- one more bar\n- two more bars\n- three more bars\n- four more bars' });
    const suggested = page.waitForResponse((r) => r.url().endsWith('/api/lyrics/suggestions'));
    await page.getByRole('textbox', { name: 'Lyrics' }).fill('I been on the grind all night');
    await page.getByRole('button', { name: 'Get Line Ideas' }).click();
    await suggested;
    await expect(hint).toHaveText(`${left - 1} of ${limit} lyric suggestions and feedback left today`);
  });
});

test('a server without quotas shows no hint', async ({ page, user: _user }) => {
  await page.route('**/api/quotas', (route) => route.fulfill({ status: 404, json: { message: 'Not found' } }));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/quotas'));
  await page.goto('/chat');
  await answered;
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(chatHint(page)).toHaveCount(0);
});
