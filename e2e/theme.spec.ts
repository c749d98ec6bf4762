import type { Page, Route } from '@playwright/test';
import { expect, sidebar, test } from './fixtures';

const DARK_BACKGROUND = 'rgb(12, 10, 9)';
const LIGHT_BACKGROUND = 'rgb(250, 250, 249)';

// Null until the body is parsed: right after a reload's commit the document may have none yet.
const bodyBackground = (page: Page) => page.evaluate(() => (document.body ? getComputedStyle(document.body).backgroundColor : null));

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

test.describe('sidebar at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Lyrics and Studio Sessions lists scroll into view, never under the Premium card', async ({ page, user: _user }) => {
    for (const [category, name] of [
      ['chat', 'Chat'],
      ['lyrics', 'Verse'],
      ['studio', 'Beat'],
    ] as const) {
      for (let i = 1; i <= 8; i++) {
        const res = await page.request.post('/api/conversations', { data: { title: `${name} ${i} with a rather long title to truncate`, category } });
        expect(res.status()).toBe(201);
      }
    }
    await page.goto('/');
    const bar = sidebar(page);
    await expect(bar.getByRole('region', { name: 'Studio Sessions' }).getByRole('link')).toHaveCount(8);
    // Short screen: the card gives the lists its room (the banner and home offer membership).
    await expect(bar.getByRole('region', { name: 'Premium' })).toBeHidden();

    for (const list of ['Lyrics', 'Studio Sessions']) {
      const links = bar.getByRole('region', { name: list }).getByRole('link');
      for (const link of [links.first(), links.last()]) {
        await link.scrollIntoViewIfNeeded();
        const box = (await link.boundingBox())!;
        // Nothing covers the link: it is what a click at its centre lands on.
        const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href'), {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        });
        expect(hit, `${list}: ${await link.textContent()}`).toBe(await link.getAttribute('href'));
        // Long titles stay on one line, cut with an ellipsis.
        expect(await link.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
      }
    }
  });

  test('taller screens get the card back: one row, then the full card', async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const card = sidebar(page).getByRole('region', { name: 'Premium' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Members get higher generation limits')).toBeHidden();
    await expect(card.getByRole('link', { name: 'Upgrade Now' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await expect(card.getByText('Members get higher generation limits')).toBeVisible();
  });
});
