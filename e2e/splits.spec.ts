import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, uniqueAccount } from './fixtures';
import { wavFile } from './audio';

// The long journeys here took 43-46 s in a CI run at load 13 beside Vitest, three quarters of
// CI's 60 s guard (playwright.config.ts): they get twice that.
test.describe.configure({ timeout: 120_000 });

/** Makes `username` an admin of the main app server with the admin command, as an operator would. */
function grantAdmin(username: string) {
  const cli = path.join(import.meta.dirname, '..', 'apps/server/src/cli/admin.ts');
  execFileSync(process.execPath, ['--import', 'tsx', cli, 'grant-admin', username], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '' }) },
    stdio: 'pipe',
  });
}

/** Four seconds of a 440 Hz tone with a click each half second. */
const song = () => wavFile(Float32Array.from({ length: 44_100 * 4 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 440 * i) / 44_100) + (i % 22_050 < 300 ? 0.5 : 0)));

test.describe('Split sheets and release pages (issue 30)', () => {
  // Two artists, an admin command and a published page: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);

  test('two members agree a split, an earning for the song pays each their share, and the release page opens signed out on a phone', async ({ page, user: _user, browser, baseURL }) => {
    // A's song, and B, a member who produced it, in a browser of their own.
    const upload = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: song() } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { songId } = (await upload.json()) as { songId: number };
    const bContext = await browser.newContext({ baseURL });
    const bPage = await bContext.newPage();
    const bAccount = uniqueAccount();
    expect((await bPage.request.post('/api/register', { data: bAccount })).status()).toBe(201);

    // A starts the sheet on the song page (A's own line comes first): A writes and performs (master 60%), B (by username) produces (master 40%).
    await page.goto(`/songs/${songId}`);
    const sheet = page.getByRole('region', { name: 'Split sheet' });
    await sheet.getByRole('button', { name: 'Start a split sheet' }).click();
    await sheet.getByRole('button', { name: 'Add a member' }).click();
    const [mine, theirs] = [sheet.getByRole('listitem').nth(0), sheet.getByRole('listitem').nth(1)];
    await mine.getByRole('checkbox', { name: 'Writer' }).check();
    await mine.getByRole('checkbox', { name: 'Performer' }).check();
    await mine.getByLabel('Publishing %').fill('50');
    await mine.getByLabel('Master %').fill('60');
    await theirs.getByLabel('Member’s username').fill(bAccount.username.toUpperCase());
    await theirs.getByRole('checkbox', { name: 'Producer' }).check();
    await theirs.getByLabel('Publishing %').fill('50');
    await theirs.getByLabel('Master %').fill('40');
    await sheet.getByRole('button', { name: 'Save split sheet' }).click();
    await expect(sheet.getByText('Draft', { exact: true })).toBeVisible();

    // A signs on the song page; the sheet waits for B.
    await sheet.getByLabel('Your full name').fill('Alex Writer');
    await sheet.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(sheet.getByText('Awaiting signatures')).toBeVisible();
    await expect(sheet.getByText(/Signed as Alex Writer/)).toBeVisible();

    // B finds the sheet among their split sheets and signs it; it is agreed.
    await bPage.goto('/splits');
    await bPage.getByRole('link', { name: 'Night Drive' }).click();
    await bPage.getByLabel('Your full name').fill('Bea Producer');
    await bPage.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(bPage.getByText('Agreed', { exact: true })).toBeVisible();
    await page.reload();
    await expect(sheet.getByText('Agreed', { exact: true })).toBeVisible();

    // An admin records $10.01 for the song: 60% is 600.6 cents and 40% is 400.4, so the spare cent goes to A.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    const adminAccount = uniqueAccount();
    expect((await admin.request.post('/api/register', { data: adminAccount })).status()).toBe(201);
    grantAdmin(adminAccount.username);
    const earning = await admin.request.post(`/api/admin/songs/${songId}/earnings`, { data: { amountMinor: 1001, currency: 'USD', source: 'Spotify', period: '2026-10', note: 'October streams' } });
    expect(earning.status(), await earning.text()).toBe(201);

    await page.goto('/payouts');
    await expect(page.getByTestId('balance-USD')).toHaveText('$6.01');
    await bPage.goto('/payouts');
    await expect(bPage.getByTestId('balance-USD')).toHaveText('$4.00');
    // Each statement for the earning's month shows the song and that member's share of it.
    await page.goto('/payouts/statement/2026-10');
    await expect(page.getByRole('region', { name: 'Your share of songs' }).getByText('Night Drive — 60.00% of $10.01 = $6.01')).toBeVisible();
    await bPage.goto('/payouts/statement/2026-10');
    await expect(bPage.getByRole('region', { name: 'Your share of songs' }).getByText('Night Drive — 40.00% of $10.01 = $4.00')).toBeVisible();

    // A publishes the song's release page from the song page.
    await page.goto(`/songs/${songId}`);
    const release = page.getByRole('region', { name: 'Release page' });
    await release.getByLabel('Page address').fill(`night-drive-${Date.now().toString(36)}`);
    await release.getByRole('switch', { name: /^Public/ }).check();
    await release.getByRole('button', { name: 'Save release page' }).click();
    await expect(release.getByText('Saved. Your page is public.')).toBeVisible();
    const { url } = (await (await page.request.get(`/api/songs/${songId}/release`)).json()) as { url: string };

    // A fan on a phone, signed out.
    const fan = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const fanPage = await fan.newPage();
    const response = await fanPage.goto(url);
    expect(response?.status()).toBe(200);
    await expect(fanPage.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeVisible();
    await expect(fanPage.getByRole('button', { name: /Play preview/ })).toBeVisible();
    await Promise.all([fan.close(), adminContext.close(), bContext.close()]);
  });
});
