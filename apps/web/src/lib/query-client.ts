import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, type UnauthorizedBehavior } from './api-client';

/** The default data load (spec §7): GET the query key's first element as the path, parse JSON. */
export function getQueryFn<T>({ on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T | null> {
  return ({ queryKey, signal }) => getJson<T>(String(queryKey[0]), { on401, signal });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
