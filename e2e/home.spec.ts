import { expect, sidebar, test, uniqueAccount } from './fixtures';

test('the Lyric Assist card opens a notepad that is stored on its first save, not on the visit', async ({ page, user: _user }) => {
  // Eight page visits on the way.
  test.setTimeout(60_000);
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/conversations') created.push(r.url());
  });
  await page.goto('/');
  await expect(sidebar(page).getByRole('region', { name: 'Lyrics' })).toContainText('No lyrics yet');

  await page.getByRole('button', { name: /Lyric Assist/ }).click();
  await expect(page).toHaveURL(/\/lyrics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lyric Assist' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toBeVisible();
  // Visiting again (and every other tool page, Studio included: ADR 043) stores nothing either.
  for (const path of ['/', '/lyrics', '/chat', '/cover-art', '/marketing', '/review', '/studio', '/payouts', '/studio', '/lyrics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toBeVisible();
  expect(created).toEqual([]);
  expect(await (await page.request.get('/api/conversations')).json()).toEqual([]);
  await expect(sidebar(page).getByRole('region', { name: 'Lyrics' })).toContainText('No lyrics yet');

  await page.getByRole('textbox', { name: 'Lyrics' }).fill('first bar of the night');
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save Lyrics' }).click();
  expect((await stored).request().postDataJSON()).toMatchObject({ title: 'Lyrics Help', category: 'lyrics' });
  await expect(page).toHaveURL(/\/lyrics\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toHaveValue('first bar of the night');
  const lyrics = sidebar(page).getByRole('region', { name: 'Lyrics' });
  await expect(lyrics.getByRole('link')).toHaveCount(1);
  await expect(lyrics.getByRole('link').first()).toHaveText('first bar of the night');
  await expect(lyrics.getByRole('link').first()).toHaveAttribute('href', new URL(page.url()).pathname);
  // Prefix match: /lyrics/<id> highlights Lyric Assist only.
  await expect(sidebar(page).getByRole('link', { name: 'Lyric Assist' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');

  // The deep link opens the saved lyrics; the nav link opens a fresh notepad again.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toHaveValue('first bar of the night');
  await sidebar(page).getByRole('link', { name: 'Lyric Assist' }).click();
  await expect(page).toHaveURL(/\/lyrics$/);
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toHaveValue('');
  expect(created).toHaveLength(1);
});

test('every tool page shows its title inside the layout', async ({ page, user: _user }) => {
  const pages: [string, string][] = [
    ['/chat', 'AI Chat'],
    ['/lyrics', 'Lyric Assist'],
    ['/cover-art', 'Cover Art'],
    ['/marketing', 'Marketing Plan'],
    ['/review', 'Song Review'],
    ['/studio', 'Studio'],
    ['/payouts', 'Payouts'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  }
  await expect(page.getByText('Get expert advice on your music career')).toHaveCount(0);
  await page.goto('/chat');
  await expect(page.getByText('Get expert advice on your music career')).toBeVisible();
});

test('a non-admin is sent from /admin to home', async ({ page, playwright, baseURL }) => {
  // The first account of a fresh install is the admin: make sure some other account is first.
  const other = await playwright.request.newContext({ baseURL });
  await other.post('/api/register', { data: uniqueAccount() });
  await other.dispose();
  const res = await page.request.post('/api/register', { data: uniqueAccount() });
  expect(res.status()).toBe(201);
  expect((await res.json()).isAdmin).toBe(false);
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(sidebar(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
});
