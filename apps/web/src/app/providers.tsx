import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { createQueryClient } from '@/lib/query-client';

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
