import { userSchema } from '@members-only/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user: the signed-in user, or null when signed out (a 401 resolves to null, spec §7). */
export function getUser(signal?: AbortSignal) {
  return getJson(USER_QUERY_KEY[0], userSchema, { on401: 'returnNull', signal });
}

export function useUser() {
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => getUser(signal),
  });
  return { ...query, user: query.data ?? null };
}
