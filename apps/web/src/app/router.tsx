import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from './guards/require-auth';
import { RouteError } from './route-error';

// Every page and the signed-in app shell (sidebar, dialogs, search) load on demand: the sign-in
// page's first load carries only React, the router, the query client and its own chunk.

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
      {
        path: 'split-invite/:token',
        lazy: async () => ({ Component: (await import('@/features/splits/pages/split-invite-page')).SplitInvitePage }),
      },
      {
        path: 'stripe-checkout',
        lazy: async () => ({ Component: (await import('@/features/membership/pages/checkout-pages')).StripeCheckoutPage }),
      },
      {
        path: 'simple-checkout',
        lazy: async () => ({ Component: (await import('@/features/membership/pages/checkout-pages')).SimpleCheckoutPage }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              { index: true, lazy: homeRoute },
              { path: 'home', lazy: homeRoute },
              { path: 'songs', lazy: async () => ({ Component: (await import('./routes/songs-route')).SongsRoute }) },
              { path: 'songs/:id', lazy: async () => ({ Component: (await import('./routes/songs-route')).SongRoute }) },
              { path: 'songs/:id/booth', lazy: async () => ({ Component: (await import('@/features/booth/pages/booth-page')).BoothPage }) },
              { path: 'chat/:id?', lazy: chatRoute },
              { path: 'lyrics/:id?', lazy: async () => ({ Component: (await import('./routes/lyrics-route')).LyricsRoute }) },
              { path: 'cover-art/:id?', lazy: async () => ({ Component: (await import('./routes/cover-art-route')).CoverArtRoute }) },
              { path: 'marketing/:id?', lazy: async () => ({ Component: (await import('./routes/marketing-route')).MarketingRoute }) },
              { path: 'review/:id?', lazy: reviewRoute },
              { path: 'studio/:id?', lazy: async () => ({ Component: (await import('./routes/studio-route')).StudioRoute }) },
              { path: 'payouts', lazy: async () => ({ Component: (await import('./routes/payouts-route')).PayoutsRoute }) },
              { path: 'splits', lazy: async () => ({ Component: (await import('@/features/splits/pages/my-splits-pages')).MySplitsPage }) },
              { path: 'splits/:songId', lazy: async () => ({ Component: (await import('@/features/splits/pages/my-splits-pages')).MemberSplitPage }) },
              {
                path: 'payouts/statement/:period',
                lazy: async () => ({ Component: (await import('@/features/payouts/pages/statement-page')).StatementPage }),
              },
              {
                path: 'membership',
                lazy: async () => ({ Component: (await import('@/features/membership/pages/membership-page')).MembershipPage }),
              },
              {
                path: 'admin',
                lazy: async () => ({ Component: (await import('./guards/require-admin')).RequireAdmin }),
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('./routes/admin-route')).AdminRoute }) },
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
