import { expect, test } from './fixtures';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens a drawer whose links navigate and close it', async ({ page, user }) => {
    await page.goto('/');
    const topBar = page.getByRole('banner');
    await expect(topBar.getByTestId('top-bar-title')).toHaveText('Home');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Recent Chats' })).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Lyrics' })).toHaveCount(0);
    await expect(drawer.getByText(user.username, { exact: true })).toBeVisible();

    await drawer.getByRole('link', { name: 'Lyric Assist' }).click();
    // A fresh notepad: nothing is stored (and the address stays /lyrics) until the first save.
    await expect(page).toHaveURL(/\/lyrics$/);
    await expect(drawer).toBeHidden();
    await expect(topBar.getByTestId('top-bar-title')).toHaveText('Lyric Assist');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Song Review' }).click();
    await expect(topBar.getByTestId('top-bar-title')).toHaveText('Song Review');
  });
});

test('unknown pages show Page Not Found with a way home', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(200); // the SPA fallback; the app decides
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  // Anonymous, so home sends us on to sign in.
  await expect(page).toHaveURL('/auth');
});

test('the invitation page makes no invented claims', async ({ page }) => {
  await page.goto('/invitation');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Members Only membership');
  await expect(page.getByRole('heading', { name: 'Join Today' })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/selected|under review|only \d+ artists|balance|earnings|seats/i);
  // The one figure is the configured price (amendment A3).
  expect(text.match(/\$\s?[\d,.]+/g)).toEqual(['$19.99']);
  await expect(page.getByRole('link', { name: 'Already a member? Sign in here' })).toHaveAttribute('href', '/auth');
});
