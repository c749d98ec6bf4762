import { AlertCircle, Loader2, Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { HttpError } from '@/lib/api-client';
import { PageSpinner } from '@/components/ui/spinner';
import { LoadFailed } from '@/components/load-failed';
import { createCheckout, useMembershipOffer } from '../api/membership';
import { PaymentsNotOpen } from '../components/payments-not-open';
import { StandaloneShell } from '../components/standalone-shell';

const FAILED = 'Failed to create checkout session';

/** The server's reason when it gave one (payments not set up, no seats), else null. */
const reasonOf = (error: unknown) => (error instanceof HttpError ? error.serverMessage : null);

/** Opens a hosted checkout and goes there; resolves with an error message when that is not possible. */
async function goToHostedCheckout(): Promise<string> {
  try {
    const answer = await createCheckout('hosted');
    if (!('url' in answer) || !answer.url) return 'No checkout URL returned';
    window.location.assign(answer.url);
    return '';
  } catch (error) {
    return reasonOf(error) ?? FAILED;
  }
}

/** /stripe-checkout: creates a hosted checkout on load and redirects (spec §2, §8). */
export function StripeCheckoutPage() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(() => {
    setError(null);
    void goToHostedCheckout().then((message) => {
      if (message) setError(message);
    });
  }, []);
  useEffect(() => {
    // Once per visit, also under React's development double effects: each start holds a checkout.
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  return (
    <StandaloneShell title="Secure checkout">
      {error === null ? (
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <Loader2 aria-hidden="true" className="size-10 animate-spin text-primary" />
          <h1 className="text-2xl font-semibold">Preparing Secure Checkout</h1>
          <p className="text-muted-foreground">You will be taken to the payment page in a moment.</p>
        </div>
      ) : (
        <div role="alert" className="rounded-2xl border border-destructive/40 bg-destructive/10 p-6">
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            <AlertCircle aria-hidden="true" className="size-6 text-destructive-text" />
            Checkout Error
          </h1>
          <p className="mt-3 font-medium">{error === FAILED ? FAILED : error}</p>
          <p className="mt-1 text-sm text-muted-foreground">Please try again or contact support if the problem persists.</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button type="button" onClick={start}>
              Try Again
            </Button>
            <Link to="/invitation" className={buttonVariants({ variant: 'outline' })}>
              Return to Invitation
            </Link>
          </div>
        </div>
      )}
    </StandaloneShell>
  );
}

/**
 * /simple-checkout: one button that creates a hosted checkout and redirects (spec §2, §8). Without
 * payments there is no button that could only fail: the page says what the invitation says.
 */
export function SimpleCheckoutPage() {
  const offer = useMembershipOffer();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setPending(true);
    setError(null);
    const message = await goToHostedCheckout();
    if (message) {
      setError(message);
      setPending(false);
    }
  };
  return (
    <StandaloneShell title="Checkout">
      <h1 className="text-3xl font-bold tracking-tight">Complete your membership</h1>
      {offer.isPending ? <PageSpinner label="Loading the membership offer" /> : null}
      {offer.isError ? <LoadFailed message="The membership offer could not be loaded." onRetry={() => void offer.refetch()} /> : null}
      {offer.data && !offer.data.paymentsEnabled ? <PaymentsNotOpen className="mt-4 text-base" /> : null}
      {offer.data?.paymentsEnabled ? (
        <>
          <p className="mt-3 text-muted-foreground">You will pay on the payment provider’s secure page and come back here when done.</p>
          <Button type="button" size="lg" className="mt-8 w-full sm:w-auto" disabled={pending} onClick={() => void pay()}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Lock aria-hidden="true" />}
            COMPLETE PAYMENT NOW
          </Button>
          {error ? (
            <p role="alert" className="mt-4 flex items-center gap-2 text-sm text-destructive-text">
              <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
              {error}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="mt-8">
        <Link to="/invitation" className={buttonVariants({ variant: 'outline' })}>
          Return to invitation
        </Link>
      </div>
    </StandaloneShell>
  );
}
