import type { User } from '@members-only/shared/auth';
import { useEffect, useRef, type RefObject } from 'react';
import { APP_NAME, TIMINGS } from '@members-only/shared/constants';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ToastOptions } from '@/components/ui/use-toast';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ToolsPanel } from './tools-panel';

export const AUTH_PAGE_TITLE = `Sign in · ${APP_NAME}`;

/** Shown on /auth?success=true, where the checkout sends the visitor after a payment. */
export const PAYMENT_SUCCESS_TOAST: ToastOptions = {
  title: 'Payment Success!',
  description: `Your ${APP_NAME} VIP access payment has been successfully processed. Please log in to access your account.`,
  variant: 'success',
  duration: TIMINGS.paymentSuccessToastMs,
};

/** Called once the server has signed the visitor in, with the toast that says so. */
export type OnSignedIn = (user: User, successToast: ToastOptions) => void;

/**
 * What the sign-in page shows, without React Router or TanStack Query: the in-app route
 * (pages/auth-page.tsx) and the /auth document's own small entry (src/auth-main.tsx) both render
 * it and decide what signing in leads to. The build also renders it to HTML (src/prerender.tsx)
 * for /auth's first paint, so it uses no browser-only API while rendering.
 */
/**
 * The page's first Tab goes to the first field of the open form (issue 24: "the first Tab stop is
 * the first field, not the panel"). The tabs stay where they are seen, above the form and before it
 * in the document, so the order stays the visual one: Shift+Tab from the first field reaches them,
 * and so does every Tab after the first. Only the first Tab of a fresh page is directed, and only
 * while nothing has been focused or clicked yet (ADR 034).
 */
export function useFirstTabToFirstField(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const stop = () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab') return;
      const field = root.current?.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"] input:not([type="hidden"]):not([disabled])');
      const fresh = !document.activeElement || document.activeElement === document.body;
      if (fresh && !event.shiftKey && field) {
        event.preventDefault();
        field.focus();
      }
      stop();
    }
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [root]);
}

export function AuthScreen({ onSignedIn }: { onSignedIn: OnSignedIn }) {
  const formsRef = useRef<HTMLDivElement>(null);
  useFirstTabToFirstField(formsRef);
  // Inter, as in the app (issue 24): the prerendered document preloads its Latin file, so the
  // first paint usually has it already.
  return (
    <div className="min-h-dvh bg-background font-sans">
      <div className="mx-auto grid min-h-dvh max-w-6xl gap-8 p-4 sm:p-8 lg:grid-cols-2 lg:items-stretch">
        <main className="flex flex-col justify-center">
          <div className="mx-auto w-full max-w-md">
            <Logo className="mb-8" />
            <Card>
              <CardHeader>
                <h1 className="text-2xl font-semibold tracking-tight">Welcome to {APP_NAME}</h1>
                <CardDescription>Sign in or create an account to use your artist tools.</CardDescription>
              </CardHeader>
              <CardContent ref={formsRef}>
                <Tabs defaultValue="login">
                  <TabsList aria-label="Sign in or register">
                    <TabsTrigger value="login">Login</TabsTrigger>
                    <TabsTrigger value="register">Register</TabsTrigger>
                  </TabsList>
                  <TabsContent value="login" tabIndex={-1}>
                    <LoginForm onSuccess={onSignedIn} />
                  </TabsContent>
                  <TabsContent value="register" tabIndex={-1}>
                    <RegisterForm onSuccess={onSignedIn} />
                  </TabsContent>
                </Tabs>
              </CardContent>
            </Card>
          </div>
        </main>
        <ToolsPanel />
      </div>
    </div>
  );
}
