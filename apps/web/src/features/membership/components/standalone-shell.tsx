import { APP_NAME } from '@members-only/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/utils';

/** Pages without the sidebar or header (invitation and checkout). */
export function StandaloneShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="min-h-dvh bg-background">
      <title>{`${title} · ${APP_NAME}`}</title>
      <div className={cn('mx-auto flex min-h-dvh flex-col px-4 py-8 sm:px-8', wide ? 'max-w-5xl' : 'max-w-2xl')}>
        <header className="self-start">
          <Link to="/" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <Logo />
          </Link>
        </header>
        <main className={cn('flex flex-1 flex-col py-10', !wide && 'justify-center')}>{children}</main>
      </div>
    </div>
  );
}
