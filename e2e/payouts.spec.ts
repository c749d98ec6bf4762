import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, expectToast, test, uniqueAccount } from './fixtures';

const BANK_NUMBER = '000123456789';
const CARD_NUMBER = '4111 1111 1111 1111';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

/** Makes `username` an admin of the main app server with the admin command, as an operator would. */
function grantAdmin(username: string) {
  const cli = path.join(import.meta.dirname, '..', 'apps/server/src/cli/admin.ts');
  execFileSync(process.execPath, ['--import', 'tsx', cli, 'grant-admin', username], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '' }) },
    stdio: 'pipe',
  });
}

test.describe('Payouts', () => {
  // Several saves and an admin command: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);

  test('adds a bank account and a card, shows only their last 4 digits, and deletes one', async ({ page, user }) => {
    await page.clock.install();
    await page.goto('/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Saved payment methods' });
    await expect(page.getByText('No payment methods yet.')).toBeVisible();

    // A bank account; a wrong routing number is caught, naming the field, before anything is sent.
    await expect(page.getByRole('radio', { name: 'Bank account' })).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Account type').selectOption('savings');
    await page.getByLabel('Account holder name').fill(user.username);
    await page.getByLabel('Account number').fill(BANK_NUMBER);
    await page.getByLabel('Routing number (optional)').fill('021000022');
    await page.getByLabel('Bank name').fill('First Test Bank');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByText('Routing number is not valid: check the digits for a typo')).toBeVisible();
    await page.getByLabel('Routing number (optional)').fill('021000021');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expectToast(page, 'Payment method added');
    // The artist stays on Payouts and sees the new method in the list, with the form emptied (ADR 030).
    await expect(list.getByText('Savings •••• 6789')).toBeVisible();
    await expect(list.getByText(`First Test Bank · ${user.username}`)).toBeVisible();
    await expect(page.getByLabel('Account number')).toHaveValue('');
    // Still here two seconds on (the page's clock moved ahead at once): nothing sends the artist away.
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/payouts$/);

    // The same account again is refused with a plain message; the list keeps one.
    await page.getByLabel('Account type').selectOption('savings');
    await page.getByLabel('Account holder name').fill(user.username);
    await page.getByLabel('Account number').fill(BANK_NUMBER);
    await page.getByLabel('Bank name').fill('first test bank');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expectToast(page, 'Error adding payment method', 'This payment method is already saved. Each bank account or card can be added once.');
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // Switching to a card resets the fields.
    await page.getByLabel('Account holder name').fill('typed before switching');
    await page.getByRole('radio', { name: 'Card' }).click();
    await expect(page.getByLabel('Cardholder name')).toHaveValue('');
    await expect(page.getByLabel('Account type')).toHaveCount(0);
    await page.getByLabel('Cardholder name').fill('Lil Payout');
    await page.getByLabel('Card number').fill(CARD_NUMBER);
    await page.getByLabel('Issuing bank').fill('Issuer Bank');
    await page.getByLabel('Expiry date (MM/YY)').fill(`12/${nextYear}`);
    // The wrong brand is refused by the server's own rule, shown on the field.
    await page.getByLabel('Card type').selectOption('mastercard');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByText('Card type does not match the card number, which is a Visa number')).toBeVisible();
    await page.getByLabel('Card type').selectOption('visa');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page).toHaveURL(/\/payouts$/);

    const card = list.getByRole('listitem').filter({ hasText: 'Visa •••• 1111' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Default')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    // Only the last 4: the full numbers appear nowhere on the page.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('4111 1111 1111 1111');
    expect(text).not.toContain(BANK_NUMBER);

    await card.getByRole('button', { name: /Delete/ }).click();
    await expectToast(page, 'Payment method deleted');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const bank = list.getByRole('listitem').filter({ hasText: 'Savings •••• 6789' });
    // The remaining method becomes the default.
    await expect(bank.getByText('Default')).toBeVisible();
  });

  test('shows the balance and history once an admin records earnings and a payout on the admin page', async ({ page, user, browser, baseURL }) => {
    await page.goto('/payouts');
    await expect(page.getByText('No earnings recorded yet.')).toBeVisible();
    const method = { type: 'bank_account', accountType: 'checking', accountName: user.username, accountNumber: '987654321', bankName: 'Bank' };
    expect((await page.request.post('/api/payment-methods', { data: method })).status()).toBe(201);

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    const account = uniqueAccount();
    expect((await admin.request.post('/api/register', { data: account })).status()).toBe(201);
    grantAdmin(account.username);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Earnings' }).click();
    const ledger = admin.getByRole('region', { name: 'Earnings ledger' });
    await ledger.getByLabel('Find an artist').fill(user.username);
    await ledger.getByLabel('Artist', { exact: true }).selectOption({ label: user.username });
    await expect(ledger.getByText(`Nothing recorded for ${user.username} yet.`)).toBeVisible();
    await expect(ledger.getByText('Checking account ending 4321')).toBeVisible();

    // A statement with several bad lines is refused whole, and every bad line is listed.
    const statement = ledger.getByLabel('Statement (columns period, source, amount, currency, note)');
    await statement.fill('period,source,amount,currency,note\n2026-09,Spotify,100.10,USD,September streams\n2026-09,Tidal,1.234,USD,\n2026-09,Deezer,2.00,USD\n2026-13,Amazon,1.00,USD,\n');
    await ledger.getByRole('button', { name: 'Import statement' }).click();
    await expect(ledger.getByRole('alert', { name: 'Statement errors' }).getByRole('listitem')).toHaveText([
      'Line 3: Amount 1.234 has more than 2 decimal places for USD',
      'Line 4: This line has 4 fields; the header has 5 columns',
      'Line 5: Period must be a month as YYYY-MM',
    ]);
    await expect(ledger.getByText('3 problems; nothing was imported.')).toBeVisible();
    await statement.fill('period,source,amount,currency,note\n2026-09,Spotify,100.10,USD,September streams\n2026-09,Apple Music,20.05,USD,\n');
    await ledger.getByRole('button', { name: 'Import statement' }).click();
    await expect(ledger.getByTestId('admin-balance-USD')).toHaveText('$120.15');

    await ledger.getByLabel('Payout amount').fill('50.00');
    await ledger.getByLabel('Payout note').fill('First payout');
    await ledger.getByRole('button', { name: 'Record payout' }).click();
    await expect(ledger.getByTestId('admin-balance-USD')).toHaveText('$70.15');

    await page.reload();
    await expect(page.getByTestId('balance-USD')).toHaveText('$70.15');
    // Each amount separated and labelled.
    await expect(page.getByTestId('balance-parts-USD')).toHaveText('$120.15 earned · $0.00 paid out · $50.00 pending');
    const history = page.getByRole('list', { name: 'Earnings and payouts history' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByText('Spotify · 2026-09')).toBeVisible();
    await expect(history.getByText('+$100.10')).toBeVisible();
    await expect(history.getByText('Payout to Checking account ending 4321')).toBeVisible();
    await expect(history.getByText(/^Pending · First payout$/)).toBeVisible();

    await ledger.getByRole('button', { name: 'Mark paid' }).click();
    await expect(ledger.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

    // An entry is corrected by a reversal with a reason; the original stays.
    const adminHistory = ledger.getByRole('list', { name: 'Ledger history' });
    await adminHistory.getByRole('button', { name: 'Reverse Apple Music · 2026-09 +$20.05' }).click();
    await ledger.getByLabel('Reason for the correction').fill('Reported twice by the distributor');
    await ledger.getByRole('button', { name: 'Record reversal' }).click();
    await expect(ledger.getByTestId('admin-balance-USD')).toHaveText('$50.10');
    await expect(adminHistory.getByRole('listitem')).toHaveCount(4);
    await expect(adminHistory.getByRole('listitem').filter({ hasText: 'Correction: reverses Apple Music · 2026-09' })).toContainText('−$20.05');
    await adminContext.close();

    await page.reload();
    await expect(history.getByText(/^Paid .* · First payout$/)).toBeVisible();
    await expect(page.getByTestId('balance-USD')).toHaveText('$50.10');
    await expect(page.getByTestId('balance-parts-USD')).toHaveText('$100.10 earned · $50.00 paid out · $0.00 pending');
    // The artist's history shows both: the original, marked reversed, and the correction with its reason.
    await expect(history.getByRole('listitem')).toHaveCount(4);
    const original = history.getByRole('listitem').filter({ hasText: /^Apple Music · 2026-09/ });
    await expect(original.getByText('Reversed', { exact: true })).toBeVisible();
    await expect(original).toContainText('+$20.05');
    const correction = history.getByRole('listitem').filter({ hasText: 'Correction: reverses Apple Music · 2026-09' });
    await expect(correction).toContainText('Reported twice by the distributor');
    await expect(correction).toContainText('−$20.05');

    // September's statement, to print or download for an accountant: both entries and the correction.
    await page.getByRole('navigation', { name: 'Monthly statements' }).getByRole('link', { name: 'September 2026' }).click();
    await expect(page).toHaveURL(/\/payouts\/statement\/2026-09$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Statement for September 2026' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Spotify · 2026-09');
    await expect(rows.nth(1)).toContainText('September streams');
    await expect(rows.nth(1)).toContainText('+$100.10');
    await expect(rows.nth(3)).toContainText('Correction: reverses Apple Music · 2026-09');
    await expect(rows.nth(3)).toContainText('−$20.05');
    // The balance today in the page's words, to the cent.
    await expect(page.getByTestId('statement-balance-USD')).toHaveText('Balance owed today: $50.10 ($100.10 earned · $50.00 paid out · $0.00 pending)');
    const csv = await page.request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('earning,Spotify,2026-09,September streams,100.10,USD,recorded');
    expect(text).toContain('earning reversal,Apple Music,2026-09,');
    expect(text).toContain(',-20.05,USD,recorded');

    // This month's statement has the payout, signed negative and paid, as the page says.
    const month = new Date().toISOString().slice(0, 7);
    const thisMonth = await (await page.request.get(`/api/payouts/statement.csv?period=${month}`)).text();
    expect(thisMonth).toContain('Payout to Checking account ending 4321 (First payout),-50.00,USD,paid');
    expect(thisMonth).toContain(`,total paid out,,${month},,-50.00,USD,paid`);
    expect(thisMonth).toContain(`,total pending,,${month},,0.00,USD,pending`);
  });
});
