import { expect, sidebar, test, uniqueAccount } from './fixtures';

test('the Lyric Assist card creates a conversation and opens it', async ({ page, user: _user }) => {
  await page.goto('/');
  await expect(sidebar(page).getByRole('region', { name: 'Lyrics' })).toContainText('No lyrics yet');

  const created = page.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Lyric Assist/ }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ title: 'Lyrics Help', category: 'lyrics' });

  await expect(page).toHaveURL(/\/lyrics\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lyric Assist' })).toBeVisible();
  const lyrics = sidebar(page).getByRole('region', { name: 'Lyrics' });
  await expect(lyrics.getByRole('link').first()).toHaveText('Lyrics Help');
  await expect(lyrics.getByRole('link').first()).toHaveAttribute('href', new URL(page.url()).pathname);
  // Prefix match: /lyrics/<id> highlights Lyric Assist only.
  await expect(sidebar(page).getByRole('link', { name: 'Lyric Assist' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');
});

test('every tool page shows its title inside the layout', async ({ page, user: _user }) => {
  const pages: [string, string][] = [
    ['/chat', 'AI Chat'],
    ['/lyrics', 'Lyric Assist'],
    ['/cover-art', 'AI Cover Art Generator'],
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
