import fs from 'node:fs';
import { expect, expectToast, test } from './fixtures';

test('make a beat, hear it play, pause it and download it', async ({ page, user: _user }) => {
  await page.goto('/studio');
  // /studio opens a 'Music Studio Session' and moves to its address.
  await expect(page).toHaveURL(/\/studio\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Music Studio' })).toBeVisible();
  await expect(page.getByText('Generate your first beat to get started')).toBeVisible();
  await expect(page.getByLabel('Style')).toHaveValue('rap');

  // A blank description is refused with the spec's message.
  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await expectToast(page, 'Description required', 'Please describe the beat you want to create');

  await page.getByLabel('Style').selectOption('lofi');
  await page.getByLabel('Beat description').fill('chill lofi 80 bpm with piano, 12 seconds');
  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await expect(page.getByRole('button', { name: 'Generating Beat...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Beat generated successfully!');
  await expect(page.getByLabel('Beat description')).toHaveValue('');

  const item = page.getByTestId('beat-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('lofi Beat');
  await expect(item).toContainText('chill lofi 80 bpm with piano, 12 seconds');
  await expect(item).toContainText('80 BPM');
  await expect(item).toContainText('yours to use');

  // The new beat starts playing by itself.
  const player = page.getByTestId('beat-player');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Pause lofi Beat' }).click();
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await expect(page.getByRole('button', { name: 'Play lofi Beat' })).toBeVisible();

  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('beat.mp3');
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
});
