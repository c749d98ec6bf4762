import { billingPortalSchema, checkoutResponseSchema, membershipOfferSchema, myMembershipSchema, type CheckoutMode } from '@members-only/shared/membership';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export const MEMBERSHIP_QUERY_KEY = ['/api/membership'] as const;

/** While a payment settles, pages showing the membership look again this often (the provider tells the server, not the page). */
export const PROCESSING_POLL_MS = 4000;

/** GET /api/membership: the configured offer (content, price, real seats) and the caller's own membership. */
export function useMembershipOffer() {
  return useQuery({
    queryKey: MEMBERSHIP_QUERY_KEY,
    queryFn: ({ signal }) => getJson('/api/membership', membershipOfferSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.mine?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

/** POST /api/create-vip-checkout: a client secret for the embedded form, or the hosted page's address. */
export function createCheckout(mode: CheckoutMode) {
  return sendJson('POST', '/api/create-vip-checkout', { mode }, checkoutResponseSchema);
}


/** POST /api/membership/cancel: ends the membership at the end of the paid period. */
export function cancelMembership() {
  return sendJson('POST', '/api/membership/cancel', {}, myMembershipSchema);
}

/** POST /api/membership/billing-portal: the provider's page for card, invoices and cancelation. */
export function openBillingPortal() {
  return sendJson('POST', '/api/membership/billing-portal', {}, billingPortalSchema);
}

/** "$19.99" in the configured currency. */
export function formatPrice(amount: string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
}
