import type { MyMembership } from '@members-only/shared/membership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CreditCard, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { QUOTAS_QUERY_KEY } from '@/lib/query-keys';
import { formatDate } from '@/lib/utils';
import { MEMBERSHIP_QUERY_KEY, cancelMembership, openBillingPortal, useMembershipOffer } from '../api/membership';

/** The signed-in user's own record (GET /api/user), refreshed so the banner and badge follow. */
const USER_KEY = ['/api/user'] as const;

function statusLine(mine: MyMembership): string {
  const date = formatDate(mine.currentPeriodEnd);
  switch (mine.status) {
    case 'active':
      return date ? `Active. Renews on ${date}.` : 'Active.';
    case 'canceling':
      return date ? `Canceled. Your membership ends on ${date}; you keep it until then.` : 'Canceled. Your membership ends at the end of the paid period.';
    case 'past_due':
      return 'Your last renewal payment did not go through. The payment provider will try again; you can update your card in Manage billing.';
    case 'expired':
      return date ? `Ended on ${date}.` : 'Ended.';
    default:
      return mine.granted ? 'Membership granted by the operator of this installation.' : 'You are on the Free plan.';
  }
}

/** Membership (issue 16): status, renewal or end date, cancel at period end and the billing portal (amendment A6). */
export function MembershipPage() {
  const offer = useMembershipOffer();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const cancel = useMutation({
    mutationFn: cancelMembership,
    onSuccess: async (mine) => {
      setConfirming(false);
      toast({ title: 'Membership canceled', description: mine.currentPeriodEnd ? `You keep your membership until ${formatDate(mine.currentPeriodEnd)}.` : undefined });
      await Promise.all([MEMBERSHIP_QUERY_KEY, USER_KEY, QUOTAS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast({ title: 'Could not cancel your membership', description: errorMessage(error), variant: 'destructive' }),
  });
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: 'Could not open billing', description: errorMessage(error), variant: 'destructive' }),
  });

  const mine = offer.data?.mine;
  const live = mine && ['active', 'past_due'].includes(mine.status);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-8">
      <PageHeader title="Membership" subtitle="Your plan, its renewal and billing" icon={BadgeCheck} />
      {offer.isPending ? <PageSpinner label="Loading your membership" /> : null}
      {offer.isError ? <LoadFailed message="Your membership could not be loaded." onRetry={() => void offer.refetch()} /> : null}
      {mine ? (
        <section aria-labelledby="membership-status" className="mt-8 rounded-2xl border border-border bg-card p-6">
          <h2 id="membership-status" className="text-lg font-semibold">
            Status
          </h2>
          <p className="mt-2" data-testid="membership-status">
            {statusLine(mine)}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {mine.billing ? (
              <Button type="button" variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
                {portal.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CreditCard aria-hidden="true" />}
                Manage billing
              </Button>
            ) : null}
            {mine.billing && live && !confirming ? (
              <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
                Cancel membership
              </Button>
            ) : null}
            {mine.status === 'free' || mine.status === 'expired' ? (
              mine.granted ? null : (
                <Link to="/invitation" className={buttonVariants()}>
                  See membership
                </Link>
              )
            ) : null}
          </div>
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
      ) : null}
    </div>
  );
}
