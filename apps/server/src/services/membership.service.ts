import { PAYMENTS_CLOSED } from '@members-only/shared/membership';
import type { CheckoutMode, CheckoutResponse, MembershipContent, MembershipOffer, MembershipStatus } from '@members-only/shared';
import type { UserRow, MembershipRow } from '../db/types';
import { toIso } from '../db/index';
import type { MembershipChange, MembershipRepository } from '../repositories/membership.repository';
import type { UserRepository } from '../repositories/user.repository';
import { emailKey } from '../repositories/user.repository';
import type { UnitOfWork } from '../repositories/index';
import { InvalidSignature, type PaymentEvent, type PaymentProvider, type SubscriptionState } from '../providers/payments/index';
import { AppError, badRequest, conflict } from '../errors';
import { LIVE_MEMBERSHIP, type Actor } from '../policies/index';

/**
 * How long a checkout accepts payment, counted from each attempt to create it (the provider keeps
 * it inside Stripe's 30-minute to 24-hour window). The seat is held until the checkout's own
 * expiry, and a minute longer.
 */
export const CHECKOUT_SECONDS = 31 * 60;
const HOLD_GRACE_SECONDS = 60;

const paymentsUnavailable = () => new AppError(503, PAYMENTS_CLOSED, 'payments_unavailable');
const paymentServiceFailed = () => new AppError(502, 'The payment service did not answer. Please try again.', 'payment_service_failed');

const nowSeconds = () => Math.floor(Date.now() / 1000);
const isLive = (status: string) => (LIVE_MEMBERSHIP as readonly string[]).includes(status);

/** Paid membership: the offer and seats, checkouts, signed payment webhooks applied once, cancellation and the billing portal. */
export function createMembershipService(deps: {
  memberships: MembershipRepository;
  users: UserRepository;
  uow: UnitOfWork;
  payments: PaymentProvider | undefined;
  seats: number | undefined;
  content: MembershipContent;
  limits: MembershipOffer['limits'];
}) {
  const { memberships, users, uow, payments, seats, content, limits } = deps;

  const requirePayments = () => {
    if (!payments) throw paymentsUnavailable();
    return payments;
  };

  /** An outside call: its failure is a 502 the artist can retry, never a stack trace. */
  async function upstream<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw paymentServiceFailed();
    }
  }

  async function seatsView() {
    if (!seats) return null;
    const taken = await memberships.seatsTaken();
    return { total: seats, remaining: Math.max(0, seats - taken) };
  }

  async function mine(user: UserRow | undefined): Promise<MembershipOffer['mine']> {
    if (!user) return null;
    const row = await memberships.latestForUser(user.id);
    return {
      status: user.membership_status as MembershipStatus,
      currentPeriodEnd: toIso(user.membership_period_end),
      billing: Boolean(payments && row?.customer_id),
      granted: Boolean(user.is_premium),
    };
  }

  /** Applies a subscription's state to its membership row (and its user), inside a transaction. An incomplete one is a payment still processing. */
  async function applySubscription(r: { memberships: MembershipRepository }, row: MembershipRow, sub: SubscriptionState, stateAt: number, userId?: number | null) {
    await r.memberships.applyState(
      row.id,
      {
        status: sub.status === 'incomplete' ? 'processing' : sub.status,
        periodEnd: sub.periodEnd,
        final: sub.final,
        subscriptionId: sub.id,
        customerId: sub.customerId,
        stateAt,
      },
      { userId: userId ?? null },
    );
  }

  /**
   * What a checkout event means for its membership (ADR 029). Premium only once paid: a
   * completed checkout whose payment is unpaid or whose subscription is incomplete is
   * `processing`; the delayed payment's success (or the subscription turning active) grants it,
   * its failure ends the checkout for good. `current` is the subscription as read just now.
   */
  function checkoutChange(
    event: Extract<PaymentEvent, { type: 'checkout.completed' | 'checkout.async_succeeded' | 'checkout.async_failed' }>,
    current: SubscriptionState | undefined,
    readAt: number,
  ): Pick<MembershipChange, 'status' | 'periodEnd' | 'final' | 'stateAt'> {
    if (event.type === 'checkout.async_failed') return { status: 'payment_failed', periodEnd: null, final: true, stateAt: event.created };
    if (current?.final) return { status: 'expired', periodEnd: current.periodEnd, final: true, stateAt: readAt };
    const paid = event.type === 'checkout.async_succeeded' || event.paymentStatus !== 'unpaid';
    if (!paid) return { status: 'processing', periodEnd: null, stateAt: event.created };
    if (current && current.status !== 'incomplete') return { status: current.status, periodEnd: current.periodEnd, stateAt: readAt };
    // Paid, and the subscription not active yet: the completed checkout waits for it; the delayed
    // payment's success is itself the payment.
    if (current && event.type === 'checkout.completed') return { status: 'processing', periodEnd: null, stateAt: event.created };
    return { status: 'active', periodEnd: current?.periodEnd ?? null, stateAt: event.created };
  }

  return {
    engine: payments?.engine ?? null,

    /** Housekeeping: checkouts never paid whose hold ran out more than a day ago hold nothing and go. */
    prune: (now = new Date()) => memberships.pruneHolds(new Date(now.getTime() - 86_400_000).toISOString()),

    async offer(userId: number | null): Promise<MembershipOffer> {
      const user = userId ? await users.findById(userId) : undefined;
      return {
        content,
        paymentsEnabled: Boolean(payments),
        publishableKey: payments?.publishableKey ?? null,
        limits,
        seats: await seatsView(),
        mine: await mine(user),
      };
    },

    /**
     * Holds a seat (when a limit is set) and opens a checkout for it. Checkouts take seats one at a
     * time under a lock, so two visitors cannot both take the last one; a checkout that expires or
     * fails gives its seat back.
     */
    async createCheckout(actor: Actor | null, mode: CheckoutMode, origin: string): Promise<CheckoutResponse> {
      const provider = requirePayments();
      const user = actor ? await users.findById(actor.id) : undefined;
      if (user && isLive(user.membership_status)) throw conflict('You are already a member.');
      if (user?.membership_status === 'processing') throw conflict('Your last payment is still processing. Your membership starts when it goes through.');
      const holdUntil = new Date((nowSeconds() + CHECKOUT_SECONDS + HOLD_GRACE_SECONDS) * 1000).toISOString();
      const hold = await uow.run(async (r) => {
        if (seats) {
          await r.memberships.lockSeats();
          if ((await r.memberships.seatsTaken()) >= seats) throw conflict('All membership seats are taken at the moment.');
        }
        return r.memberships.insertPending({ userId: user?.id ?? null, emailKey: user ? emailKey(user.email) : null, holdUntil });
      });
      try {
        const session = await upstream(() =>
          provider.createCheckout({
            mode,
            membershipId: hold.id,
            userId: user?.id ?? null,
            customerEmail: user?.email ?? null,
            origin,
            expiresInSeconds: CHECKOUT_SECONDS,
          }),
        );
        // An answer without the session's id, expiry or the address the page needs is no answer.
        const answer = mode === 'embedded' ? session.clientSecret && { clientSecret: session.clientSecret } : session.url && { url: session.url };
        if (!session.id || !Number.isSafeInteger(session.expiresAt) || !answer) throw paymentServiceFailed();
        await memberships.setCheckoutSession(hold.id, session.id, new Date((session.expiresAt + HOLD_GRACE_SECONDS) * 1000).toISOString());
        return answer;
      } catch (error) {
        await memberships.deletePending(hold.id);
        throw error;
      }
    },

    /**
     * One provider event, verified on its raw body and handled once: its id is stored in the same
     * transaction as the change it makes, so a redelivery (or two at once) changes nothing.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      const provider = requirePayments();
      let event: PaymentEvent;
      try {
        event = provider.parseEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidSignature) throw badRequest('The webhook signature is not valid.');
        throw error;
      }
      // A redelivered event is known before anything else, a call to the provider included.
      if (await memberships.eventSeen(event.id)) return { received: true, duplicate: true };
      // A checkout that completed or paid reads its subscription's current state first (an outside
      // call, kept out of the transaction); a failure answers 502 and the provider delivers the event again.
      let current: SubscriptionState | undefined;
      if ((event.type === 'checkout.completed' || event.type === 'checkout.async_succeeded') && event.subscriptionId) {
        const id = event.subscriptionId;
        current = await upstream(() => provider.getSubscription(id));
      }
      const readAt = nowSeconds();
      const handled = await uow.run(async (r) => {
        if (!(await r.memberships.recordEvent(event.id, event.type === 'ignored' ? event.name : event.type))) return false;
        switch (event.type) {
          case 'checkout.completed':
          case 'checkout.async_succeeded':
          case 'checkout.async_failed': {
            const row =
              (event.membershipId ? await r.memberships.findById(event.membershipId) : undefined) ??
              (await r.memberships.findByCheckoutSession(event.checkoutSessionId));
            if (!row) return true;
            // A visitor's membership belongs to the account with the paying e-mail, now or when it registers.
            const owner = row.user_id ?? (event.email ? (await r.users.findByEmail(event.email))?.id : undefined) ?? null;
            await r.memberships.applyState(
              row.id,
              {
                ...checkoutChange(event, current, readAt),
                subscriptionId: event.subscriptionId,
                customerId: event.customerId,
                emailKey: event.email ? emailKey(event.email) : null,
              },
              { userId: owner },
            );
            return true;
          }
          case 'checkout.expired': {
            const row =
              (event.membershipId ? await r.memberships.findById(event.membershipId) : undefined) ??
              (await r.memberships.findByCheckoutSession(event.checkoutSessionId));
            // Only the hold's own checkout gives the seat back (an abandoned retry's session expiring does not).
            if (row && (row.checkout_session_id === null || row.checkout_session_id === event.checkoutSessionId)) await r.memberships.deletePending(row.id);
            return true;
          }
          case 'subscription.changed': {
            const sub = event.subscription;
            const row =
              (await r.memberships.findBySubscription(sub.id)) ?? (sub.membershipId ? await r.memberships.findById(sub.membershipId) : undefined);
            if (row) await applySubscription(r, row, sub, event.created);
            return true;
          }
          default:
            return true;
        }
      });
      return { received: true, duplicate: !handled };
    },

    /** Cancels at the end of the paid period: the member keeps access until then (amendment A6). */
    async cancel(actor: Actor): Promise<MembershipOffer['mine']> {
      const provider = requirePayments();
      const row = await memberships.latestForUser(actor.id);
      if (!row?.subscription_id || !isLive(row.status)) throw conflict('You have no paid membership to cancel.');
      if (row.status !== 'canceling') {
        const subscriptionId = row.subscription_id;
        const sub = await upstream(() => provider.cancelAtPeriodEnd(subscriptionId));
        await uow.run((r) => applySubscription(r, row, sub, nowSeconds()));
      }
      return mine(await users.findById(actor.id));
    },

    /** The provider's billing portal: card, invoices, cancel or renew. */
    async billingPortal(actor: Actor, origin: string): Promise<{ url: string }> {
      const provider = requirePayments();
      const row = await memberships.latestForUser(actor.id);
      if (!row?.customer_id) throw conflict('You have no paid membership to manage.');
      const customerId = row.customer_id;
      return { url: await upstream(() => provider.billingPortal(customerId, `${origin}/membership`)) };
    },

    /** A visitor who paid before having an account: the membership attaches when that e-mail signs in or registers. */
    async attach(user: UserRow): Promise<UserRow> {
      if ((await memberships.attachByEmail(user.id, emailKey(user.email))) === 0) return user;
      return (await users.findById(user.id)) ?? user;
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
