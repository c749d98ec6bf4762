/**
 * The sign-in page rendered to HTML at build time (the `prerender-auth` plugin in vite.config.ts
 * writes it into dist/auth.html, which the server sends for /auth). The browser paints it before
 * any script has run; it is `inert` until React, once /auth's chunk has loaded, renders the same
 * page in its place (src/main.tsx). Not part of the browser bundle.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AUTH_PAGE_TITLE, AuthScreen } from '@/features/auth/pages/auth-page';

export function renderAuthPage(): { title: string; html: string } {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/auth']}>
        <AuthScreen onSignedIn={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { title: AUTH_PAGE_TITLE, html };
}
