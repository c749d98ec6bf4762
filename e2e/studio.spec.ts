import fs from 'node:fs';
import { expect, expectToast, sidebar, test } from './fixtures';
import { MODEL_APP_URL, MODEL_STACK } from './model';

// The long journeys here took 43-46 s in a CI run at load 13 beside Vitest, three quarters of
// CI's 60 s guard (playwright.config.ts): they get twice that.
test.describe.configure({ timeout: 120_000 });

test('make a beat, hear it play, pause it and download it, its stems and MIDI; make a variation and extend it', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
  await page.goto('/studio');
  // Visiting makes nothing: the 'Music Studio Session' comes with the first beat (ADR 043).
  await expect(page.getByRole('heading', { level: 1, name: 'Music Studio' })).toBeVisible();
  await expect(page).toHaveURL(/\/studio$/);
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
  // The beat's session was made with it, and the page moved to its address.
  await expect(page).toHaveURL(/\/studio\/\d+$/);
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
  // The job takes as long as the machine needs: wait for it (up to a minute), then for its toast.
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Variation generated successfully!');
  await expect(page.getByTestId('beat-item')).toHaveCount(2);
  const variation = page.getByTestId('beat-item').first();
  await expect(variation).toContainText('Variation');
  await expect(variation).toContainText('80 BPM');
  await expect(variation).toContainText('0:12');

  // 'Extend': longer, same tempo, marked as extended.
  await variation.getByRole('button', { name: 'Extend' }).click();
  // The job takes as long as the machine needs: wait for it (up to a minute), then for its toast.
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Extended beat generated successfully!');
  await expect(page.getByTestId('beat-item')).toHaveCount(3);
  const extended = page.getByTestId('beat-item').first();
  await expect(extended).toContainText('Extended');
  await expect(extended).toContainText('80 BPM');
  await expect(extended).not.toContainText('0:12');
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0), { timeout: 15_000 }).toBe(true);
});

// Issue 28 (ADR 043): what the description is read as shows before generating; the beat is named,
// renamed in place and downloaded under its name; a page reloaded mid-extend follows it to the end.
test('a drill beat: understood before it is made, named, renamed, downloaded by name, and followed through a reload mid-extend', async ({ page, user: _user }) => {
  test.setTimeout(180_000);
  await page.goto('/studio');
  await page.getByLabel('Style').selectOption('trap');
  await page.getByLabel('Beat description').fill('UK drill, dark, 142 bpm, F# minor');

  // Before anything is made: the beat maker's reading, the description's style over the dropdown's.
  const understood = page.getByRole('region', { name: 'What the beat maker will read' });
  await expect(understood.getByTestId('understood-style')).toHaveText('Drill');
  await expect(understood).toContainText('from your description, instead of Trap chosen above');
  await expect(understood.getByTestId('understood-tempo')).toHaveText('142 BPM');
  await expect(understood.getByTestId('understood-key')).toHaveText('F# minor');
  await expect(understood.getByTestId('understood-mood')).toHaveText('Dark');
  await expect(understood.getByTestId('understood-length')).toHaveText('about 1:30');
  // It follows the typing.
  await page.getByLabel('Beat description').fill('UK drill, dark, 142 bpm, F# minor, 40 seconds');
  await expect(understood.getByTestId('understood-length')).toHaveText('0:40');
  await page.getByLabel('Beat description').fill('UK drill, dark, 142 bpm, F# minor');
  await expect(understood.getByTestId('understood-length')).toHaveText('about 1:30');

  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Beat generated successfully!');
  // After: what was made, and that the description overrode the dropdown.
  const made = page.getByTestId('beat-understood');
  await expect(made).toContainText('Made: Drill · 142 BPM · F# minor');
  await expect(made).toContainText('Your description asked for Drill, so it was made instead of Trap');
  const item = page.getByTestId('beat-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('button', { name: 'Play Dark drill, F# minor, 142' }).or(item.getByRole('button', { name: 'Pause Dark drill, F# minor, 142' }))).toBeVisible();

  // Renamed in place; the downloads take the name.
  await item.getByRole('button', { name: 'Rename Dark drill, F# minor, 142' }).click();
  await item.getByLabel('Beat name').fill('Night Shift');
  await item.getByLabel('Beat name').press('Enter');
  await expect(item.getByRole('button', { name: 'Rename Night Shift' })).toBeVisible();
  for (const [link, name] of [
    ['Download', 'Night Shift.mp3'],
    ['Stems', 'Night Shift stems.zip'],
    ['MIDI', 'Night Shift.mid'],
  ] as const) {
    const download = page.waitForEvent('download');
    await item.getByRole('link', { name: link }).click();
    expect((await download).suggestedFilename()).toBe(name);
  }
  await page.reload();
  await expect(page.getByTestId('beat-item').getByRole('button', { name: 'Rename Night Shift' })).toBeVisible();

  // Extend, and reload while the extension is being made: the reloaded page finds it and follows it.
  const extending = page.waitForRequest((r) => /\/api\/studio\/music\/\d+\/extend$/.test(r.url()));
  await page.getByTestId('beat-item').getByRole('button', { name: 'Extend' }).click();
  await extending;
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toBeVisible();
  await expect(page.getByText(/^(Waiting for the studio\.\.\.|Extending “Night Shift”: \d+%)$/)).toBeVisible();
  // One beat at a time: the form waits for it.
  await expect(page.getByRole('button', { name: 'Generating Beat...' })).toBeDisabled();
  // It lands without another reload, announced as the page's own would be.
  await expect(page.getByTestId('beat-item')).toHaveCount(2, { timeout: 90_000 });
  await expectToast(page, 'Extended beat generated successfully!');
  await expect(page.getByRole('progressbar', { name: 'Beat progress' })).toHaveCount(0);
  const extended = page.getByTestId('beat-item').first();
  await expect(extended).toContainText('Extended');
  await expect(extended).toContainText('142 BPM');
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled();
});

test('visiting the tool pages, Studio included, adds no conversation; the first beat made from /studio adds one session', async ({ page, user: _user }) => {
  test.setTimeout(90_000);
  const count = async () => ((await (await page.request.get('/api/conversations')).json()) as unknown[]).length;
  const before = await count();
  for (const path of ['/studio', '/chat', '/lyrics', '/cover-art', '/marketing', '/review', '/payouts', '/home', '/studio']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/studio$/);
  expect(await count()).toBe(before);
  const sessions = sidebar(page).getByRole('region', { name: 'Studio Sessions' });
  await expect(sessions.getByRole('link')).toHaveCount(0);

  await page.getByLabel('Beat description').fill('boom bap 90 bpm, 10 seconds');
  await page.getByRole('button', { name: 'Generate Beat' }).click();
  await expect(page).toHaveURL(/\/studio\/\d+$/);
  // The job takes as long as the machine needs: wait for it (up to a minute), then for its toast.
  await expect(page.getByRole('button', { name: 'Generate Beat' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Beat generated successfully!');
  await expect(sessions.getByRole('link')).toHaveCount(1);
  expect(await count()).toBe(before + 1);
  await expect(sessions.getByRole('link')).toHaveAttribute('href', new URL(page.url()).pathname);
});

test.describe('with a hosted music model that is down', MODEL_STACK, () => {
  test.use({ baseURL: MODEL_APP_URL });

  test('a beat that fails shows the service’s message and the description stays', async ({ page, user: _user }) => {
    await page.goto('/studio');
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
