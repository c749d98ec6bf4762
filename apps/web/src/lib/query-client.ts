import { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient. There is no default query function: every query names its fetcher (one
 * file per API call under features/<name>/api or lib/api), which parses the response with its schema.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
