import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueAccount } from './fixtures';
import { MODEL_APP_URL, MODEL_STACK } from './model';

/** Makes `username` an admin of the model app server with the admin command, as e2e/admin.spec.ts does. */
function grantAdmin(username: string) {
  const cli = path.join(import.meta.dirname, '..', 'apps/server/src/cli/admin.ts');
  execFileSync(process.execPath, ['--import', 'tsx', cli, 'grant-admin', username], {
    env: { ...process.env, DATA_DIR: process.env.E2E_MODEL_DATA_DIR, DATABASE_URL: '' },
    stdio: 'pipe',
  });
}

/**
 * What the pages claim is true (issue 24, ADR 034): an artist walks every page and reads none of
 * the words of configuration; the sign-in page behaves as it says.
 */

/** Case-insensitive, in the visible text (innerText) only. */
const FORBIDDEN = /transcription|installation|engine|configured|AI_BASE_URL|AI_MODEL|STRIPE_|IMAGE_BASE_URL|IMAGE_MODEL|STT_|MUSIC_API/i;

async function visibleText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.body.innerText);
}

function forbiddenIn(text: string): string[] {
  return text.split('\n').filter((line) => FORBIDDEN.test(line));
}

test('a signed-out visit asks who is signed in once and logs no 401', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/user' || path === '/api/session') asked.push(path);
  });
  await page.goto('/auth');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['/api/session']);
  expect(errors).toEqual([]);
});

test('the sign-in page: plain claims, Inter, an inline error, a checked phone number, no panel Tab stop', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const tools = page.getByRole('region', { name: 'Tools built for artists' });
  await expect(tools).toContainText('Cover art drawn from your track');
  await expect(tools).toContainText('Beats in nine styles with stems and MIDI');
  await expect(tools).not.toContainText('Ultra-Realistic');
  await expect(tools).not.toContainText('Professional Beat Production');
  expect(forbiddenIn(await visibleText(page))).toEqual([]);

  // The same font as the app, loaded.
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^"Inter Variable"/);

  // The first Tab stop is the first field; Shift+Tab reaches the Login tab, and Tab from it goes
  // straight back to the field (the panel is no stop).
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();

  // A wrong password is written in the form, not only in the toast.
  const account = uniqueAccount();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('login-error')).toHaveAttribute('role', 'alert');

  // 'abc' is not a phone number: refused before anything is sent.
  await page.getByRole('tab', { name: 'Register' }).click();
  let registered = false;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/register') registered = true;
  });
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Phone number (optional)').fill('abc');
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText(/Please enter a valid phone number/)).toBeVisible();
  expect(registered).toBe(false);
});

test('an artist reads no configuration words on any page, and Home has every tool with today’s numbers', async ({ page }) => {
  test.setTimeout(90_000);
  // The first account of a database is its admin: make sure ours is an artist.
  expect((await page.request.post('/api/register', { data: uniqueAccount() })).status()).toBe(201);
  const artist = uniqueAccount();
  expect((await page.request.post('/api/register', { data: artist })).status()).toBe(201);
  expect((await (await page.request.get('/api/user')).json()).isAdmin).toBe(false);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Artist Tools' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Tools' });
  for (const name of ['AI Chat', 'Lyric Assist', 'Cover Art', 'Marketing Plan', 'Song Review', 'Studio', 'Payouts']) {
    await expect(cards.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  }
  const quotas = (await (await page.request.get('/api/quotas')).json()) as { quotas: Record<string, { limit: number; used: number }> };
  await expect(page.getByTestId('home-quota-chat')).toHaveText(`${quotas.quotas.chat!.used} of ${quotas.quotas.chat!.limit} chat messages used today`);
  for (const kind of ['lyrics', 'cover', 'marketing', 'review', 'beat']) await expect(page.getByTestId(`home-quota-${kind}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membership status' })).toContainText("You're on the Free plan");

  const pages: [string, string][] = [
    ['/', 'Your Artist Tools'],
    ['/chat', 'AI Chat'],
    ['/lyrics', 'Lyric Assist'],
    ['/cover-art', 'Cover Art'],
    ['/marketing', 'Marketing Plan'],
    ['/review', 'Song Review'],
    ['/studio', 'Studio'],
    ['/payouts', 'Payouts'],
    ['/membership', 'Membership'],
    ['/invitation', ''],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    if (title) await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible();
    expect(forbiddenIn(await visibleText(page)), path).toEqual([]);
  }

  // The cover page is not "AI …" without an image model, and its chips wait by the direction.
  await page.goto('/cover-art');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cover Art');

  // The marketing chips start the goals.
  await page.goto('/marketing');
  await page.getByRole('button', { name: 'Release strategy' }).click();
  await expect(page.getByLabel('Goals and audience')).toHaveValue('Plan a release strategy for my single ');

  // The chat's avatar wears the artist's initials.
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Message' }).fill('What is a split sheet?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const avatar = page.getByRole('log', { name: 'Messages' }).getByTestId('user-avatar').first();
  await expect(avatar).toHaveText(artist.username[0]!.toUpperCase());
  await expect(page.getByRole('article', { name: 'Assistant reply' }).last()).toBeVisible();
  expect(forbiddenIn(await visibleText(page))).toEqual([]);
});

test.describe('as an admin', MODEL_STACK, () => {
  test.use({ baseURL: MODEL_APP_URL });

  test('no Free plan banner, and the Users table keeps "Joined" on one line', async ({ page }) => {
    const account = uniqueAccount();
    expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
    grantAdmin(account.username);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Artist Tools' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Membership status' })).toHaveCount(0);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    const joined = page.getByRole('cell').filter({ hasText: /\d{4}/ }).last();
    await expect(joined).toBeVisible();
    expect(await joined.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
  });
});
