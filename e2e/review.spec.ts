import { expect, expectToast, test } from './fixtures';

/** A 10 s stereo WAV made here: a 95 BPM click over a loud A minor chord (nothing downloaded). */
function wav({ seconds = 10, bpm = 95, sampleRate = 44_100 } = {}): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const beat = (60 / bpm) * sampleRate;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const sinceBeat = i % beat;
    let v = sinceBeat < 0.03 * sampleRate ? 0.8 * Math.exp(-sinceBeat / (0.006 * sampleRate)) * Math.sin((2 * Math.PI * 1000 * sinceBeat) / sampleRate) : 0;
    for (const note of [57, 60, 64]) v += 0.25 * Math.sin((2 * Math.PI * 440 * 2 ** ((note - 69) / 12) * i) / sampleRate);
    const s = Math.round(Math.max(-1, Math.min(1, v)) * 32767);
    data.writeInt16LE(s, i * 4);
    data.writeInt16LE(s, i * 4 + 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(2, 22);
  head.writeUInt32LE(sampleRate, 24);
  head.writeUInt32LE(sampleRate * 4, 28);
  head.writeUInt16LE(4, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const LYRICS = [
  'I been on the grind since the sun went down',
  'every single night I was running through the town',
  'kept my head up high when they tried to hold me back',
  'now I keep it moving with the money in a stack',
].join('\n');

test.describe('Song Review: reviews', () => {
  test('from upload to a saved review: lyrics typed in, scored by the built-in reviewer, shown again on reload', async ({ page, user: _user }) => {
    test.setTimeout(60_000);
    await page.goto('/review');
    await page.getByLabel('Upload a track').setInputFiles({ name: 'Night Shift.wav', mimeType: 'audio/wav', buffer: wav() });
    await expectToast(page, 'Track Uploaded');
    await expect(page.getByRole('heading', { level: 2, name: 'Night Shift' })).toBeVisible();
    // The analysis finishes (the technical check reads its facts).
    await expect(page.locator('[data-fact="Loudness"]')).toContainText('LUFS', { timeout: 30_000 });

    // No lyrics yet: the button stays off and the spec's message says why.
    await expect(page.getByText("This track doesn't have a transcription. Please select another track.")).toBeVisible();
    const generate = page.getByRole('button', { name: 'Generate Comprehensive Review' });
    await expect(generate).toBeDisabled();
    await expect(page.getByTestId('quota-hint-review')).toContainText('song reviews');

    // The manual path: type the lyrics, then review.
    await page.getByLabel('Paste or type the lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expectToast(page, 'Lyrics saved');
    await expect(page.getByRole('heading', { name: 'Ready to analyze' })).toBeVisible();
    await generate.click();
    await expectToast(page, 'Song review generated successfully!');

    const review = page.getByTestId('latest-review');
    await expect(review.getByTestId('review-engine')).toContainText('Built-in reviewer');
    for (const category of ['Flow', 'Marketability', 'Lyrics', 'Versatility', 'Originality', 'Vocabulary']) {
      await expect(review.getByRole('progressbar', { name: category })).toBeVisible();
    }
    await expect(review.getByTestId('score-flow')).toHaveText(/^\d+\/10$/);
    await expect(review.getByTestId('review-streams')).toContainText('No estimate');
    await expect(review.getByTestId('review-audience')).toContainText('Listeners of');
    await expect(review.getByRole('heading', { name: 'Technical check' })).toBeVisible();
    await expect(review.getByText(/Integrated loudness:/)).toBeVisible();
    await expect(page.getByText('million')).toHaveCount(0);

    // Saved with the track: shown again after a reload; a second review puts the first under 'Earlier reviews'.
    await page.reload();
    await expect(page.getByTestId('latest-review').getByTestId('review-engine')).toContainText('Built-in reviewer');
    await page.getByRole('button', { name: 'Generate Comprehensive Review' }).click();
    await expectToast(page, 'Song review generated successfully!');
    await expect(page.getByRole('heading', { name: 'Earlier reviews' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Earlier reviews' }).locator('details')).toHaveCount(1);
  });
});
