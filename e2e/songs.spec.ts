import { clickOverChordWav } from './audio';
import { expect, expectToast, sidebar, test } from './fixtures';

/** Two mixes of one song: the second is louder and a little longer. */
const firstMix = () => clickOverChordWav({ seconds: 8, bpm: 92 });
const secondMix = () => clickOverChordWav({ seconds: 10, bpm: 92 });

const LYRICS = [
  'Paper plans folded up in my pocket tonight',
  'every corner of the city got my name in the light',
  'mama said keep moving when the money get tight',
  'now the paper plan flying and it never lose height',
].join('\n');

test.describe('Songs (issue 26)', () => {
  test('one song through the tools: upload → its page → review → cover without a new upload → a plan quoting its lyrics → a second mix compared', async ({ page, user: _user }) => {
    test.setTimeout(180_000);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tracks/upload') uploads.push(r.url());
    });

    // Songs is in the sidebar; the list starts empty.
    await page.goto('/');
    await sidebar(page).getByRole('link', { name: 'Songs' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Songs' })).toBeVisible();
    await expect(page.getByText('No songs yet. Upload a track to start one.')).toBeVisible();

    // 1. Upload a track: a new song named from the file, and its page opens.
    await expect(page.getByLabel('Song', { exact: true })).toHaveValue('');
    await page.getByLabel('Upload a track').setInputFiles({ name: 'Paper Plan.wav', mimeType: 'audio/wav', buffer: firstMix() });
    await expectToast(page, 'Track Uploaded');
    await expect(page).toHaveURL(/\/songs\/\d+$/);
    const songPath = new URL(page.url()).pathname;
    const songId = Number(songPath.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: 'Paper Plan' })).toBeVisible();
    const versions = page.getByTestId('song-version');
    await expect(versions).toHaveCount(1);
    await expect(versions.first().getByRole('heading', { level: 3 })).toHaveText('v1');
    // The tracks page's loudness chart, once the analysis is done.
    await expect(versions.first().getByTestId('loudness-chart')).toBeVisible({ timeout: 30_000 });

    // 2. Review it: the tool opens on this song's newest version.
    await page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/review\\?song=${songId}`));
    await expect(page.getByLabel('Song', { exact: true }).first()).toHaveValue(String(songId));
    await expect(page).toHaveURL(/[?&]track=\d+/);
    await expect(page.getByRole('heading', { level: 2, name: 'Paper Plan' })).toBeVisible();
    await page.getByLabel('Paste or type the lyrics').fill(LYRICS);
    await page.getByRole('button', { name: 'Save lyrics' }).click();
    await expectToast(page, 'Lyrics saved');
    await page.getByRole('button', { name: 'Generate Comprehensive Review' }).click();
    await expectToast(page, 'Song review generated successfully!');
    await expect(page.getByTestId('latest-review').getByTestId('score-flow')).toHaveText(/^\d+\/10$/);

    // The song's page shows the review with its scores.
    await page.goto(songPath);
    const review = page.getByTestId('song-review');
    await expect(review.getByRole('progressbar', { name: 'Flow' })).toBeVisible();
    await expect(review).toContainText('v1');
    await expect(page.getByTestId('song-lyrics')).toContainText('Paper plans folded up in my pocket tonight');

    // 3. A cover from it, without a new upload.
    await page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Cover art' }).click();
    await expect(page).toHaveURL(new RegExp(`/cover-art\\?song=${songId}`));
    const fromSong = page.getByRole('region', { name: 'Start from a song' });
    await expect(fromSong.getByLabel('Version')).toContainText('v1 (latest)');
    await fromSong.getByRole('button', { name: 'Use this version' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Song title')).toHaveValue('Paper Plan');
    await page.getByRole('button', { name: 'Generate Cover Art' }).click();
    // A render, on a thread that may be starting (cover-art.spec.ts gives the same toast RENDER's time).
    await expectToast(page, 'Success', 'Your cover art has been generated!', { timeout: 30_000 });
    await expect(page.getByTestId('cover-image')).toBeVisible();
    expect(uploads).toHaveLength(1);

    // 4. A plan that quotes the song's lyrics: the song fills the title.
    await page.goto(songPath);
    await expect(page.getByTestId('song-covers').getByRole('img')).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Marketing plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/marketing\\?song=${songId}`));
    await expect(page.getByLabel('Track or album title')).toHaveValue('Paper Plan');
    await page.getByLabel('Goals and audience').fill('Grow from 2k to 10k monthly listeners in Atlanta; TikTok first.');
    await page.getByRole('button', { name: 'Generate Marketing Plan' }).click();
    const plan = page.getByTestId('marketing-plan');
    await expect(plan.getByRole('heading', { name: 'Marketing Plan for Paper Plan' })).toBeVisible({ timeout: 30_000 });
    await expect(plan.getByTestId('plan-markdown')).toContainText('"Paper plans folded up in my pocket tonight"');
    await expect(plan.getByTestId('plan-engine')).toContainText('your lyrics and goals');

    // 5. A second mix on the same song: v1 and v2, compared.
    await page.goto(songPath);
    await expect(page.getByTestId('song-plan').getByRole('link', { name: 'Open the plan' })).toBeVisible();
    await page.getByLabel('Upload a new version').setInputFiles({ name: 'Paper Plan (mix 2).wav', mimeType: 'audio/wav', buffer: secondMix() });
    await expectToast(page, 'Version uploaded');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0).getByRole('heading', { level: 3 })).toHaveText('v2');
    await expect(versions.nth(1).getByRole('heading', { level: 3 })).toHaveText('v1');
    await expect(versions.nth(0).getByTestId('version-comparison')).toContainText('Compared with v1', { timeout: 30_000 });
    await expect(versions.nth(0).getByTestId('version-comparison').getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await expect(versions.nth(1).getByTestId('version-comparison')).toHaveCount(0);

    // One song in the list, with its latest version and what is done; search finds it.
    await sidebar(page).getByRole('link', { name: 'Songs' }).click();
    const list = page.getByTestId('song-list');
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(list.getByTestId('song-latest')).toContainText('Latest: v2');
    await expect(list.getByTestId('song-latest')).toContainText('2 versions');
    // Review, cover and plan are done; the new mix has no lyrics of its own yet (none in Lyric Assist either).
    await expect(list.getByTestId('song-progress').locator('[data-done="true"]')).toHaveText(['Review done', 'Cover done', 'Plan done']);
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('nothing like it');
    await expect(page.getByText('No songs match “nothing like it”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('paper');
    await expect(list.getByRole('link')).toHaveCount(1);
  });

  test('a song is renamed with its details checked by the server, and deleted after a confirmation', async ({ page, user: _user }) => {
    const created = await page.request.post('/api/songs', { data: { title: 'Demo Idea' } });
    expect(created.status()).toBe(201);
    const song = await created.json();
    await page.goto(`/songs/${song.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Idea' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Song details' });
    await dialog.getByLabel('Title').fill('Paper Plan');
    await dialog.getByLabel('UPC').fill('123456789013');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    // The server's check digit rule, under the field.
    await expect(dialog.getByText(/does not match its check digit/)).toBeVisible();
    await dialog.getByLabel('UPC').fill('036000291452');
    await dialog.getByLabel('ISRC').fill('US-S1Z-99-00001');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Paper Plan' })).toBeVisible();
    await expect(page.getByTestId('song-facts')).toContainText('US-S1Z-99-00001');
    await expect(page.getByTestId('song-facts')).toContainText('036000291452');

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this song?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paper Plan' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete song' }).click();
    await expect(page).toHaveURL(/\/songs$/);
    expect((await page.request.get(`/api/songs/${song.id}`)).status()).toBe(404);
  });
  test('Lyric Assist writes a song’s lyrics: the first save links the notepad to the song, which plays its newest version', async ({ page, user: _user }) => {
    const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Paper Plan.wav', mimeType: 'audio/wav', buffer: firstMix() } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { songId } = (await upload.json()) as { songId: number };
    await page.goto(`/songs/${songId}`);
    await page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Write lyrics' }).click();
    await expect(page).toHaveURL(new RegExp(`/lyrics\\?song=${songId}$`));
    const bar = page.getByRole('region', { name: 'Writing for a song' });
    await expect(bar.getByRole('link', { name: 'Paper Plan' })).toHaveAttribute('href', `/songs/${songId}`);
    await expect(bar.getByLabel('Play v1 of Paper Plan')).toBeVisible();
    await page.getByRole('textbox', { name: 'Lyrics' }).fill(LYRICS);
    await page.getByRole('button', { name: 'Save Lyrics' }).click();
    await expect(page).toHaveURL(new RegExp(`/lyrics/\\d+\\?song=${songId}$`));
    const lyricsId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(async () => (await (await page.request.get(`/api/songs/${songId}`)).json()).lyricsId).toBe(lyricsId);
    await page.goto(`/songs/${songId}`);
    await expect(page.getByTestId('song-lyrics')).toContainText('Paper plans folded up in my pocket tonight');
    await expect(page.getByTestId('song-lyrics')).toContainText('From Lyric Assist.');
    await expect(page.getByRole('navigation', { name: 'Tools for this song' }).getByRole('link', { name: 'Write lyrics' })).toHaveAttribute('href', `/lyrics/${lyricsId}?song=${songId}`);
  });
});
