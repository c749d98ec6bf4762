import { clickOverChordWav } from './audio';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, test } from './fixtures';

// Chromium with a (fake) microphone but every permission prompt answered No, as when an artist refuses.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  },
});

test('the Booth with the microphone refused says how to allow it and offers to try again; takes and mix stay on the page', async ({ page, user: _user }) => {
  const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Paper Plan.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 6, bpm: 120 }) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { songId } = (await upload.json()) as { songId: number };
  await expect.poll(async () => ((await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as { backing: unknown }).backing, { timeout: 30_000 }).not.toBeNull();

  await page.goto(`/songs/${songId}/booth`);
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The microphone was not allowed');
  await expect(alert).toContainText('choose Allow, then try again');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Takes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mix', exact: true })).toBeDisabled();
});
