import { useEffect } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { handOverToast, toast, type ToastOptions } from '@/components/ui/use-toast';
import { AuthScreen, PAYMENT_SUCCESS_TOAST } from '../components/auth-screen';

/**
 * Leaves the /auth document for the app by a full navigation (the app's own entry, router and
 * query client load there), taking the toast on screen, or `successToast`, along.
 */
export function leaveForApp(successToast?: ToastOptions): void {
  handOverToast(successToast);
  window.location.replace('/');
}

/**
 * The sign-in page as its own document: what src/auth-main.tsx renders for a visit that opens
 * /auth, with no React Router, TanStack Query or app shell (ADR 026). The build renders the same
 * tree to HTML (src/prerender.tsx), which React hydrates. Signing in or registering leads to the
 * app; so does the current-user check (auth-main.tsx) when the visitor is already signed in.
 */
export function AuthDocument({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);

  // The checkout sends the visitor to /auth?success=true after a payment. The flag is dropped at
  // once, so a reload (or StrictMode's second effect in development) does not repeat the toast.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('success') !== 'true') return;
    url.searchParams.delete('success');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    toast(PAYMENT_SUCCESS_TOAST);
  }, []);

  return (
    <>
      <AuthScreen onSignedIn={(_user, successToast) => leaveForApp(successToast)} />
      <DeferredToaster />
    </>
  );
}
