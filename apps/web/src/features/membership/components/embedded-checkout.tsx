import { AlertCircle, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { createCheckout } from '../api/membership';

type State = { kind: 'initializing' } | { kind: 'ready' } | { kind: 'processing' } | { kind: 'failed'; message: string };

const PAYMENT_FAILED = 'Payment failed. Please try again.';

/**
 * The embedded payment form (spec §4 Invitation): 'Initializing payment...' until the provider's
 * form is ready, 'Processing...' once it is submitted, inline errors, and an error with Try Again
 * when set-up fails (amendment C2: never an endless "Initializing"). The provider's script is
 * loaded here, on demand, and only when a publishable key is configured.
 */
export function EmbeddedCheckout({ publishableKey }: { publishableKey: string | null }) {
  const navigate = useNavigate();
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'initializing' });
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setInlineError(null);
    setState({ kind: 'initializing' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    let canceled = false;
    let destroy: (() => void) | undefined;
    const fail = (message: string) => {
      if (!canceled) setState({ kind: 'failed', message });
    };
    (async () => {
      if (!publishableKey) {
        fail('The payment form cannot be shown on this page. You can pay on the secure checkout page instead.');
        return;
      }
      const answer = await createCheckout('embedded');
      if (!('clientSecret' in answer)) throw new Error('The payment form could not be prepared.');
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('The payment form could not be loaded.');
      const checkout = await stripe.createEmbeddedCheckoutPage({
        clientSecret: answer.clientSecret,
        onComplete: () => void navigate('/auth?success=true'),
        onAnalyticsEvent: (event) => {
          if (event.eventType === 'checkoutSubmitted') {
            setInlineError(null);
            setState({ kind: 'processing' });
          } else if (event.eventType === 'checkoutSubmitFailed') {
            setInlineError(PAYMENT_FAILED);
            setState({ kind: 'ready' });
          }
        },
      });
      destroy = () => checkout.destroy();
      if (canceled || !mountRef.current) {
        destroy();
        return;
      }
      checkout.mount(mountRef.current);
      setState({ kind: 'ready' });
    })().catch((error: unknown) => fail(errorMessage(error, 'The payment form could not be prepared.')));
    return () => {
      canceled = true;
      destroy?.();
    };
  }, [publishableKey, attempt, navigate]);

  return (
    <section aria-label="Payment" className="mt-6 rounded-xl border border-border bg-background p-4">
      {state.kind === 'initializing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Initializing payment...
        </p>
      ) : null}
      {state.kind === 'processing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Processing...
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" className="flex flex-col gap-3">
          <p className="flex items-start gap-2 text-sm">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
            {state.message}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={retry}>
              Try Again
            </Button>
            <Link to="/stripe-checkout" className={buttonVariants({ variant: 'outline' })}>
              Use the secure checkout page
            </Link>
          </div>
        </div>
      ) : null}
      {inlineError ? (
        <p role="alert" className="mb-3 flex items-center gap-2 text-sm text-destructive-text">
          <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
          {inlineError}
        </p>
      ) : null}
      <div ref={mountRef} />
    </section>
  );
}
