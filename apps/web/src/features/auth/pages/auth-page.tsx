import { APP_NAME, TIMINGS } from '@members-only/shared/constants';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useUser } from '../api/get-user';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { ToolsPanel } from '../components/tools-panel';

function usePaymentSuccessToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const success = params.get('success') === 'true';
  useEffect(() => {
    if (!success || shown.current) return;
    shown.current = true;
    toast({
      title: 'Payment Success!',
      description: `Your ${APP_NAME} VIP access payment has been successfully processed. Please log in to access your account.`,
      variant: 'success',
      duration: TIMINGS.paymentSuccessToastMs,
    });
    // Drop the flag so a reload does not repeat the toast.
    const next = new URLSearchParams(params);
    next.delete('success');
    setParams(next, { replace: true });
  }, [success, params, setParams]);
}

/**
 * The sign-in page. It shows the forms at once, also while the current-user request is still
 * out (it left with the first render), and sends a signed-in visitor home as soon as it answers.
 */
export function AuthPage() {
  const { user } = useUser();
  const navigate = useNavigate();
  usePaymentSuccessToast();

  if (user) return <Navigate to="/" replace />;

  return (
    <>
      <title>{AUTH_PAGE_TITLE}</title>
      <AuthScreen onSignedIn={() => navigate('/', { replace: true })} />
    </>
  );
}

export const AUTH_PAGE_TITLE = `Sign in · ${APP_NAME}`;

/**
 * What the sign-in page shows. The build also renders it to HTML (src/prerender.tsx) for /auth's
 * first paint, so it uses no browser-only API while rendering.
 */
export function AuthScreen({ onSignedIn }: { onSignedIn: () => void }) {
  // The system font stack, not Inter: the page paints without a font download, and the prerendered
  // text and React's are laid out alike whenever the font would have arrived.
  return (
    <div className="min-h-dvh bg-background font-system">
      <div className="mx-auto grid min-h-dvh max-w-6xl gap-8 p-4 sm:p-8 lg:grid-cols-2 lg:items-stretch">
        <main className="flex flex-col justify-center">
          <div className="mx-auto w-full max-w-md">
            <Logo className="mb-8" />
            <Card>
              <CardHeader>
                <h1 className="text-2xl font-semibold tracking-tight">Welcome to {APP_NAME}</h1>
                <CardDescription>Sign in or create an account to use your artist tools.</CardDescription>
              </CardHeader>
              <CardContent>
                <Tabs defaultValue="login">
                  <TabsList aria-label="Sign in or register">
                    <TabsTrigger value="login">Login</TabsTrigger>
                    <TabsTrigger value="register">Register</TabsTrigger>
                  </TabsList>
                  <TabsContent value="login">
                    <LoginForm onSuccess={onSignedIn} />
                  </TabsContent>
                  <TabsContent value="register">
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
