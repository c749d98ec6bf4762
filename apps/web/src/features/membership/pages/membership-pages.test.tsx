import { DEFAULT_MEMBERSHIP_CONTENT, type MembershipOffer, type MyMembership } from '@members-only/shared/membership';
import type { QuotasResponse } from '@members-only/shared/quotas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SimpleCheckoutPage } from './checkout-pages';
import { MembershipPage } from './membership-page';
import { stubFetchForEachTest } from '@/test/fetch-stub';

const limits = {
  free: { chat: 30, lyrics: 20, review: 3, marketing: 2, cover: 3, beat: 5 },
  premium: { chat: 300, lyrics: 200, review: 30, marketing: 20, cover: 30, beat: 50 },
};
const offer = (paymentsEnabled: boolean, mine: MyMembership | null): MembershipOffer => ({
  content: DEFAULT_MEMBERSHIP_CONTENT,
  paymentsEnabled,
  publishableKey: null,
  limits,
  seats: null,
  mine,
});
const quotas = (plan: 'free' | 'premium'): QuotasResponse => ({
  plan,
  quotas: Object.fromEntries(
    Object.entries(limits[plan]).map(([kind, limit]) => [kind, { kind, limit, used: kind === 'beat' ? 2 : 0, remaining: limit - (kind === 'beat' ? 2 : 0), resetsAt: '2026-11-27T00:00:00.000Z' }]),
  ) as QuotasResponse['quotas'],
});
const mine = (status: MyMembership['status'], extra: Partial<MyMembership> = {}): MyMembership => ({ status, currentPeriodEnd: null, billing: false, granted: false, ...extra });

/** Words an artist never reads (configuration talk). */
const FORBIDDEN = /installation|configured|engine|STRIPE_|set up/i;

const fetchMock = stubFetchForEachTest();
function serve(membership: MembershipOffer, plan: QuotasResponse) {
  fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/quotas') ? Response.json(plan) : Response.json(membership)));
}

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the simple checkout page', () => {
  it('without payments shows the invitation’s notice and no button that could only fail', async () => {
    serve(offer(false, null), quotas('free'));
    const view = renderPage(<SimpleCheckoutPage />);
    expect(await screen.findByText("Payments aren't open yet: an admin can give you Premium.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /complete payment now/i })).toBeNull();
    expect(view.container.textContent).not.toMatch(FORBIDDEN);
  });

  it('with payments offers the payment button', async () => {
    serve(offer(true, null), quotas('free'));
    renderPage(<SimpleCheckoutPage />);
    expect(await screen.findByRole('button', { name: /complete payment now/i })).toBeTruthy();
    expect(screen.queryByText(/Payments aren't open yet/)).toBeNull();
  });
});

describe('the Membership page', () => {
  it('shows a paid member the plan, the renewal date, today’s limits and the cancel and billing actions', async () => {
    serve(offer(true, mine('active', { currentPeriodEnd: '2027-11-26T12:00:00.000Z', billing: true })), quotas('premium'));
    renderPage(<MembershipPage />);
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Premium');
    expect(screen.getByTestId('membership-status').textContent).toMatch(/^Active\. Renews on .+2027\.$/);
    expect(screen.getByText('Renews on')).toBeTruthy();
    expect(within(await screen.findByRole('row', { name: /beats/i })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2 of 50']);
    expect(screen.getByRole('button', { name: 'Cancel membership' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /upgrade/i })).toBeNull();
  });

  it('shows "Payment processing" and no Premium while a payment settles', async () => {
    serve(offer(true, mine('processing')), quotas('free'));
    const view = renderPage(<MembershipPage />);
    expect(await screen.findByText('Payment processing')).toBeTruthy();
    expect(screen.getByTestId('plan-name').textContent).toBe('Free');
    expect(screen.queryByRole('link', { name: /upgrade|try again/i })).toBeNull();
    expect(view.container.textContent).not.toMatch(FORBIDDEN);
  });

  it('says plainly that a failed payment ended the checkout, and offers to try again', async () => {
    serve(offer(true, mine('payment_failed')), quotas('free'));
    renderPage(<MembershipPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your payment didn’t go through');
    expect(screen.getByTestId('membership-status').textContent).toContain('You were not charged and you are on the Free plan');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/invitation');
  });

  it('offers the upgrade to a Free artist beside Premium’s limits, or the notice when payments are not open', async () => {
    serve(offer(true, mine('free')), quotas('free'));
    renderPage(<MembershipPage />);
    expect((await screen.findByRole('link', { name: 'Upgrade to Premium' })).getAttribute('href')).toBe('/invitation');
    expect(within(await screen.findByRole('row', { name: /beats/i })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2 of 5', '50']);
    cleanup();

    serve(offer(false, mine('free')), quotas('free'));
    const view = renderPage(<MembershipPage />);
    expect(await screen.findByText("Payments aren't open yet: an admin can give you Premium.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
    expect(view.container.textContent).not.toMatch(FORBIDDEN);
  });

  it('names an admin’s grant without configuration words', async () => {
    serve(offer(false, mine('free', { granted: true })), quotas('premium'));
    const view = renderPage(<MembershipPage />);
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Premium, given to you by an admin.');
    expect(view.container.textContent).not.toMatch(FORBIDDEN);
  });
});
