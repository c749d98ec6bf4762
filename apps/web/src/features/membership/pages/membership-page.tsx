import type { MembershipOffer, MyMembership } from '@members-only/shared/membership';
import { QUOTA_KINDS, QUOTA_LABELS, type QuotasResponse } from '@members-only/shared/quotas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, BadgeCheck, CreditCard, Hourglass, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useQuotas } from '@/lib/api/get-quotas';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { cn, formatDate } from '@/lib/utils';
import { MEMBERSHIP_QUERY_KEY, cancelMembership, openBillingPortal, useMembershipOffer } from '../api/membership';
import { PaymentsNotOpen } from '../components/payments-not-open';

/** The signed-in user's own record (GET /api/user), refreshed so the banner and badge follow. */
const USER_KEY = ['/api/user'] as const;

const PAID = ['active', 'canceling', 'past_due'];

/** One sentence on where the membership stands. */
export function statusLine(mine: MyMembership): string {
  const date = formatDate(mine.currentPeriodEnd);
  switch (mine.status) {
    case 'processing':
      return 'Your payment is on its way; some payment methods take a few days. Premium starts as soon as it goes through.';
    case 'payment_failed':
      return 'You were not charged and you are on the Free plan. You can try again, with another payment method if you like.';
    case 'active':
      return date ? `Active. Renews on ${date}.` : 'Active.';
    case 'canceling':
      return date ? `Canceled. Your membership ends on ${date}; you keep it until then.` : 'Canceled. Your membership ends at the end of the paid period.';
    case 'past_due':
      return 'Your last renewal payment did not go through. The payment provider will try again; you can update your card in Manage billing.';
    case 'expired':
      if (mine.granted) return 'Premium, given to you by an admin.';
      return date ? `Ended on ${date}.` : 'Ended.';
    default:
      return mine.granted ? 'Premium, given to you by an admin.' : 'You are on the Free plan.';
  }
}

const isPremium = (mine: MyMembership) => mine.granted || PAID.includes(mine.status);

/** The date that matters for this state, with what it means. */
function keyDate(mine: MyMembership): { label: string; value: string } | null {
  const date = formatDate(mine.currentPeriodEnd);
  if (!date) return null;
  if (mine.status === 'active' || mine.status === 'past_due') return { label: 'Renews on', value: date };
  if (mine.status === 'canceling') return { label: 'Ends on', value: date };
  if (mine.status === 'expired') return { label: 'Ended on', value: date };
  return null;
}

/**
 * Membership (issues 16 and 23): the plan, its renewal or end date, today's limits and the
 * actions: cancel at period end, billing portal, upgrade (amendment A6). A payment still
 * settling shows "Payment processing" and the page checks again until it settles (ADR 029).
 */
export function MembershipPage() {
  const offer = useMembershipOffer();
  const mine = offer.data?.mine;
  const queryClient = useQueryClient();
  const quotas = useQuotas();
  // A payment that settles while the page is open changes the plan: the banner, badge and limits follow.
  const lastStatus = useRef(mine?.status);
  useEffect(() => {
    if (lastStatus.current === 'processing' && mine?.status !== 'processing') {
      void Promise.all([USER_KEY, QUOTAS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
    lastStatus.current = mine?.status;
  }, [mine?.status, queryClient]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8">
      <PageHeader title="Membership" subtitle="Your plan, its renewal and billing" icon={BadgeCheck} />
      {offer.isPending ? <PageSpinner label="Loading your membership" /> : null}
      {offer.isError ? <LoadFailed message="Your membership could not be loaded." onRetry={() => void offer.refetch()} /> : null}
      {offer.data && mine ? (
        <>
          <PlanCard
            offer={offer.data}
            mine={mine}
            onChanged={async () => {
              await Promise.all([MEMBERSHIP_QUERY_KEY, USER_KEY, QUOTAS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
            }}
          />
          <TodaysLimits offer={offer.data} quotas={quotas.data ?? null} premium={isPremium(mine)} failed={quotas.isError} />
        </>
      ) : null}
    </div>
  );
}

function PlanCard({ offer, mine, onChanged }: { offer: MembershipOffer; mine: MyMembership; onChanged: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelMembership,
    onSuccess: async (next) => {
      setConfirming(false);
      toast({ title: 'Membership canceled', description: next.currentPeriodEnd ? `You keep your membership until ${formatDate(next.currentPeriodEnd)}.` : undefined });
      await onChanged();
    },
    onError: (error) => toast({ title: 'Could not cancel your membership', description: errorMessage(error), variant: 'destructive' }),
  });
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: 'Could not open billing', description: errorMessage(error), variant: 'destructive' }),
  });

  const premium = isPremium(mine);
  const date = keyDate(mine);
  const failed = mine.status === 'payment_failed';
  const processing = mine.status === 'processing';
  const canCancel = mine.billing && ['active', 'past_due'].includes(mine.status);
  const canUpgrade = !premium && !processing;
  // The billing portal manages a subscription that was paid; a checkout that never was has nothing there.
  const canManage = mine.billing && [...PAID, 'expired'].includes(mine.status);
  const hasActions = (canUpgrade && offer.paymentsEnabled) || canManage || (canCancel && !confirming);

  return (
    <section aria-labelledby="plan-title" className="mt-8 rounded-2xl border border-border bg-card p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plan-title" className="text-lg font-semibold">
          Your plan
        </h2>
        <span
          data-testid="plan-name"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
            premium ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
          )}
        >
          {premium ? <BadgeCheck aria-hidden="true" className="size-4" /> : null}
          {premium ? 'Premium' : 'Free'}
        </span>
      </div>

      {processing ? (
        <p role="status" className="mt-4 flex items-center gap-2 font-semibold">
          <Hourglass aria-hidden="true" className="size-5 text-primary" />
          Payment processing
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-4 flex items-center gap-2 font-semibold text-destructive-text">
          <AlertCircle aria-hidden="true" className="size-5" />
          Your payment didn’t go through
        </p>
      ) : null}
      <p className="mt-2" data-testid="membership-status">
        {statusLine(mine)}
      </p>

      {date ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{date.label}</dt>
          <dd className="font-medium" data-testid="membership-date">
            {date.value}
          </dd>
          {PAID.includes(mine.status) ? (
            <>
              <dt className="text-muted-foreground">Price</dt>
              <dd className="font-medium">
                {new Intl.NumberFormat('en-US', { style: 'currency', currency: offer.content.price.currency }).format(Number(offer.content.price.amount))} per{' '}
                {offer.content.price.interval}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {hasActions ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {canUpgrade && offer.paymentsEnabled ? (
            <Link to="/invitation" className={buttonVariants()}>
              <Sparkles aria-hidden="true" />
              {failed ? 'Try again' : 'Upgrade to Premium'}
            </Link>
          ) : null}
          {canManage ? (
            <Button type="button" variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
              {portal.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CreditCard aria-hidden="true" />}
              Manage billing
            </Button>
          ) : null}
          {canCancel && !confirming ? (
            <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
              Cancel membership
            </Button>
          ) : null}
        </div>
      ) : null}
      {canUpgrade && !offer.paymentsEnabled ? <PaymentsNotOpen className="mt-4" /> : null}

      {confirming ? (
        <div role="alertdialog" aria-labelledby="cancel-title" className="mt-6 rounded-xl border border-border bg-background p-4">
          <h3 id="cancel-title" className="font-semibold">
            Cancel your membership?
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            It will not renew. You keep your membership{mine.currentPeriodEnd ? ` until ${formatDate(mine.currentPeriodEnd)}` : ' until the end of the paid period'}.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Yes, cancel membership
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Keep membership
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Today's use of each daily limit on the current plan, beside what Premium allows (amendment A7). */
function TodaysLimits({ offer, quotas, premium, failed }: { offer: MembershipOffer; quotas: QuotasResponse | null; premium: boolean; failed: boolean }) {
  const shown = QUOTA_KINDS.filter((kind) => offer.limits.free[kind] > 0 || offer.limits.premium[kind] > 0);
  return (
    <section aria-labelledby="limits-title" className="mt-8 rounded-2xl border border-border bg-card p-6">
      <h2 id="limits-title" className="text-lg font-semibold">
        Today’s limits
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {premium ? 'Your Premium limits. They start again at midnight UTC.' : 'Your Free plan limits, and what Premium gives. They start again at midnight UTC.'}
      </p>
      {failed ? <p className="mt-3 text-sm text-muted-foreground">Today’s use could not be loaded.</p> : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Per day
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Used today
              </th>
              {premium ? null : (
                <th scope="col" className="py-2 font-semibold">
                  With Premium
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((kind) => {
              const quota = quotas?.quotas[kind];
              const limit = quota?.limit ?? (premium ? offer.limits.premium[kind] : offer.limits.free[kind]);
              return (
                <tr key={kind} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {QUOTA_LABELS[kind].charAt(0).toUpperCase() + QUOTA_LABELS[kind].slice(1)}
                  </th>
                  <td className="py-2 pr-4 tabular-nums">{quota ? `${quota.used} of ${limit}` : `— of ${limit}`}</td>
                  {premium ? null : <td className="py-2 tabular-nums">{offer.limits.premium[kind]}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
