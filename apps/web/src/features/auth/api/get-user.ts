import type { User } from '@members-only/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The signed-in user, or null when signed out (a 401 resolves to null, spec §7). */
export function useUser() {
  const query = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
  return { ...query, user: query.data ?? null };
}
