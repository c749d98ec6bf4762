// The app's own font (the prerendered page preloads its Latin file: vite.config.ts).
import '@fontsource-variable/inter';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { getUser } from './features/auth/api/fetch-user';
import { AuthDocument, leaveForApp } from './features/auth/pages/auth-document';
import { initTheme } from './lib/theme';

/**
 * The entry of the /auth document (auth.html, ADR 026): the sign-in page alone, hydrated over the
 * HTML the build rendered into it. Everything else of the app loads with the app's own entry
 * (main.tsx), which signing in leads to by a full navigation.
 */

// public/theme-init.js has set the theme before the first paint; from here on the page keeps it.
initTheme();

// A visitor who is already signed in goes to the app as soon as the server says so; the request
// leaves before React starts. A failed request leaves the forms in place.
getUser().then(
  (user) => {
    if (user) leaveForApp();
  },
  () => undefined,
);

// Signing in leads to the app by a full navigation: once this page has loaded and the browser is
// idle, the app's first-load files (listed by the build) are fetched into the cache, not run.
function prefetchApp() {
  const assets = document.querySelector<HTMLMetaElement>('meta[name="app-assets"]')?.content.split(' ') ?? [];
  for (const href of assets.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
}
const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(prefetchApp, { timeout: 5000 }) : window.setTimeout(prefetchApp, 1000));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The prerendered page is `inert` until React has taken it over: nothing can be typed into it or
// submitted before the forms work. Hydration runs as a transition, in slices that leave the main
// thread free to answer input.
const onHydrated = () => container.removeAttribute('inert');
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <AuthDocument onHydrated={onHydrated} />
    </StrictMode>,
  );
});
