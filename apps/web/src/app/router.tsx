import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import type { SectionId } from '@/lib/sections';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';

/** Tool screens not built yet: a placeholder inside the layout (route-level lazy, so tools can grow). */
function toolRoute(path: string, sectionId: SectionId): RouteObject {
  return {
    path,
    lazy: async () => {
      const { ToolPlaceholderPage } = await import('@/features/conversations/pages/tool-placeholder-page');
      return { element: <ToolPlaceholderPage sectionId={sectionId} /> };
    },
  };
}

const homeRoute = async () => ({ Component: (await import('./routes/home-route')).HomeRoute });
const chatRoute = async () => ({ Component: (await import('./routes/chat-route')).ChatRoute });
const reviewRoute = async () => ({ Component: (await import('./routes/review-route')).ReviewRoute });

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { path: 'auth', lazy: async () => ({ Component: (await import('@/features/auth/pages/auth-page')).AuthPage }) },
      {
        path: 'invitation',
        lazy: async () => ({ Component: (await import('@/features/membership/pages/invitation-page')).InvitationPage }),
      },
      ...['stripe-checkout', 'simple-checkout'].map(
        (path): RouteObject => ({
          path,
          lazy: async () => ({
            Component: (await import('@/features/membership/pages/checkout-placeholder-page')).CheckoutPlaceholderPage,
          }),
        }),
      ),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, lazy: homeRoute },
              { path: 'home', lazy: homeRoute },
              { path: 'chat/:id?', lazy: chatRoute },
              { path: 'lyrics/:id?', lazy: async () => ({ Component: (await import('./routes/lyrics-route')).LyricsRoute }) },
              toolRoute('cover-art/:id?', 'coverart'),
              { path: 'marketing/:id?', lazy: async () => ({ Component: (await import('./routes/marketing-route')).MarketingRoute }) },
              { path: 'review/:id?', lazy: reviewRoute },
              { path: 'studio/:id?', lazy: async () => ({ Component: (await import('@/features/studio/pages/studio-page')).StudioPage }) },
              toolRoute('payouts', 'payouts'),
              {
                path: 'admin',
                element: <RequireAdmin />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('@/features/admin/pages/admin-page')).AdminPage }) },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/features/not-found/pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
