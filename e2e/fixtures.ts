import { test as base, expect, type Page } from '@playwright/test';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A username no other test (or earlier run against the same database) will pick. */
export function uniqueAccount(): Account {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const username = `u${suffix}`;
  return { username, email: `${username}@example.test`, password: 'correct horse 42' };
}

interface Fixtures {
  /** Fails the test on uncaught page errors and CSP violations (runs for every test). */
  pageHealth: void;
  /** Credentials for an account that does not exist yet. */
  account: Account;
  /** An account registered through the API; the page's browser context is signed in as it. */
  user: Account;
}

export const test = base.extend<Fixtures>({
  pageHealth: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        // 401/404 answers are logged by Chromium as "Failed to load resource"; those are expected.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(`console error: ${message.text()}`);
        }
      });
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  account: async ({}, use) => {
    await use(uniqueAccount());
  },
  user: async ({ page }, use) => {
    const account = uniqueAccount();
    // page.request shares the browser context's cookie jar, so the session cookie lands there.
    const res = await page.request.post('/api/register', { data: account });
    expect(res.status(), await res.text()).toBe(201);
    await use(account);
  },
});

export { expect };

/** The toast viewport (Radix labels it "Notifications (F8)"). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/**
 * A toast with this title (exactly) and description. `timeout` is for toasts that follow heavy work
 * (a render on a cold thread of a loaded machine). One wait for the toast that carries both: two
 * waits one after the other could find the title, then miss the description if the toast's five
 * seconds ran out in between on a loaded machine.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp, options: { timeout?: number } = {}) {
  const titled = toasts(page)
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect((description ? titled.filter({ hasText: description }) : titled).first()).toBeVisible(options);
}

export function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Sidebar' });
}
