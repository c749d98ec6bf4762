import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { useUser } from '../api/get-user';
import { replaceSession } from '../api/session-cache';
import { AUTH_PAGE_TITLE, AuthScreen, PAYMENT_SUCCESS_TOAST } from '../components/auth-screen';

function usePaymentSuccessToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const success = params.get('success') === 'true';
  useEffect(() => {
    if (!success || shown.current) return;
    shown.current = true;
    toast(PAYMENT_SUCCESS_TOAST);
    // Drop the flag so a reload does not repeat the toast.
    const next = new URLSearchParams(params);
    next.delete('success');
    setParams(next, { replace: true });
  }, [success, params, setParams]);
}

/**
 * The sign-in page as a route of the app, for navigations inside it (signing out, a signed-out
 * visitor sent here by RequireAuth, the checkout's return). A document opened at /auth is the
 * build's own small entry instead (src/auth-main.tsx, ADR 026). It shows the forms at once, also
 * while the current-user request is still out, and sends a signed-in visitor home as soon as it answers.
 */
export function AuthPage() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  usePaymentSuccessToast();

  if (user) return <Navigate to="/" replace />;

  return (
    <>
      <title>{AUTH_PAGE_TITLE}</title>
      <AuthScreen
        onSignedIn={(signedIn, successToast) => {
          replaceSession(queryClient, signedIn);
          toast(successToast);
          void navigate('/', { replace: true });
        }}
      />
    </>
  );
}
