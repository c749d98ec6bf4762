import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { showHandedOverToast } from './components/ui/use-toast';
import { initTheme } from './lib/theme';

// public/theme-init.js has set the theme before the first paint; from here on the app keeps it.
initTheme();
// The /auth document (its own entry, auth-main.tsx) hands its toast over when it leaves for the
// app, e.g. "Login successful".
showHandedOverToast();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
