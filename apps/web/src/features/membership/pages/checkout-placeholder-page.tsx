import { Link } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { buttonVariants } from '@/components/ui/button';
import { StandaloneShell } from '../components/standalone-shell';

/** /stripe-checkout and /simple-checkout until payments are wired to the server. */
export function CheckoutPlaceholderPage() {
  return (
    <StandaloneShell title="Checkout">
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      <ComingSoon title="Checkout is coming soon" className="mt-8">
        Secure checkout is not available yet. Nothing is charged from this page.
      </ComingSoon>
      <div className="mt-8">
        <Link to="/invitation" className={buttonVariants({ variant: 'outline' })}>
          Return to invitation
        </Link>
      </div>
    </StandaloneShell>
  );
}
