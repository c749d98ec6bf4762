import { PAYOUT_MESSAGES, type PaymentMethod } from '@members-only/shared/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { HttpError, errorMessage } from '@/lib/api-client';
import { sectionById } from '@/lib/sections';
import { useLedger } from '../api/ledger';
import { addPaymentMethod, deletePaymentMethod, makeDefaultPaymentMethod, PAYMENT_METHODS_QUERY_KEY, usePaymentMethods } from '../api/payment-methods';
import { EarningsPanel } from '../components/earnings-panel';
import { PaymentMethodForm, emptyPaymentForm, toPaymentInput, validatePaymentForm, type PaymentFormValues } from '../components/payment-method-form';
import { PaymentMethodList } from '../components/payment-method-list';

/**
 * /payouts (spec §2 'Payouts'): add a payment method, 'Your Payment Methods' by last 4 digits, and
 * the balance and history from the earnings ledger. Signed out (or a session that ended), the
 * page says 'Authentication Required'. After a successful save the form resets and the artist
 * stays here, seeing the new method in the list (the spec's jump home is dropped: ADR 030).
 */
export function PayoutsPage({ signedIn, earningsFooter }: { signedIn: boolean; /** Shown under the earnings (the route links the split sheets there). */ earningsFooter?: ReactNode }) {
  const section = sectionById('payouts');
  const queryClient = useQueryClient();
  const methods = usePaymentMethods(signedIn);
  const ledger = useLedger(signedIn);
  const [values, setValues] = useState<PaymentFormValues>(() => emptyPaymentForm());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busyId, setBusyId] = useState<number | null>(null);

  const unauthorized = !signedIn || [methods.error, ledger.error].some((e) => e instanceof HttpError && e.status === 401);
  const errors = { ...validatePaymentForm(values), ...serverErrors };

  const add = useMutation({
    mutationFn: () => addPaymentMethod(toPaymentInput(values)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
      toast({ title: PAYOUT_MESSAGES.added, variant: 'success' });
      setValues(emptyPaymentForm(values.type));
      setServerErrors({});
    },
    onError: (error) => {
      const fieldErrors = error instanceof HttpError ? error.body?.fieldErrors : undefined;
      if (fieldErrors) setServerErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      const description = error instanceof HttpError ? (error.serverMessage ?? PAYOUT_MESSAGES.addFailedDefault) : errorMessage(error, PAYOUT_MESSAGES.addFailedDefault);
      toast({ title: PAYOUT_MESSAGES.addFailed, description, variant: 'destructive' });
    },
  });

  const remove = useMutation({
    mutationFn: (m: PaymentMethod) => deletePaymentMethod(m.id),
    onMutate: (m) => setBusyId(m.id),
    onSuccess: () => toast({ title: PAYOUT_MESSAGES.deleted, variant: 'success' }),
    onError: (error) => toast({ title: PAYOUT_MESSAGES.deleteFailed, description: errorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
    },
  });

  const makeDefault = useMutation({
    mutationFn: (m: PaymentMethod) => makeDefaultPaymentMethod(m.id),
    onMutate: (m) => setBusyId(m.id),
    onError: (error) => toast({ title: 'Error updating payment method', description: errorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
    },
  });

  if (unauthorized) return <AuthenticationRequired />;

  const submit = () => {
    if (Object.keys(validatePaymentForm(values)).length > 0) return;
    add.mutate();
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8">
      <PageHeader title="Payouts" subtitle={section.subtitle} icon={section.icon} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Add Payment Method</CardTitle>
            <CardDescription>Where your royalties are paid. Numbers are encrypted; only the last 4 digits are ever shown.</CardDescription>
          </CardHeader>
          <CardContent>
            <PaymentMethodForm
              values={values}
              errors={errors}
              saving={add.isPending}
              onChange={(next) => {
                setValues(next);
                setServerErrors({});
              }}
              onSubmit={submit}
            />
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Your Payment Methods</CardTitle>
            </CardHeader>
            <CardContent>
              {methods.isPending ? (
                <div role="status" className="flex items-center gap-2 text-muted-foreground">
                  <Spinner /> Loading payment methods…
                </div>
              ) : methods.isError ? (
                <LoadFailed message="Failed to load your payment methods. Please try again." onRetry={() => void methods.refetch()} />
              ) : (
                <PaymentMethodList methods={methods.data} busyId={busyId} onDelete={(m) => remove.mutate(m)} onMakeDefault={(m) => makeDefault.mutate(m)} />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Earnings and Payouts</CardTitle>
              <CardDescription>Royalties recorded for you, and what has been paid out.</CardDescription>
            </CardHeader>
            <CardContent>
              {ledger.isPending ? (
                <div role="status" className="flex items-center gap-2 text-muted-foreground">
                  <Spinner /> Loading your earnings…
                </div>
              ) : ledger.isError ? (
                <LoadFailed message="Failed to load your earnings. Please try again." onRetry={() => void ledger.refetch()} />
              ) : (
                <EarningsPanel ledger={ledger.data} />
              )}
              {earningsFooter ? <div className="mt-4 text-sm">{earningsFooter}</div> : null}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

function AuthenticationRequired() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-2xl font-bold">{PAYOUT_MESSAGES.authTitle}</h1>
      <p className="text-muted-foreground">{PAYOUT_MESSAGES.authBody}</p>
      <Button asChild>
        <Link to="/auth">Sign in</Link>
      </Button>
    </div>
  );
}
