import { unzipSync } from 'fflate';
import { clickOnsets, clickOverChordWav, readWav16 } from './audio';
import { installPerfectArtist } from './booth-artist';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, expectToast, test } from './fixtures';

// The long journeys here took 43-46 s in a CI run at load 13 beside Vitest, three quarters of
// CI's 60 s guard (playwright.config.ts): they get twice that.
test.describe.configure({ timeout: 120_000 });

// A microphone that is the page's own (e2e/booth-artist.ts): no fake capture file.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] } });

/** The fake microphone's input delay (ms), exact, and reported by its track as a real one's is. */
const MIC_INPUT_MS = 12;

type BoothInfo = { backing: { bpm: number; firstDownbeatMs: number; bars: number; durationMs: number } | null };
type TakeInfo = { id: number; startMs: number; latencyMs: number; fromBar: number | null };

/** The clicks of a mix's dry vocal stem against the beat grid: each onset's distance (ms) to the nearest beat. */
async function dryVocalErrors(page: import('@playwright/test').Page, trackId: number, bpm: number, firstDownbeatMs: number) {
  const res = await page.request.get(`/api/tracks/${trackId}/mix-stems`);
  expect(res.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await res.body()));
  const { samples, sampleRate } = readWav16(files['vocal-dry.wav']);
  const beatMs = 60_000 / bpm;
  return clickOnsets(samples, sampleRate).map((s) => {
    const ms = s * 1000 - firstDownbeatMs;
    return { atMs: s * 1000, errorMs: ms - Math.round(ms / beatMs) * beatMs };
  });
}

test('the Booth places what a perfect artist sings on the beat: a take and a punch-in, mixed, land within 10 ms of the grid', async ({ page, user: _user }) => {
  test.setTimeout(180_000);
  // A 4-bar backing (8 s at 120 BPM), first downbeat at 0.
  const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'On Time.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 8, bpm: 120 }) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { songId } = (await upload.json()) as { songId: number };
  await expect.poll(async () => ((await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as BoothInfo).backing, { timeout: 60_000 }).not.toBeNull();
  const { backing } = (await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as { backing: NonNullable<BoothInfo['backing']> };
  expect(backing).toMatchObject({ bpm: 120, firstDownbeatMs: 0, bars: 4 });

  const inputMs = MIC_INPUT_MS;
  await page.addInitScript(installPerfectArtist, { bpm: backing.bpm, firstDownbeatMs: backing.firstDownbeatMs, inputMs });

  await page.goto(`/songs/${songId}/booth`);
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  await expect(page.getByText(/Wear headphones/)).toBeVisible();

  // A whole take, then bars 3–4 again (playback from bar 2: the pre-roll path).
  await page.getByRole('button', { name: 'Record a take' }).click();
  await expectToast(page, 'Take saved', undefined, { timeout: 60_000 });
  await page.getByText('Record some bars again').click();
  await page.getByLabel('From bar').fill('3');
  await page.getByLabel('To bar').fill('4');
  await page.getByRole('button', { name: 'Record these bars' }).click();
  await expect(page.getByTestId('take')).toHaveCount(2, { timeout: 60_000 });
  // The output path the context reported when the backing started (the artist heard the beat that late).
  const reported = await page.evaluate(() => (window as unknown as { __artist: { heardMs: number } }).__artist.heardMs);
  const { takes } = (await (await page.request.get(`/api/songs/${songId}/takes`)).json()) as { takes: TakeInfo[] };
  test.info().annotations.push({ type: 'latency compensated', description: takes.map((t) => `${t.latencyMs} ms`).join(', ') });

  await page.getByRole('button', { name: 'Mix', exact: true }).click();
  const done = page.getByTestId('mix-done');
  await expect(done).toBeVisible({ timeout: 90_000 });
  const href = await done.getByRole('link', { name: 'Review this mix' }).getAttribute('href');
  const mixTrack = Number(new URL(href!, 'http://x').searchParams.get('track'));

  const errors = await dryVocalErrors(page, mixTrack, backing.bpm, backing.firstDownbeatMs);
  test.info().annotations.push({ type: 'click errors (ms)', description: errors.map((e) => `${e.atMs.toFixed(0)}:${e.errorMs.toFixed(2)}`).join(' ') });
  // Every beat of the 4 bars has its click (the punch-in's bars 3–4 painted over the first take's)...
  expect(errors.length).toBe(backing.bars * 4);
  // ...within 10 ms of the grid.
  for (const e of errors) expect(Math.abs(e.errorMs), `click at ${e.atMs.toFixed(1)} ms`).toBeLessThan(10);
  // What the page took off: the output path the context reports plus the microphone's reported input path.
  for (const take of takes) expect(Math.abs(take.latencyMs - (reported + inputMs))).toBeLessThan(1.5);
});

/** Each click of a take's own audio, placed where the take says it starts, against the beat grid (ms). */
async function takeErrors(page: import('@playwright/test').Page, songId: number, take: TakeInfo, bpm: number, firstDownbeatMs: number) {
  const res = await page.request.get(`/api/songs/${songId}/takes/${take.id}/audio`);
  expect(res.status()).toBe(200);
  const { samples, sampleRate } = readWav16(new Uint8Array(await res.body()));
  const beatMs = 60_000 / bpm;
  return clickOnsets(samples, sampleRate).map((s) => {
    const ms = take.startMs + s * 1000 - firstDownbeatMs;
    return ms - Math.round(ms / beatMs) * beatMs;
  });
}

test('the Booth measures the delay of a setup whose reported latencies are wrong, keeps it for the microphone and lines takes up with it', async ({ page, user: _user }) => {
  test.setTimeout(180_000);
  const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Loopback.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 8, bpm: 120 }) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { songId } = (await upload.json()) as { songId: number };
  await expect.poll(async () => ((await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as BoothInfo).backing, { timeout: 60_000 }).not.toBeNull();
  const { backing } = (await (await page.request.get(`/api/songs/${songId}/booth`)).json()) as { backing: NonNullable<BoothInfo['backing']> };

  // The device's true round trip is 37 ms; the context and the track report about 60 between them.
  const inputMs = MIC_INPUT_MS;
  await page.addInitScript(installPerfectArtist, { bpm: backing.bpm, firstDownbeatMs: backing.firstDownbeatMs, inputMs, device: { roundTripMs: 37, outputMs: 10 } });
  await page.goto(`/songs/${songId}/booth`);
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  await page.getByText('Timing', { exact: true }).click();
  const measured = page.getByTestId('measured-delay');
  await expect(measured).toHaveText('Takes are lined up using the delay your browser reports.');
  const takes = page.getByTestId('take');
  const listed = async () => ((await (await page.request.get(`/api/songs/${songId}/takes`)).json()) as { takes: TakeInfo[] }).takes;

  // With the reported latencies the take is off the grid (early by the difference).
  await page.getByRole('button', { name: 'Record a take' }).click();
  await expect(takes).toHaveCount(1, { timeout: 60_000 });
  const before = await takeErrors(page, songId, (await listed())[0], backing.bpm, backing.firstDownbeatMs);
  // (The first beat's click may even fall before the take's start and be dropped with the count-in.)
  expect(before.length).toBeGreaterThanOrEqual(backing.bars * 4 - 1);
  expect(Math.max(...before.map(Math.abs))).toBeGreaterThan(10);

  // Headphones off, speakers on: the page's clicks come back 37 ms later.
  await page.evaluate(() => (window as unknown as { __artist: { speakers(on: boolean): void } }).__artist.speakers(true));
  await page.getByRole('button', { name: 'Measure the delay' }).click();
  await expectToast(page, 'Delay measured', undefined, { timeout: 30_000 });
  const ms = Number((await measured.textContent())?.match(/Measured delay: (\d+) ms on this microphone\./)?.[1]);
  expect(Math.abs(ms - 37)).toBeLessThanOrEqual(2);
  await page.evaluate(() => (window as unknown as { __artist: { speakers(on: boolean): void } }).__artist.speakers(false));

  // A take recorded now lands on the beat.
  await page.getByRole('button', { name: 'Record a take' }).click();
  await expect(takes).toHaveCount(2, { timeout: 60_000 });
  const after = (await listed())[1];
  const errors = await takeErrors(page, songId, after, backing.bpm, backing.firstDownbeatMs);
  test.info().annotations.push({ type: 'calibrated', description: `shown ${ms} ms; take errors before ${before.map((e) => e.toFixed(1)).join(' ')}; after ${errors.map((e) => e.toFixed(1)).join(' ')}` });
  expect(errors.length).toBe(backing.bars * 4);
  for (const e of errors) expect(Math.abs(e)).toBeLessThan(10);

  // Kept for this microphone in this browser; it can be forgotten.
  await page.reload();
  await page.getByRole('button', { name: 'Allow the microphone' }).click();
  await page.getByText('Timing', { exact: true }).click();
  await expect(measured).toHaveText(`Measured delay: ${ms} ms on this microphone.`);
  await page.getByRole('button', { name: 'Forget the measurement' }).click();
  await expect(measured).toHaveText('Takes are lined up using the delay your browser reports.');
});
