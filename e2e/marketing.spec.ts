import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { enqueueModel, MODEL_APP_URL, MODEL_NAME, MODEL_STACK, resetModel } from './model';

const LYRICS = [
  'Rain on the window, neon on the chrome',
  'city never sleeps so I never go home',
  "diamonds in the dark, I'm a king on a throne",
  'Rain on the window, neon on the chrome',
].join('\n');

/** A second of silence as a WAV file (the server checks uploads by their content). */
function silentWav(seconds = 1, sampleRate = 8000): Buffer {
  const data = seconds * sampleRate * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  return wav;
}

/** Uploads "Neon Chrome.wav" and types its lyrics, as the Tracks page would. */
async function trackWithLyrics(request: APIRequestContext) {
  const upload = await request.post('/api/tracks/upload', {
    multipart: { audioFile: { name: 'Neon Chrome.wav', mimeType: 'audio/wav', buffer: silentWav() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const track = (await upload.json()) as { id: number };
  const lyrics = await request.put(`/api/tracks/${track.id}/transcription`, { data: { transcription: LYRICS } });
  expect(lyrics.status(), await lyrics.text()).toBe(200);
  return track.id;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
function localToday() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

async function fillPlanForm(page: Page) {
  await page.getByLabel('Your track').selectOption({ label: 'Neon Chrome' });
  await expect(page.getByLabel('Track or album title')).toHaveValue('Neon Chrome');
  await page.getByLabel('Goals and audience').fill('Drill fans in London and the gym crowd. Goal: a first editorial playlist.');
}

test('pick a track, get a plan from its lyrics, edit the calendar and download it', async ({ page, user: _user }) => {
  await trackWithLyrics(page.request);
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Plan' })).toBeVisible();
  await expect(page.getByText('Selecting one of your uploaded tracks makes the plan use its lyrics.')).toBeVisible();
  await expect(page.getByLabel('Goals and audience')).toHaveAttribute('rows', '4');
  // Nothing to plan yet: the button waits for a title and goals, and says so.
  const generate = page.getByRole('button', { name: 'Generate Marketing Plan' });
  await expect(generate).toBeDisabled();
  await expect(page.getByText('Please enter both your song title and marketing information')).toBeVisible();
  await expect(page.getByLabel('Release date', { exact: true })).toHaveValue(addDays(localToday(), 28));
  await expect(page.getByTestId('quota-hint-marketing')).toContainText('marketing plans');

  await fillPlanForm(page);
  await page.getByLabel('Release date', { exact: true }).fill('2027-03-05');
  await generate.click();

  await expectToast(page, 'Success', 'Lyrics-focused marketing plan generated successfully!');
  const plan = page.getByTestId('marketing-plan');
  await expect(plan.getByRole('heading', { name: 'Marketing Plan for Neon Chrome' })).toBeVisible();
  await expect(plan.getByRole('heading', { name: 'Marketing Plan for Neon Chrome' })).toBeInViewport();
  await expect(page).toHaveURL(/\/marketing\/\d+$/);
  await expect(plan.getByTestId('plan-engine')).toContainText('built-in release planner');
  // The hook, quoted word for word from the lyrics.
  await expect(plan.getByTestId('plan-markdown')).toContainText('"Rain on the window, neon on the chrome"');
  await expect(plan.getByTestId('plan-markdown')).toContainText('#neonchrome');

  // The calendar: release day on the chosen date; change it and every step moves with it.
  const items = plan.getByTestId('calendar-item');
  const count = await items.count();
  expect(count).toBeGreaterThan(8);
  const release = plan.locator('[data-item-id="release"]');
  await expect(release.getByTestId('calendar-item-date')).toHaveText('Fri 5 Mar 2027');
  await expect(plan.locator('[data-item-id="pitch-deadline"]').getByTestId('calendar-item-date')).toHaveText('Fri 26 Feb 2027');
  await plan.getByLabel('Release date').fill('2027-03-12');
  await expect(release.getByTestId('calendar-item-date')).toHaveText('Fri 12 Mar 2027');
  await expect(plan.locator('[data-item-id="pitch-deadline"]').getByTestId('calendar-item-date')).toHaveText('Fri 5 Mar 2027');
  // "At a glance" follows the new date at once, before anything is saved.
  await expect(plan.getByTestId('plan-markdown')).toContainText('Release day: Friday, 12 March 2027');
  await expect(plan.getByTestId('plan-markdown')).not.toContainText('Friday, 5 March 2027 (');
  // Remove a step and move another.
  await plan.getByRole('button', { name: 'Remove “Countdown”' }).click();
  await expect(items).toHaveCount(count - 1);
  await plan.getByLabel('Move “First week review” to').fill('2027-03-22');
  await expect(plan.locator('[data-item-id="first-week"]').getByTestId('calendar-item-date')).toHaveText('Mon 22 Mar 2027');

  // The calendar file: the edits are saved first, then every remaining step is an all-day event.
  const download = page.waitForEvent('download');
  await plan.getByRole('button', { name: 'Download calendar (.ics)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('neon-chrome-release-calendar.ics');
  const ics = fs.readFileSync((await file.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(count - 1);
  expect(ics).toContain('DTSTART;VALUE=DATE:20270312');
  expect(ics).toContain('DTSTART;VALUE=DATE:20270322');
  expect(ics).not.toContain('Countdown');

  const markdown = page.waitForEvent('download');
  await plan.getByRole('button', { name: 'Download Markdown' }).click();
  const md = fs.readFileSync((await (await markdown).path())!, 'utf8');
  expect(md).toContain('# Marketing Plan for Neon Chrome');
  expect(md).toContain('| Fri 12 Mar 2027 | Release day |');

  // Saved with the conversation: it reopens with the edited calendar.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Saved plans' }).getByRole('button', { name: /Neon Chrome/ })).toBeVisible();
  await expect(page.getByTestId('marketing-plan').locator('[data-item-id="release"]').getByTestId('calendar-item-date')).toHaveText('Fri 12 Mar 2027');
  await expect(page.getByRole('heading', { name: 'Marketing Plan for Neon Chrome' })).toBeInViewport();

  // Create Another Plan clears every input.
  await page.getByRole('button', { name: 'Create Another Plan' }).click();
  await expect(page.getByTestId('marketing-plan')).toHaveCount(0);
  await expect(page.getByLabel('Track or album title')).toHaveValue('');
  await expect(page.getByLabel('Goals and audience')).toHaveValue('');
  await expect(page.getByLabel('Your track')).toHaveValue('');
});

test.describe('with a language model', MODEL_STACK, () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: MODEL_APP_URL });
  test.beforeEach(async ({ request }) => {
    await resetModel(request);
  });

  test('a failed generation gives the spec’s toast; a reply is shown as the plan', async ({ page, request, user: _user }) => {
    await trackWithLyrics(page.request);
    await page.goto('/marketing');
    await fillPlanForm(page);
    await enqueueModel(request, { kind: 'status', status: 500 });
    await page.getByRole('button', { name: 'Generate Marketing Plan' }).click();
    await expectToast(page, 'Error', 'Failed to generate marketing plan. Please try again.');
    await expect(page.getByTestId('marketing-plan')).toHaveCount(0);
    await expect(page).toHaveURL(/\/marketing$/);
    // The inputs stay for the retry.
    await expect(page.getByLabel('Track or album title')).toHaveValue('Neon Chrome');

    await enqueueModel(request, { kind: 'reply', text: '## Quotable lines\n- "Rain on the window, neon on the chrome"\n\n## Content calendar\nWeek 1: teaser' });
    await page.getByRole('button', { name: 'Generate Marketing Plan' }).click();
    const plan = page.getByTestId('marketing-plan');
    await expect(plan.getByTestId('plan-markdown').getByText('Quotable lines')).toBeVisible();
    await expect(plan.getByTestId('plan-engine')).toContainText(`Written by ${MODEL_NAME}`);
    await expect(plan.getByTestId('calendar-item').first()).toBeVisible();
  });
});
