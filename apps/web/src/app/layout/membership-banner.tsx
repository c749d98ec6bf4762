import type { User } from '@members-only/shared/auth';
import { APP_NAME } from '@members-only/shared/constants';
import { BadgeCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/utils';

/**
 * The signed-in artist's real membership state (amendment A5). Never says access or payouts are
 * "under review". Admins see none.
 */
export function MembershipBanner({ user }: { user: User }) {
  // Speaks to artists only (issue 24): an admin's own plan is not theirs to be sold.
  if (user.isAdmin) return null;
  const { status, currentPeriodEnd } = user.membership;
  const date = formatDate(currentPeriodEnd);
  let icon = Info;
  let body: ReactNode;

  switch (status) {
    case 'active':
      icon = BadgeCheck;
      body = (
        <>
          {date ? `${APP_NAME} member · renews on ${date}` : `${APP_NAME} member`} <BannerLink to="/membership">Manage</BannerLink>
        </>
      );
      break;
    case 'canceling':
      icon = BadgeCheck;
      body = (
        <>
          {date ? `${APP_NAME} member · access until ${date}` : `${APP_NAME} member`} <BannerLink to="/membership">Manage</BannerLink>
        </>
      );
      break;
    case 'past_due':
      icon = BadgeCheck;
      body = (
        <>
          {`${APP_NAME} member · your last renewal payment did not go through.`} <BannerLink to="/membership">Update billing</BannerLink>
        </>
      );
      break;
    case 'processing':
      body = (
        <>
          Payment processing: Premium starts as soon as your payment goes through. <BannerLink to="/membership">Membership</BannerLink>
        </>
      );
      break;
    case 'payment_failed':
      body = (
        <>
          Your payment didn’t go through, so you’re on the Free plan. <BannerLink to="/membership">See membership</BannerLink>
        </>
      );
      break;
    case 'expired':
      body = (
        <>
          {date ? `Your membership ended on ${date}.` : 'Your membership has ended.'}{' '}
          <BannerLink>Renew</BannerLink>
        </>
      );
      break;
    default:
      if (user.isPremium) {
        // Premium granted by an operator, without a paid period.
        icon = BadgeCheck;
        body = `${APP_NAME} member`;
      } else {
        body = (
          <>
            You're on the Free plan. Members get higher limits on beats, cover art, reviews and marketing plans.{' '}
            <BannerLink>See membership</BannerLink>
          </>
        );
      }
  }

  const Icon = icon;
  return (
    <div
      role="region"
      aria-label="Membership status"
      className="flex items-start gap-2 border-b border-border bg-primary-soft px-4 py-2.5 text-sm text-primary-soft-foreground sm:items-center sm:px-8"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:mt-0" />
      <p>{body}</p>
    </div>
  );
}

function BannerLink({ children, to = '/invitation' }: { children: ReactNode; to?: string }) {
  return (
    <Link
      to={to}
      className="whitespace-nowrap font-semibold underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-current"
    >
      {children}
    </Link>
  );
}
