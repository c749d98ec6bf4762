import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueAccount } from './fixtures';
import { MODEL_APP_URL, MODEL_NAME, MODEL_STACK, resetModel, setModelList } from './model';

/** Makes `username` an admin of the model app server with the admin command (npm run admin), as an operator would. */
function grantAdmin(username: string) {
  const cli = path.join(import.meta.dirname, '..', 'apps/server/src/cli/admin.ts');
  execFileSync(process.execPath, ['--import', 'tsx', cli, 'grant-admin', username], {
    // The model app server keeps its SQLite database in this folder (playwright.config.ts).
    env: { ...process.env, DATA_DIR: process.env.E2E_MODEL_DATA_DIR, DATABASE_URL: '' },
    stdio: 'pipe',
  });
}

const service = (page: Page, id: string) => page.getByTestId(`service-${id}`);

test.describe('the admin page', MODEL_STACK, () => {
  // One scripted model serves every test here: run them one after another.
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: MODEL_APP_URL });

  test.beforeEach(async ({ request }) => {
    await resetModel(request);
  });

  test('shows each service: what runs it, the settings that connect it and whether it answers', async ({ page, request }) => {
    const account = uniqueAccount();
    expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
    grantAdmin(account.username);
    await setModelList(request, { kind: 'list', models: [MODEL_NAME, 'another-model'] });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('tab', { name: 'Services' }).click();
    const services = page.getByRole('region', { name: 'Services' });
    await expect(services.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible();

    const text = service(page, 'text');
    await expect(text.getByRole('heading', { name: 'Text model' })).toBeVisible();
    await expect(text).toContainText('Configured');
    await expect(text.getByTestId('service-reachability')).toHaveText('Reachable');
    await expect(text).toContainText(`${MODEL_NAME} at 127.0.0.1:`);
    await expect(text).toContainText(`lists ${MODEL_NAME}`);
    await expect(text.getByText('AI_BASE_URL', { exact: true })).toBeVisible();

    await expect(service(page, 'text.lyrics')).toContainText(`${MODEL_NAME} (the text model)`);
    const speech = service(page, 'speech');
    await expect(speech).toContainText('Not configured');
    await expect(speech.getByTestId('service-reachability')).toHaveText('Nothing to reach');
    await expect(speech.getByText('STT_BASE_URL', { exact: true })).toBeVisible();
    await expect(service(page, 'storage').getByTestId('service-reachability')).toHaveText('Reachable');
    await expect(service(page, 'database')).toContainText('SQLite');

    // The endpoint goes down: Check again says so.
    await setModelList(request, { kind: 'status', status: 503 });
    await services.getByRole('button', { name: 'Check again' }).click();
    await expect(text.getByTestId('service-reachability')).toHaveText('Not reachable');
    await expect(text).toContainText('Answered 503');
  });

  test('lists, polls only the active tab, exports CSV and grants membership', async ({ page, playwright }) => {
    const admin = uniqueAccount();
    expect((await page.request.post('/api/register', { data: admin })).status()).toBe(201);
    grantAdmin(admin.username);
    // A member with a phone number and a saved lyric, in a browser of their own.
    const member = { ...uniqueAccount(), phoneNumber: '+1 212 555 7700' };
    const memberApi = await playwright.request.newContext({ baseURL: MODEL_APP_URL });
    expect((await memberApi.post('/api/register', { data: member })).status()).toBe(201);
    const notepad = await (await memberApi.post('/api/conversations', { data: { category: 'lyrics' } })).json();
    const lyric = `=cmd|' /C calc'!A0 and a line about ${member.username}`;
    expect((await memberApi.post(`/api/conversations/${notepad.id}/lyrics`, { data: { content: lyric, position: 0 } })).status()).toBe(201);
    await memberApi.dispose();

    // The page's timers run on a clock the test moves, so 10-second polls need no waiting.
    await page.clock.install();
    const polls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^\/api\/admin\/(users|tracks|lyrics|audit)$/.test(url.pathname)) polls.push(url.pathname);
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // The overview comes first: this installation's artists, counted by the server.
    await expect(page.getByText('Artists', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Users' }).click();

    // Users: searched on the server.
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
    await page.clock.runFor(400);
    await expect(users.getByRole('row')).toHaveCount(2);
    const row = users.getByRole('row', { name: new RegExp(member.username) });
    await expect(row).toContainText('+1 212 555 7700');
    await expect(row).toContainText('Free');

    // Tracks, then Lyrics: after that only users (always) and lyrics (shown) keep polling.
    await page.getByRole('tab', { name: 'Tracks' }).click();
    await expect(page.getByText('No tracks found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await page.getByRole('tab', { name: 'Lyrics' }).click();
    const lyrics = page.getByRole('table', { name: 'Lyrics' });
    await page.getByRole('searchbox', { name: 'Search lyrics' }).fill(member.username);
    await page.clock.runFor(400);
    await expect(lyrics.getByRole('row')).toHaveCount(2);
    await expect(lyrics).toContainText(lyric);
    polls.length = 0;
    await page.clock.runFor(10_500);
    await expect.poll(() => polls.filter((p) => p === '/api/admin/lyrics').length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => polls.filter((p) => p === '/api/admin/users').length).toBeGreaterThanOrEqual(1);
    expect(polls.filter((p) => p === '/api/admin/tracks')).toEqual([]);

    // Export CSV downloads the search as CSV; the formula comes out as text.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^lyrics-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('id,userId,username,conversationId,content,position,createdAt');
    expect(csv).toContain(`,'=cmd|' /C calc'!A0 and a line about ${member.username},`);

    // Grant membership from the user's detail: the Premium label follows.
    await page.getByRole('tab', { name: 'Users' }).click();
    await row.getByRole('button', { name: member.username }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: member.username })).toBeVisible();
    await expect(dialog).toContainText('+1 212 555 7700');
    await expect(dialog.getByRole('definition').nth(3)).toHaveText('0'); // cover arts
    await expect(dialog).toContainText('Earnings balance: Nothing recorded');
    await dialog.getByRole('button', { name: 'Grant Premium' }).click();
    // The toast first: it closes itself after 5 s, which a loaded machine can spend on the checks below.
    await expect(page.getByRole('status').filter({ hasText: `${member.username} now has Premium.` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Revoke Premium' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: member.username })).toContainText('Premium');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Premium');

    // Both are in the audit log, by this admin.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect(audit.getByRole('row', { name: new RegExp(`Granted Premium to ${member.username}`) })).toContainText(admin.username);
    await expect(audit.getByRole('row', { name: /Exported lyrics \(1 row\)/ }).first()).toContainText(admin.username);
  });

  test('the Audit log shows every ledger change: who, what, amount, artist, when', async ({ page, playwright }) => {
    const admin = uniqueAccount();
    expect((await page.request.post('/api/register', { data: admin })).status()).toBe(201);
    grantAdmin(admin.username);
    const artistApi = await playwright.request.newContext({ baseURL: MODEL_APP_URL });
    const artist = uniqueAccount();
    const registered = await artistApi.post('/api/register', { data: artist });
    expect(registered.status()).toBe(201);
    const artistId = ((await registered.json()) as { id: number }).id;
    const method = { type: 'bank_account', accountType: 'checking', accountName: artist.username, accountNumber: '987654321', bankName: 'Bank' };
    expect((await artistApi.post('/api/payment-methods', { data: method })).status()).toBe(201);
    await artistApi.dispose();

    // Earnings, a statement, a payout and its payment, and a correction, by this admin.
    const post = async (url: string, data: object) => {
      const res = await page.request.post(url, { data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as { id: number };
    };
    const earning = await post(`/api/admin/users/${artistId}/earnings`, { amountMinor: 1_234, currency: 'USD', source: 'Audit Distro', period: '2026-09' });
    await post(`/api/admin/users/${artistId}/earnings/import`, { csv: 'period,source,amount,currency\n2026-10,Spotify,100.00,USD\n2026-10,Tidal,5.50,USD\n' });
    const payout = await post(`/api/admin/users/${artistId}/payouts`, { amountMinor: 5_000, currency: 'USD' });
    await post(`/api/admin/payouts/${payout.id}/paid`, {});
    await post(`/api/admin/ledger/${earning.id}/reverse`, { reason: 'Wrong artist' });

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('table', { name: 'Audit log' });
    const row = (what: RegExp) => audit.getByRole('row').filter({ hasText: what });
    const expected: [RegExp, string][] = [
      [/Recorded earnings: Audit Distro · 2026-09/, '$12.34'],
      [/Imported a statement \(2 rows\): Statement for 2026-10/, '$105.50'],
      [/Recorded a payout to Checking account ending 4321/, '$50.00'],
      [/Marked a payout paid to Checking account ending 4321/, '$50.00'],
      [/Reversed entry #\d+ \(earning Audit Distro · 2026-09\): Wrong artist/, '-$12.34'],
    ];
    for (const [what, amount] of expected) {
      await expect(row(what)).toHaveCount(1);
      const cells = row(what).getByRole('cell');
      // When, Who, What, Artist, Amount.
      await expect(cells.nth(0)).not.toBeEmpty();
      await expect(cells.nth(1)).toHaveText(admin.username);
      await expect(cells.nth(3)).toHaveText(artist.username);
      await expect(cells.nth(4)).toHaveText(amount);
    }
  });

  test('is not for members, and nothing they see names a setting', async ({ page, request }) => {
    // The first account of a fresh install is the admin: make sure another account is first.
    await request.post('/api/register', { data: uniqueAccount() });
    const account = uniqueAccount();
    expect((await page.request.post('/api/register', { data: account })).status()).toBe(201);
    expect((await page.request.get('/api/admin/services')).status()).toBe(403);
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
    await expect(page.locator('body')).not.toContainText(/AI_|STT_|DATABASE_URL/);
  });
});
