import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { createQueryClient } from '@/lib/query-client';

// The toast viewport (Radix Toast and its layers) is not part of any page's first load: it loads
// when the first toast is raised, or once the page has loaded and the browser is idle, so that F8
// finds it. Toasts raised before it arrives wait in the store and show when it mounts.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle = 0;
    const whenIdle = () => {
      handle = window.requestIdleCallback ? window.requestIdleCallback(() => setIdle(true), { timeout: 2000 }) : window.setTimeout(() => setIdle(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Every page first asks who is signed in: the request leaves with the first render, alongside
    // the page's own chunk, instead of after that chunk has loaded and rendered.
    void client.prefetchQuery(userQueryOptions);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
