import { APP_NAME } from '@members-only/shared/constants';
import { CircleX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { StandaloneShell } from '../components/standalone-shell';

/**
 * Membership page placeholder. Amendments A1-A4: no balance, no "selected" claim, no scarcity,
 * no price until the configured one can be read from the server.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const canceled = params.get('canceled') === 'true';
  return (
    <StandaloneShell title="Membership">
      {canceled ? (
        <div role="alert" className="mb-6 flex items-center gap-2 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          <CircleX aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Your payment was not completed
        </div>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{APP_NAME} membership</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Membership raises your generation limits for beats, cover art, song reviews and marketing plans. Every tool is
        available on the Free plan too, with lower limits.
      </p>
      <ComingSoon title="Online sign-up is coming soon" className="mt-8">
        Paying for a membership in the app is not available yet. Nothing is charged from this page.
      </ComingSoon>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Return to Main Site
        </Link>
        <Link to="/auth" className={cn(buttonVariants({ variant: 'outline' }))}>
          Already a member? Sign in here
        </Link>
      </div>
    </StandaloneShell>
  );
}
