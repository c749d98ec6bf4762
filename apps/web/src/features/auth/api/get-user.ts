import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const USER_QUERY_KEY = ['/api/user'] as const;

/**
 * The user schema (and with it the full zod) loads with the first answer that carries a user:
 * a signed-out visitor on the sign-in page only ever gets a 401 and never downloads it.
 */
export const loadUserSchema = () => import('@members-only/shared/auth').then((m) => m.userSchema);

/** GET /api/user: the signed-in user, or null when signed out (a 401 resolves to null, spec §7). */
export function getUser(signal?: AbortSignal) {
  return getJson(USER_QUERY_KEY[0], loadUserSchema, { on401: 'returnNull', signal });
}

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: ({ signal }) => getUser(signal),
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}
