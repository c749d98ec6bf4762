import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickOverChordWav, wavFile } from './audio';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, expectToast, test } from './fixtures';

/**
 * The Booth (issue 29) with Chromium's fake microphone: the WAV below is what the "microphone"
 * hears (looped): a click on every beat at 120 BPM and a sung-like tone between them.
 */
function micWav(): string {
  const rate = 48_000;
  const seconds = 4;
  const samples = new Float32Array(rate * seconds);
  for (let i = 0; i < samples.length; i++) {
    const sinceBeat = i % (rate / 2);
    const click = sinceBeat < 0.02 * rate ? 0.7 * Math.exp(-sinceBeat / (0.004 * rate)) * Math.sin((2 * Math.PI * 1500 * sinceBeat) / rate) : 0;
    const t = i / rate;
    const voice = 0.25 * Math.sin(2 * Math.PI * 220 * t) * (0.5 + 0.5 * Math.sin(2 * Math.PI * 1.5 * t));
    samples[i] = click + voice;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mo-booth-mic-')), 'mic.wav');
  fs.writeFileSync(file, wavFile(samples, { sampleRate: rate, channels: 1 }));
  return file;
}

const LYRICS = ['[Verse]', 'Paper plans folded up in my pocket tonight', 'every corner of the city got my name in the light', 'mama said keep moving when the money get tight', 'now the paper plan flying and it never lose height'].join('\n');

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micWav()}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test('the Booth: allow the microphone, record two takes over the beat with the prompter, punch in bars 3–4, comp, mix and review the new version', async ({ page, user: _user }) => {
  // About a minute on a quiet machine; the mix and the analysis wait for the job queue on a loaded one.
  test.setTimeout(240_000);
  // Set-up through the API: a song whose first version (8 s at 120 BPM, 4 bars) is the backing, with lyrics.
  const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Paper Plan.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 8, bpm: 120 }) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { songId, id: trackId } = (await upload.json()) as { songId: number; id: number };
  await expect.poll(async () => ((await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as { backing: unknown }).backing, { timeout: 60_000 }).not.toBeNull();
  expect((await page.request.put(`/api/tracks/${trackId}/transcription`, { data: { transcription: LYRICS } })).status()).toBe(200);
  const booth = (await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as { backing: { bars: number; bpm: number } };

  // From the song page's tools.
  await page.goto(`/songs/${songId}`);
  await page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Record' }).click();
  await expect(page).toHaveURL(new RegExp(`/songs/${songId}/booth$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Booth: Paper Plan' })).toBeVisible();
  await expect(page.getByText('Paper plans folded up in my pocket tonight')).toBeVisible();

  // The microphone is asked for after the explanation; the meter moves with the fake input.
  await expect(page.getByText(/records your voice with your microphone/)).toBeVisible();
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(-40);
  await expect(page.getByText(/Wear headphones/)).toBeVisible();

  // A whole take: count-in, then the prompter follows the bars; chunks go up while recording.
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/songs/${songId}/takes`) chunks.push(r.url());
  });
  await page.getByRole('button', { name: 'Record a take' }).click();
  const status = page.getByTestId('record-status');
  await expect(status).toHaveText('Count-in…');
  await expect(status).toHaveText(/Recording · bar 2 of/);
  await expect(page.getByTestId('prompter').locator('[aria-current="true"]')).toContainText('every corner of the city');
  // More than one chunk went up before the take ended.
  await expect.poll(() => chunks.length, { timeout: 30_000 }).toBeGreaterThan(1);
  await expectToast(page, 'Take saved', undefined, { timeout: 60_000 });
  const takes = page.getByTestId('take');
  await expect(takes).toHaveCount(1);
  await expect(takes.first().getByRole('textbox', { name: 'Take name' })).toHaveValue('Take 1');
  // The worklet's processing stayed well inside its time budget.
  const load = Number(await page.getByTestId('booth').getAttribute('data-worklet-load'));
  expect(load).toBeLessThan(0.1);
  test.info().annotations.push({ type: 'worklet load', description: `${(load * 100).toFixed(2)}% of the time budget` });

  const [first] = ((await (await page.request.get(`/api/songs/${songId}/takes`)).json()) as { takes: Array<{ id: number; complete: boolean; durationMs: number; startMs: number; sampleRate: number; latencyMs: number }> }).takes;
  expect(first.complete).toBe(true);
  // The count-in was dropped: the take starts on the beat and lasts about the backing's 8 s.
  expect(first.startMs).toBe(0);
  expect(first.durationMs).toBeGreaterThan(7_000);
  expect(first.durationMs).toBeLessThan(9_000);
  test.info().annotations.push({ type: 'take', description: `${first.sampleRate} Hz, latency ${first.latencyMs} ms compensated` });

  // Rename it.
  const name = takes.first().getByRole('textbox', { name: 'Take name' });
  await name.fill('Verse keeper');
  await name.press('Enter');
  await expect.poll(async () => ((await (await page.request.get(`/api/songs/${songId}/takes`)).json()) as { takes: Array<{ name: string }> }).takes[0].name).toBe('Verse keeper');

  // A second whole take.
  await page.getByRole('button', { name: 'Record a take' }).click();
  await expect(status).toHaveText('Count-in…');
  await expect(status).toHaveText(/Recording · bar 1 of 4/);
  await expect(takes).toHaveCount(2, { timeout: 60_000 });
  await expect(takes.nth(1).getByRole('textbox', { name: 'Take name' })).toHaveValue('Take 2');
  await expect(takes.nth(1)).toContainText('whole song');

  // Punch in bars 3–4 with a bar of pre-roll.
  expect(booth.backing.bars).toBe(4);
  await page.getByText('Record some bars again').click();
  await page.getByLabel('From bar').fill('3');
  await page.getByLabel('To bar').fill('4');
  await page.getByRole('button', { name: 'Record these bars' }).click();
  await expect(status).toHaveText('Count-in…');
  await expect(status).toHaveText(/Recording · bar 3 of 4/);
  await expect(takes).toHaveCount(3, { timeout: 60_000 });
  await expect(takes.nth(2)).toContainText('bars 3–4');
  await expect(takes.nth(2).getByRole('textbox', { name: 'Take name' })).toHaveValue('Bars 3–4');

  // Comp: the first take for bars 1–2, the second for bars 2–3 (it wins bar 2, being later), the punch-in its own bars 3–4 (it wins bar 3).
  await page.getByLabel('Verse keeper: first bar in the mix').fill('1');
  await page.getByLabel('Verse keeper: last bar in the mix').fill('2');
  await page.getByLabel('Take 2: first bar in the mix').fill('2');
  await page.getByLabel('Take 2: last bar in the mix').fill('3');
  // Mix with a little more space.
  await page.getByLabel('Space').fill('6');
  await page.getByRole('button', { name: 'Mix', exact: true }).click();
  const done = page.getByTestId('mix-done');
  await expect(done).toBeVisible({ timeout: 90_000 });
  await expect(done.getByRole('link', { name: 'Stems' })).toHaveAttribute('href', /\/api\/tracks\/\d+\/mix-stems$/);
  const review = done.getByRole('link', { name: 'Review this mix' });
  const href = await review.getAttribute('href');
  const mixTrack = Number(new URL(href!, 'http://x').searchParams.get('track'));
  const mixes = (await (await page.request.get(`/api/songs/${songId}/mixes`)).json()) as { mixes: Array<{ trackId: number; settings: { vocal: { space: number } }; takes: unknown[] }> };
  expect(mixes.mixes[0]).toMatchObject({ trackId: mixTrack, settings: { vocal: { space: 6 } } });
  const ids = ((await (await page.request.get(`/api/songs/${songId}/takes`)).json()) as { takes: Array<{ id: number }> }).takes.map((t) => t.id);
  expect(mixes.mixes[0].takes).toEqual([
    { takeId: ids[0], fromBar: 1, toBar: 2 },
    { takeId: ids[1], fromBar: 2, toBar: 3 },
    { takeId: ids[2], fromBar: null, toBar: null },
  ]);

  // "Review this mix" opens Song Review on the new version.
  await review.click();
  await expect(page).toHaveURL(new RegExp(`/review\\?song=${songId}&track=${mixTrack}$`));
  await expect(page.getByRole('heading', { level: 2, name: /mix 1/i })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveValue(String(mixTrack));
  await expect(page.locator('[data-fact="Loudness"]')).toContainText('LUFS', { timeout: 60_000 });

  // The song shows the mix as its newest version, compared with the one before.
  await page.goto(`/songs/${songId}`);
  const newest = page.getByTestId('song-version').first();
  await expect(newest).toContainText(/mix 1/i);
  await expect(newest.getByTestId('version-comparison')).toContainText('Compared with');
});
