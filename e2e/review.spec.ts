import { clickOverChordWav } from './audio';
import { expect, expectToast, test, toasts } from './fixtures';

/** A 10 s stereo WAV: a 95 BPM click over an A minor chord. */
const wav = () => clickOverChordWav({ seconds: 10, bpm: 95 });

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
    await expect(page.getByText("This track doesn't have lyrics yet. Add them on the track, or select another track.")).toBeVisible();
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
    // The review is scrolled to where the artist is looking, and no toast lies over the button.
    await expect(review).toBeInViewport();
    const toastBox = await toasts(page).locator('li').first().boundingBox();
    const buttonBox = await generate.boundingBox();
    if (toastBox && buttonBox) {
      const overlaps = buttonBox.y < toastBox.y + toastBox.height && toastBox.y < buttonBox.y + buttonBox.height && buttonBox.x < toastBox.x + toastBox.width && toastBox.x < buttonBox.x + buttonBox.width;
      expect(overlaps).toBe(false);
    }
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
    // A review chip fills the focus box; the review follows it (issue 24).
    await page.getByRole('button', { name: 'Structure feedback' }).click();
    await expect(page.getByLabel(/What should the review focus on\?/)).toHaveValue('Give feedback on the structure of my song: ');
    await expect(page.getByLabel(/What should the review focus on\?/)).toBeFocused();
    await page.getByRole('button', { name: 'Generate Comprehensive Review' }).click();
    await expectToast(page, 'Song review generated successfully!');
    await expect(page.getByTestId('latest-review')).toContainText('You asked about structure: Marketability and Originality come first below.');
    await expect(page.getByRole('heading', { name: 'Earlier reviews' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Earlier reviews' }).locator('details')).toHaveCount(1);
  });

  test('on a phone the new review scrolls into view and the toast stays off the button', async ({ page, user: _user }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/review');
    await page.getByLabel('Upload a track').setInputFiles({ name: 'Phone Take.wav', mimeType: 'audio/wav', buffer: wav() });
    await expectToast(page, 'Track Uploaded');
    await page.getByLabel('Paste or type the lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expectToast(page, 'Lyrics saved');
    const generate = page.getByRole('button', { name: 'Generate Comprehensive Review' });
    await generate.scrollIntoViewIfNeeded();
    await generate.click();
    await expectToast(page, 'Song review generated successfully!');
    await expect(page.getByTestId('latest-review')).toBeInViewport();
    const toastBox = await toasts(page).locator('li').first().boundingBox();
    const buttonBox = await generate.boundingBox();
    if (toastBox && buttonBox) expect(buttonBox.y + buttonBox.height <= toastBox.y || buttonBox.y >= toastBox.y + toastBox.height).toBe(true);
  });
});
