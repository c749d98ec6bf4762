import { APP_NAME } from '@members-only/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

/** Pages without the sidebar or header (invitation and checkout). */
export function StandaloneShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <title>{`${title} · ${APP_NAME}`}</title>
      <div className="mx-auto flex min-h-dvh max-w-2xl flex-col px-4 py-8 sm:px-8">
        <header className="self-start">
          <Link to="/" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <Logo />
          </Link>
        </header>
        <main className="flex flex-1 flex-col justify-center py-10">{children}</main>
      </div>
    </div>
  );
}
