/**
 * The sign-in page rendered to HTML at build time: the `prerender-auth` plugin in vite.config.ts
 * writes it into dist/auth.html, the /auth document's own entry (src/auth-main.tsx), which the
 * server sends for /auth. The browser paints it before any script has run; it is `inert` until
 * React has hydrated it. Not part of the browser bundle.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AUTH_PAGE_TITLE } from '@/features/auth/components/auth-screen';
import { AuthDocument } from '@/features/auth/pages/auth-document';

export function renderAuthPage(): { title: string; html: string } {
  // The same tree as auth-main.tsx hydrates, so that React adopts this markup as it is.
  const html = renderToString(
    <StrictMode>
      <AuthDocument />
    </StrictMode>,
  );
  return { title: AUTH_PAGE_TITLE, html };
}
