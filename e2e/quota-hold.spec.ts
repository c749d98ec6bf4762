import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/** "3 of 5 beats left today" -> [3, 5]. */
async function leftOf(hint: Locator): Promise<[number, number]> {
  await expect(hint).toHaveText(/^\d+ of \d+ .+ left today$/);
  const [, left, limit] = /^(\d+) of (\d+)/.exec((await hint.textContent()) ?? '') ?? [];
  return [Number(left), Number(limit)];
}

// ADR 031: a unit is spent when the work is accepted and comes back only if the work fails. A page
// reloaded mid-generation (its request cut off) keeps the job running and the unit spent.
test('a beat whose page is reloaded mid-generation still lands in the library, and the quota shows the unit spent', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/studio\/\d+$/);
  const hint = page.getByTestId('quota-hint-beat');
  const [left, limit] = await leftOf(hint);

  await page.getByLabel('Style').selectOption('trap');
  await page.getByLabel('Beat description').fill('dark trap 140 bpm, 40 seconds');
  const accepted = page.waitForRequest((r) => r.url().endsWith('/api/studio/generate') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await accepted;
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();

  // Reload while the beat is being made: the request that started it is cut off.
  await page.reload();
  // The page picks the beat in the making up from the library and follows it to the end.
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
  const item = page.getByTestId('beat-item');
  await expect(item.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 90_000 });
  await expect(item).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toHaveCount(0);
  await expect(item).toContainText('dark trap 140 bpm, 40 seconds');

  // Once it is done, a fresh page still counts it.
  await page.reload();
  await expect(page.getByTestId('beat-item')).toHaveCount(1);
  await expect(hint).toHaveText(`${left - 1} of ${limit} beats left today`);
});
