import type { Page, Route } from '@playwright/test';
import { expect, sidebar, test } from './fixtures';

const DARK_BACKGROUND = 'rgb(12, 10, 9)';
const LIGHT_BACKGROUND = 'rgb(250, 250, 249)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a chosen theme is on the page before the app’s script runs, and stays after a reload', async ({ page, user: _user }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const themes = sidebar(page).getByRole('group', { name: 'Theme' });
  await expect(themes.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await bodyBackground(page)).toBe(LIGHT_BACKGROUND);

  await themes.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#0c0a09');

  // Hold the app's scripts: the page as it is now is what the first paint shows.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => (holding ? void held.push(route) : route.continue()));
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await page.locator('#root').innerHTML()).toBe('');

  // Let the app start.
  holding = false;
  for (const route of held) await route.continue();
  await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);

  // Back to System: the system's light again, and nothing remembered.
  await themes.getByRole('radio', { name: 'System' }).check();
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BACKGROUND);
  expect(await page.evaluate(() => localStorage.getItem('members-only.theme'))).toBeNull();
});

test('System follows the system setting as it changes; the switcher works from the keyboard', async ({ page, user: _user }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/(^|\s)light(\s|$)/);

  const themes = sidebar(page).getByRole('group', { name: 'Theme' });
  await themes.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowRight'); // Light
  await page.keyboard.press('ArrowRight'); // Dark
  await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  // Chosen, so a system change no longer moves it.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
});
