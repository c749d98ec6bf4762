import { Navigate, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';

/** Anonymous visitors go to /auth (replacing the entry); a spinner shows while the user loads. */
export function RequireAuth() {
  const { user, isPending, isError, refetch } = useUser();

  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-semibold">We couldn’t reach Members Only.</p>
        <p className="text-muted-foreground">Check your connection and try again.</p>
        <Button onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
