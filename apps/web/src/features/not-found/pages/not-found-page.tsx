import { APP_NAME } from '@members-only/shared/constants';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <title>{`Page Not Found · ${APP_NAME}`}</title>
      <Logo />
      <p className="text-7xl font-black tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">The page you’re looking for doesn’t exist or has moved.</p>
      </div>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Go to home
      </Link>
    </main>
  );
}
