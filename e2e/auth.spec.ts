import { expect, expectToast, sidebar, test, uniqueAccount } from './fixtures';

test('registering lands on home with the username and Free plan in the sidebar', async ({ page, account, request }) => {
  // The first account of a database is its admin, and admins get no membership banner (ADR 034):
  // make sure ours is an artist whichever test runs first.
  expect((await request.post('/api/register', { data: uniqueAccount() })).status()).toBe(201);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone number (optional)').fill('+1 212 555 0100');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);

  const registered = page.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  const body = (await registered).postDataJSON() as Record<string, unknown>;
  expect(body).not.toHaveProperty('confirmPassword');
  expect(body).toMatchObject({ username: account.username, email: account.email, phoneNumber: '+1 212 555 0100' });

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Artist Tools' })).toBeVisible();
  await expectToast(page, 'Registration successful', `Welcome to Members Only, ${account.username}!`);
  await expect(sidebar(page).getByText(account.username, { exact: true })).toBeVisible();
  await expect(sidebar(page).getByText('Free', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  // Amendment A5: the banner tells the truth about the plan.
  await expect(page.getByRole('region', { name: 'Membership status' })).toContainText("You're on the Free plan");
  await expect(page.getByRole('region', { name: 'Membership status' })).not.toContainText('under review');
});

test('logging out clears the session; logging back in returns home', async ({ page, user }) => {
  await page.goto('/');
  await expect(sidebar(page).getByText(user.username, { exact: true })).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Log out' }).click();
  await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  await expect(page).toHaveURL('/auth');

  await page.goto('/chat');
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Login successful', `Welcome back, ${user.username}!`);
  await expect(sidebar(page).getByText(user.username, { exact: true })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page, user }) => {
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectToast(page, 'Login failed', 'Invalid username or password');
  await expect(page).toHaveURL('/auth');
});

test('invalid forms show validation messages and send nothing', async ({ page }) => {
  const authRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(login|register)$/.test(r.url())) authRequests.push(r.url());
  });
  await page.goto('/auth');

  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // With every other field valid, the mismatch is reported on Confirm password.
  await page.getByLabel('Username').fill('valid_name');
  await page.getByLabel('Email').fill('artist@example.test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

  expect(authRequests).toEqual([]);
});

test('?success=true announces the payment', async ({ page }) => {
  await page.goto('/auth?success=true');
  await expectToast(
    page,
    'Payment Success!',
    'Your Members Only VIP access payment has been successfully processed. Please log in to access your account.',
  );
});

test('a signed-in user visiting /auth is sent home', async ({ page, user }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
  await expect(sidebar(page).getByText(user.username, { exact: true })).toBeVisible();
});

test('anonymous visitors to protected pages go to /auth', async ({ page }) => {
  for (const path of ['/', '/lyrics/3', '/payouts', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  }
});

test('signing in on a freshly opened /auth lands on home with the welcome toast', async ({ page, user }) => {
  // /auth opened as a document is the sign-in page's own entry; signing in there leads to the app
  // by a full navigation, and the app shows the toast the sign-in page handed over.
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Login successful', `Welcome back, ${user.username}!`);
  await expect(sidebar(page).getByText(user.username, { exact: true })).toBeVisible();
  // Once only: the app took the handed-over toast, so a reload has none to show.
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
});

test('on a fresh /auth the first Tab stop is the username field; the tabs stay reachable by keyboard (issue 24)', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/auth');
  const username = page.getByLabel('Username');
  await expect(username).toBeVisible();
  // The prerendered page is inert until React has taken it over.
  await expect(page.locator('#root:not([inert])')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(username).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  // Back past the first field: the Login tab (before the form, where it is seen); the arrow key opens Register.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.getByLabel('Email')).toBeVisible();
});
