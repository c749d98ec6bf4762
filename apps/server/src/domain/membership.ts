// Facts about the domain that several layers need (policies decide with them, repositories query
// with them): they live below both, so repositories never import policies (ADR 039).

/** Membership states that carry Premium: paid up, canceled but within the paid period, or a renewal the provider is still retrying. */
export const LIVE_MEMBERSHIP = ['active', 'canceling', 'past_due'] as const;
