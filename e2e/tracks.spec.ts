import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wavFile } from './audio';
import { expect, expectToast, test } from './fixtures';

/**
 * A 16-bit PCM WAV made here (nothing downloaded): a 120 BPM metronome (30 ms 1 kHz bursts
 * every 0.5 s) over a quiet A minor chord pad that changes every bar, so the analyzer finds a
 * tempo and a key. 30 s of stereo at 44.1 kHz is about 5 MB: big enough to watch the upload.
 */
function clickTrackWav({ seconds = 30, bpm = 120, sampleRate = 44_100 } = {}): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Float32Array(frames);
  const beat = (60 / bpm) * sampleRate;
  const clickLength = Math.round(0.03 * sampleRate);
  for (let start = 0; start < frames; start += beat) {
    const at = Math.round(start);
    for (let i = 0; i < clickLength && at + i < frames; i++) {
      samples[at + i] += 0.7 * Math.exp(-i / (0.006 * sampleRate)) * Math.sin((2 * Math.PI * 1000 * i) / sampleRate);
    }
  }
  // Am, Dm, Em, Am (MIDI notes), one chord per bar of four beats.
  const chords = [
    [57, 60, 64],
    [62, 65, 69],
    [64, 67, 71],
    [57, 60, 64],
  ];
  const bar = 4 * beat;
  for (let i = 0; i < frames; i++) {
    const chord = chords[Math.floor(i / bar) % chords.length];
    let v = 0;
    for (const note of chord) v += Math.sin((2 * Math.PI * 440 * 2 ** ((note - 69) / 12) * i) / sampleRate);
    samples[i] += 0.08 * v;
  }

  return wavFile(samples, { sampleRate });
}

const UPLOAD_LABEL = 'Upload a track';
const NO_TRANSCRIPTION = "This track doesn't have lyrics yet. Add them on the track, or select another track.";

declare global {
  interface Window {
    __uploadProgress?: number[];
  }
}

test.describe('Song Review: tracks', () => {
  test('uploads with real progress, then shows the analysis on the waveform player', async ({ page, user: _user }) => {
    // A throttled 5 MB upload, the analysis and a deliberate wait for polls that must not come.
    test.setTimeout(60_000);
    const wav = clickTrackWav();
    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Song Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No track selected' })).toBeVisible();
    await expect(page.getByText('Please upload or select a track for review')).toBeVisible();
    await expect(page.getByText('Supports MP3, WAV, and M4A formats up to 50MB')).toBeVisible();
    await expect(page.getByText('No tracks yet. Upload one to get started.')).toBeVisible();

    // Record every value the upload bar takes (it is created, updated, then removed).
    await page.evaluate(() => {
      window.__uploadProgress = [];
      const record = (node: Node) => {
        if (node instanceof HTMLElement && node.getAttribute('aria-label') === 'Upload progress') {
          window.__uploadProgress!.push(Number(node.getAttribute('aria-valuenow')));
        }
      };
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          if (m.type === 'attributes') record(m.target);
          else m.addedNodes.forEach((n) => n instanceof HTMLElement && n.querySelectorAll('[role="progressbar"]').forEach(record));
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    // Slow the upload down (about 2.5 s for 5 MB) so the bar shows values in between.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      uploadThroughput: 2 * 1024 * 1024,
      downloadThroughput: -1,
    });
    const uploadRequest = page.waitForRequest((r) => r.url().endsWith('/api/tracks/upload') && r.method() === 'POST');
    await page.getByLabel(UPLOAD_LABEL).setInputFiles({ name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: wav });
    await uploadRequest;
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

    // Honest toast: there is no speech-to-text in e2e, so it does not claim a transcription.
    await expectToast(page, 'Track Uploaded', 'Your track has been uploaded. Add the lyrics to get a review.');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, uploadThroughput: -1, downloadThroughput: -1 });
    const values = await page.evaluate(() => window.__uploadProgress ?? []);
    expect(values.some((v) => v > 0 && v < 100), `intermediate progress in ${JSON.stringify(values)}`).toBe(true);
    expect(values).toContain(100);
    test.info().annotations.push({ type: 'upload progress values', description: JSON.stringify(values) });
    // The finished bar goes away after a second.
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeHidden();

    // The new track is selected (kept in the URL) and listed.
    await expect(page).toHaveURL(/[?&]track=\d+/);
    await expect(page.getByRole('button', { name: /Night Drive/, pressed: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Night Drive' })).toBeVisible();

    // The analysis arrives (the page polls every second) and is shown on the player.
    const facts = page.getByRole('definition');
    await expect(page.locator('[data-fact="Tempo"] dd')).toHaveText(/1(19|20|21) BPM/, { timeout: 30_000 });
    await expect(page.locator('[data-fact="Key"] dd')).toHaveText(/^[A-G][#b]? (major|minor)$/);
    await expect(page.locator('[data-fact="Loudness"] dd')).toHaveText(/^-?\d+\.\d LUFS$/);
    await expect(page.locator('[data-fact="True peak"] dd')).toHaveText(/^-?\d+\.\d dBTP$/);
    await expect(page.locator('[data-fact="Duration"] dd')).toHaveText('0:30');
    await expect(facts).toHaveCount(5);
    await expect(page.getByText('Analysed by built-in analyzer v1')).toBeVisible();

    // Loudness over time under the waveform: a steady metronome reads the same throughout.
    const loudness = page.getByRole('img', { name: /^Loudness over time\. Loudest at \d:\d\d \(-\d+\.\d LUFS\), quietest at / });
    await expect(loudness).toBeVisible();
    await expect(loudness.locator('path')).toHaveAttribute('d', /^M1\.5 [\d.]+(L[\d.]+ [\d.]+){27}$/);
    await expect(page.getByTestId('loudness-chart')).toContainText('Never above -8 LUFS, where a master starts to sound squashed.');

    // Polling stops once the analysis is done (and there is no transcription to wait for).
    const polls: string[] = [];
    page.on('request', (r) => {
      if (/^\/api\/tracks\/\d+$/.test(new URL(r.url()).pathname)) polls.push(r.url());
    });
    // The wait is the thing under test: Song Review polls once a second while the server works, so
    // two and a half seconds without a request show the polling has stopped (there is no event
    // for a request that does not happen).
    await page.waitForTimeout(2_500);
    expect(polls, 'no more track polls').toEqual([]);

    // wavesurfer drew the server's peaks into its shadow root.
    const waveform = page.getByTestId('waveform');
    await expect(waveform.locator('canvas').first()).toBeAttached();
    expect(await waveform.evaluate((el) => Boolean(el.querySelector('div')?.shadowRoot))).toBe(true);
    await expect(waveform).toHaveAttribute('aria-valuemax', '30');

    // Play, seek with the keyboard, pause.
    const play = page.getByRole('button', { name: 'Play Night Drive' });
    await expect(play).toBeEnabled();
    await waveform.focus();
    await page.keyboard.press('ArrowRight');
    await expect(waveform).toHaveAttribute('aria-valuenow', '5');
    await play.click();
    await expect(page.getByRole('button', { name: 'Pause Night Drive' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause Night Drive' }).click();
    await expect(play).toBeVisible();

    // Without lyrics the review cannot run, and the button says why it is off.
    await expect(page.getByText(NO_TRANSCRIPTION)).toBeVisible();
    await expect(page.getByText("Lyrics from the recording aren't available here; paste or type them.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Comprehensive Review' })).toBeDisabled();
    await expect(page.getByText('Or add its lyrics above to review this one.')).toBeVisible();
  });

  test('the list tells two uploads of the same file apart; on a phone the selected track comes first', async ({ page, user: _user }) => {
    const upload = async () => {
      const res = await page.request.post('/api/tracks/upload', {
        multipart: { audioFile: { name: 'Same Take.wav', mimeType: 'audio/wav', buffer: clickTrackWav({ seconds: 4 }) } },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number; createdAt: string };
    };
    const firstTrack = await upload();
    // An artist cannot upload twice within a second; the labels go down to seconds at most: the
    // second upload waits for the clock to pass into the next second.
    const firstSecond = Math.floor(Date.parse(firstTrack.createdAt) / 1000);
    await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(firstSecond);
    const first = firstTrack.id;
    const second = (await upload()).id;
    for (const id of [first, second]) {
      await expect.poll(async () => (await (await page.request.get(`/api/tracks/${id}`)).json()).analysis.status, { timeout: 30_000 }).toBe('done');
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/review');
    const list = page.getByRole('list', { name: 'Your Tracks' });
    const entries = list.getByRole('button', { name: /^Same Take/ });
    await expect(entries).toHaveCount(2);
    const metas = await list.getByTestId('track-meta').allTextContents();
    expect(metas).toHaveLength(2);
    for (const meta of metas) expect(meta).toMatch(/^Length 0:04 · Uploaded today at \d{1,2}:\d{2}/);
    expect(metas[0]).not.toBe(metas[1]);
    await expect(list.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

    // Nothing selected: the list comes first. Selected: its details come first, above the list.
    const listHeading = page.getByRole('heading', { level: 2, name: 'Your Tracks' });
    const empty = page.getByRole('heading', { name: 'No track selected' });
    expect((await empty.boundingBox())!.y).toBeGreaterThan((await listHeading.boundingBox())!.y);
    await entries.last().click();
    await expect(page).toHaveURL(new RegExp(`[?&]track=${first}`));
    const details = page.getByRole('heading', { level: 2, name: 'Same Take' });
    await expect(details).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await details.boundingBox())!.y).toBeLessThan((await listHeading.boundingBox())!.y);
    await expect(details).toBeInViewport();

    // On a wide screen the list stays on the left, beside the details.
    await page.setViewportSize({ width: 1280, height: 800 });
    const wideList = (await listHeading.boundingBox())!;
    const wideDetails = (await details.boundingBox())!;
    expect(wideList.x).toBeLessThan(wideDetails.x);
  });

  test('the manual lyrics path: save, reload, see them; edit them', async ({ page, user: _user }) => {
    // The track comes through the API (the upload UI is covered above).
    const res = await page.request.post('/api/tracks/upload', {
      multipart: { audioFile: { name: 'Hook Demo.wav', mimeType: 'audio/wav', buffer: clickTrackWav({ seconds: 5 }) } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const track = (await res.json()) as { id: number };

    await page.goto(`/review?track=${track.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Hook Demo' })).toBeVisible();
    await expect(page.getByText(NO_TRANSCRIPTION)).toBeVisible();

    const lyrics = page.getByLabel('Paste or type the lyrics');
    // Blank lyrics are refused in place.
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Lyrics cannot be empty' })).toBeVisible();

    await lyrics.fill('Late night, city lights\nWe ride till the morning');
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expectToast(page, 'Lyrics saved');
    await expect(page.getByTestId('track-lyrics')).toHaveText('Late night, city lights\nWe ride till the morning');
    await expect(page.getByText('Typed by you')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to analyze' })).toBeVisible();
    await expect(page.getByText(NO_TRANSCRIPTION)).toBeHidden();

    await page.reload();
    await expect(page.getByTestId('track-lyrics')).toHaveText('Late night, city lights\nWe ride till the morning');
    await expect(page.getByText('Typed by you')).toBeVisible();

    // Collapse, then edit.
    await page.getByRole('button', { name: 'Hide lyrics' }).click();
    await expect(page.getByTestId('track-lyrics')).toBeHidden();
    await page.getByRole('button', { name: 'Edit lyrics of Hook Demo' }).click();
    await expect(lyrics).toHaveValue('Late night, city lights\nWe ride till the morning');
    await lyrics.fill('New hook line');
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expect(page.getByTestId('track-lyrics')).toHaveText('New hook line');
  });

  test('a text file named .mp3 is refused by the server with the reason in a toast', async ({ page, user: _user }) => {
    await page.goto('/review');
    await page.getByLabel(UPLOAD_LABEL).setInputFiles({
      name: 'not-really-audio.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('These are my lyrics, not an MP3 file.\n'.repeat(200)),
    });
    await expectToast(page, 'Failed to upload audio', 'Unsupported file type. Upload an MP3, WAV, M4A or AAC audio file.');
    await expect(page.getByText('No tracks yet. Upload one to get started.')).toBeVisible();
  });

  test('a file over 50 MB is refused before anything is sent (picker and drop)', async ({ page, user: _user }) => {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tracks/upload')) uploads.push(r.url());
    });
    await page.goto('/review');

    // Playwright refuses in-memory buffers of 50 MB or more, so the picker gets a sparse file on disk.
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mo-e2e-upload-')), 'huge-mix.wav');
    fs.writeFileSync(big, clickTrackWav({ seconds: 1 }));
    fs.truncateSync(big, 50 * 1024 * 1024 + 1);
    try {
      await page.getByLabel(UPLOAD_LABEL).setInputFiles(big);
      await expectToast(page, 'Failed to upload audio', 'The file is too large. The limit is 50 MB.');
    } finally {
      fs.rmSync(path.dirname(big), { recursive: true, force: true });
    }

    // The same check on drag and drop (a File made in the page).
    await page.getByRole('button', { name: 'Close' }).first().click();
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(51 * 1024 * 1024)], 'dropped.wav', { type: 'audio/wav' }));
      return transfer;
    });
    const dropZone = page.getByText('Drag and drop an audio file here, or click to browse');
    await dropZone.dispatchEvent('dragenter', { dataTransfer });
    await dropZone.dispatchEvent('drop', { dataTransfer });
    await expectToast(page, 'Failed to upload audio', 'The file is too large. The limit is 50 MB.');

    expect(uploads, 'no upload request was sent').toEqual([]);
  });

  test('deleting a track asks first, then removes it and clears the selection', async ({ page, user: _user }) => {
    const res = await page.request.post('/api/tracks/upload', {
      multipart: { audioFile: { name: 'Old Take.wav', mimeType: 'audio/wav', buffer: clickTrackWav({ seconds: 3 }) } },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/review/7?track=${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Old Take' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Old Take' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this track?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: /Old Take/, pressed: true })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Old Take' }).click();
    await dialog.getByRole('button', { name: 'Delete track' }).click();
    await expectToast(page, 'Track deleted');
    await expect(page.getByRole('heading', { name: 'No track selected' })).toBeVisible();
    await expect(page.getByText('No tracks yet. Upload one to get started.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('track')).toBeNull();
    expect((await page.request.get(`/api/tracks/${id}`)).status()).toBe(404);
  });
});
