import type { Locator } from '@playwright/test';
import { clickOverChordWav } from './audio';
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
  const hint = page.getByTestId('quota-hint-beat');
  const [left, limit] = await leftOf(hint);

  await page.getByLabel('Style').selectOption('trap');
  await page.getByLabel('Beat description').fill('dark trap 140 bpm, 40 seconds');
  const accepted = page.waitForRequest((r) => r.url().endsWith('/api/studio/generate') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await accepted;
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/\d+$/);

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

// ADR 031: a cover's request goes on when its page reloads; the reloaded page finds the cover still
// being made and shows it when it lands. The browser's POST is held here (never answered to the
// page) and sent to the server only once the page has reloaded, so the cover surely lands after.
test('a cover whose page is reloaded mid-generation appears on the reloaded page when it lands', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
  await page.goto('/cover-art');
  await page.getByLabel('Upload a track').setInputFiles({ name: 'artist-Night Drive.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 6, bpm: 140 }) });
  await page.getByLabel('Paste or type the lyrics').fill('Headlights on the highway, city in the rear\nnight drive slow while the skyline disappears');
  await page.getByRole('button', { name: 'Save lyrics' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 30_000 });

  let held: unknown;
  await page.route('**/api/coverarts', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    held = route.request().postDataJSON();
    // Not answered: the page's request stays open until the reload cuts it off.
  });
  await page.getByRole('button', { name: 'Generate Cover Art' }).click();
  await expect.poll(() => held).toBeTruthy();

  // The handler stays: removing it would let the held request go on to the server (Playwright
  // continues a pending route whose handler is removed), making a second cover. The reload cuts
  // the held request off, as a real reload would.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Your cover is still being made...' })).toBeVisible();
  // The request reaches the server now, as the cut-off one would have, from the same session.
  const made = await page.request.post('/api/coverarts', { data: held });
  expect(made.status()).toBe(201);
  const { id, conversationId } = (await made.json()) as { id: number; conversationId: number };

  await expect(page.getByTestId('cover-image')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('cover-image')).toHaveAttribute('src', new RegExp(`${id}`));
  await expect(page).toHaveURL(new RegExp(`/cover-art/${conversationId}$`));
  await expect(page.getByText('Your cover is still being made...')).toHaveCount(0);
  // Landed once: a fresh load shows the cover, not a wait.
  await page.reload();
  await expect(page.getByTestId('cover-image')).toBeVisible();
  await expect(page.getByText('Your cover is still being made...')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
