import fs from 'node:fs';
import { expect, expectToast, test } from './fixtures';
import { MODEL_APP_URL } from './model';

test('make a beat, hear it play, pause it and download it, its stems and MIDI; make a variation and extend it', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
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
  // The job's progress shows while the beat is made.
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
  await expect(page.getByText(/^(Waiting for the studio\.\.\.|Making your beat: \d+%)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toHaveCount(0);
  await expectToast(page, 'Beat generated successfully!');
  await expect(page.getByLabel('Beat description')).toHaveValue('');

  const item = page.getByTestId('beat-item');
  await expect(item).toHaveCount(1);
  // Named from the description: mood, style, key (the seed's), tempo.
  await expect(item).toContainText(/Chill lo-fi, [A-G][#b]? (major|minor), 80/);
  await expect(item).toContainText('chill lofi 80 bpm with piano, 12 seconds');
  await expect(item).toContainText('80 BPM');
  await expect(item).toContainText('yours to use');

  // The new beat starts playing by itself.
  const player = page.getByTestId('beat-player');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: /^Pause Chill lo-fi, .+, 80$/ }).click();
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await expect(page.getByRole('button', { name: /^Play Chill lo-fi, .+, 80$/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Chill lo-fi, [A-G][#b]? (major|minor), 80\.mp3$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');

  // The stems (a ZIP of WAVs) and the MIDI file of the parts.
  const stems = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Stems' }).click();
  const zip = await stems;
  expect(zip.suggestedFilename()).toMatch(/^Chill lo-fi, [A-G][#b]? (major|minor), 80 stems\.zip$/);
  expect(fs.readFileSync((await zip.path())!).subarray(0, 2).toString('latin1')).toBe('PK');
  const midi = page.waitForEvent('download');
  await item.getByRole('link', { name: 'MIDI' }).click();
  const mid = await midi;
  expect(mid.suggestedFilename()).toMatch(/^Chill lo-fi, [A-G][#b]? (major|minor), 80\.mid$/);
  expect(fs.readFileSync((await mid.path())!).subarray(0, 4).toString('latin1')).toBe('MThd');

  // 'Make a variation': a new beat on top of the list, same tempo, marked as a variation; it plays.
  await item.getByRole('button', { name: 'Make a variation' }).click();
  await expect(page.getByRole('button', { name: 'Generating Beat...' })).toBeDisabled();
  await expectToast(page, 'Variation generated successfully!');
  await expect(page.getByTestId('beat-item')).toHaveCount(2);
  const variation = page.getByTestId('beat-item').first();
  await expect(variation).toContainText('Variation');
  await expect(variation).toContainText('80 BPM');
  await expect(variation).toContainText('0:12');

  // 'Extend': longer, same tempo, marked as extended.
  await variation.getByRole('button', { name: 'Extend' }).click();
  await expectToast(page, 'Extended beat generated successfully!');
  await expect(page.getByTestId('beat-item')).toHaveCount(3);
  const extended = page.getByTestId('beat-item').first();
  await expect(extended).toContainText('Extended');
  await expect(extended).toContainText('80 BPM');
  await expect(extended).not.toContainText('0:12');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 15_000 }).toBe(true);
});

test.describe('with a hosted music model that is down', () => {
  test.use({ baseURL: MODEL_APP_URL });

  test('a beat that fails shows the service’s message and the description stays', async ({ page, user: _user }) => {
    await page.goto('/studio');
    await expect(page).toHaveURL(/\/studio\/\d+$/);
    await page.getByLabel('Style').selectOption('trap');
    const description = 'dark trap 140 bpm with rolling hats';
    await page.getByLabel('Beat description').fill(description);
    await page.getByRole('button', { name: 'Generate Beat' }).click();
    await expect(page.getByRole('button', { name: 'Generating Beat...' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
    await expectToast(page, 'Failed to generate beat', 'The music service is temporarily unavailable. Please try again later.');
    await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled();
    await expect(page.getByLabel('Beat description')).toHaveValue(description);
    await expect(page.getByLabel('Style')).toHaveValue('trap');
    await expect(page.getByText('Generate your first beat to get started')).toBeVisible();
  });
});
