import '@fontsource-variable/inter';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initTheme } from './lib/theme';

// public/theme-init.js has set the theme before the first paint; from here on the app keeps it.
initTheme();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A prerendered page (/auth, dist/auth.html) stays on screen until its route's chunk has loaded:
// React then replaces it with the same page, instead of with the loading spinner in between, and
// renders it as a transition, in slices that leave the main thread free to answer input.
const prerendered = container.firstElementChild !== null;
if (prerendered && !router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const root = createRoot(container);
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
if (prerendered) startTransition(() => root.render(app));
else root.render(app);
