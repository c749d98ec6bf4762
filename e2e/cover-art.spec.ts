import fs from 'node:fs';
import sharp from 'sharp';
import { clickOverChordWav } from './audio';
import { expect, expectToast, test } from './fixtures';

/** A 6 s stereo WAV: a 140 BPM click over an A minor chord. */
const wav = () => clickOverChordWav({ seconds: 6, bpm: 140 });

/** A render's toast waits for the render: a cold heavy-work thread on a loaded CI machine took over 7.5 s. */
const RENDER = { timeout: 60_000 };

const LYRICS = ['Rain on the window, neon on the chrome', 'city never sleeps so I never go home', "diamonds in the dark, I'm a king on a throne"].join('\n');

test.describe('Cover Art', () => {
  test('upload, paste lyrics, generate, restyle, apply an edit and download a 3000×3000 PNG', async ({ page, user: _user }) => {
    test.setTimeout(120_000);
    await page.goto('/cover-art');
    await expect(page.getByRole('heading', { level: 1, name: 'Cover Art' })).toBeVisible();
    await expect(page.getByText('Supports MP3, WAV, and M4A formats up to 50MB')).toBeVisible();
    await page.getByLabel('Upload a track').setInputFiles({ name: 'artist-Neon Chrome.wav', mimeType: 'audio/wav', buffer: wav() });
    await expectToast(page, 'Track Uploaded', 'Your audio is being analyzed for cover art creation');

    // No speech-to-text here: the manual path.
    await page.getByLabel('Paste or type the lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('cover-concept')).toContainText('rain');
    await expect(page.getByText('Generation takes about 15-30 seconds.')).toBeVisible();

    const title = page.getByLabel('Song title');
    const generate = page.getByRole('button', { name: 'Generate Cover Art' });
    await expect(title).toHaveValue('Neon Chrome'); // from 'artist-Neon Chrome.wav' (spec §3)
    await title.fill('');
    await expect(generate).toBeDisabled();
    await title.fill('Neon Chrome');
    await page.getByLabel('Artistic direction (optional)').fill('Neon pink rain over a dark city');
    await generate.click();
    await expectToast(page, 'Success', 'Your cover art has been generated!', RENDER);
    await expect(page).toHaveURL(/\/cover-art\/\d+$/);
    const image = page.getByTestId('cover-image');
    await expect(image).toBeVisible();
    await expect(page.getByTestId('cover-maker-badge')).toHaveText('Drawn by the built-in cover renderer');
    await expect(page.getByText('AI Generated')).toHaveCount(0);
    await expect(page.getByTestId('distributor-checklist')).toContainText('3000 × 3000 pixels');
    await expect(page.locator('[data-testid="distributor-checklist"] li[data-ok="false"]')).toHaveCount(0);
    const firstSrc = await image.getAttribute('src');

    await page.getByRole('button', { name: 'Try Different Style' }).click();
    await expectToast(page, 'New Style', undefined, RENDER);
    await expect(image).not.toHaveAttribute('src', firstSrc!);
    await expect(page.getByRole('navigation', { name: 'Versions' }).getByRole('button')).toHaveCount(2);

    const apply = page.getByRole('button', { name: 'Apply Changes' });
    await expect(apply).toBeDisabled();
    await page.getByLabel('Describe a change').fill('make it blue and put the title at the top');
    await apply.click();
    await expectToast(page, 'Success', 'Your changes have been applied.', RENDER);
    const versions = page.getByRole('navigation', { name: 'Versions' }).getByRole('button');
    await expect(versions).toHaveCount(3);

    // Back to the first version, then download it.
    await versions.last().click();
    await expect(image).toHaveAttribute('src', firstSrc!);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('album-cover.png');
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([3000, 3000]);

    // The release kit for the same version.
    const kit = page.waitForEvent('download');
    await page.getByRole('link', { name: /release kit/ }).click();
    expect((await kit).suggestedFilename()).toBe('album-cover-kit.zip');

    await page.getByRole('button', { name: 'Upload a different track' }).click();
    await expect(page).toHaveURL(/\/cover-art$/);
    await expect(page.getByLabel('Upload a track')).toBeAttached();
  });

  test('picks a style from the picker, edits the colour, and hears which words were not used', async ({ page, user: _user }) => {
    test.setTimeout(120_000);
    await page.goto('/cover-art');
    await page.getByLabel('Upload a track').setInputFiles({ name: 'artist-Ledger.wav', mimeType: 'audio/wav', buffer: wav() });
    await page.getByLabel('Paste or type the lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Generate Cover Art' }).click();
    await expectToast(page, 'Success', 'Your cover art has been generated!', RENDER);

    // Every style has a preview that loads.
    const picker = page.getByTestId('style-picker');
    await expect(picker.getByRole('button')).toHaveCount(9);
    await expect.poll(() => picker.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await picker.getByRole('button', { name: /Swiss typographic/ }).click();
    await expectToast(page, 'New Style', 'Generated a Swiss typographic version of your cover.', RENDER);
    await expect(page.getByTestId('cover-caption')).toContainText('Swiss typographic');
    await expect(picker.getByRole('button', { name: /Swiss typographic/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('cover-unused-words')).toHaveCount(0);

    await page.getByLabel('Describe a change').fill('make it blue with a dragon');
    await page.getByRole('button', { name: 'Apply Changes' }).click();
    await expectToast(page, 'Success', 'Your changes have been applied.', RENDER);
    await expect(page.getByRole('navigation', { name: 'Versions' }).getByRole('button')).toHaveCount(3);
    await expect(page.getByTestId('cover-unused-words')).toContainText('Not used: "dragon"');
    // The new version keeps its style and is blue: its most common hue sits near 220°.
    await expect(page.getByTestId('cover-caption')).toContainText('Swiss typographic');
    const src = await page.getByTestId('cover-image').getAttribute('src');
    const png = Buffer.from(await (await page.request.get(src!)).body());
    const { data } = await sharp(png).resize(96, 96).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const bins = new Array<number>(36).fill(0);
    for (let i = 0; i < data.length; i += 3) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max - min < 40) continue;
      const h = max === r ? ((g - b) / (max - min) + 6) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
      bins[Math.floor(h * 6) % 36]! += 1;
    }
    const hue = bins.indexOf(Math.max(...bins)) * 10 + 5;
    expect(Math.abs(hue - 220)).toBeLessThanOrEqual(30);
  });
});
