import { adminServicesSchema } from '@members-only/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const ADMIN_SERVICES_QUERY_KEY = ['/api/admin/services'] as const;

/** GET /api/admin/services: each outside service, its settings and a fresh reachability check (admins only). */
export function getAdminServices(signal?: AbortSignal) {
  return getJson(ADMIN_SERVICES_QUERY_KEY[0], adminServicesSchema, { signal });
}

export function useAdminServices() {
  // Each answer runs the checks again: only when asked (mount or Check again), never on focus.
  return useQuery({
    queryKey: ADMIN_SERVICES_QUERY_KEY,
    queryFn: ({ signal }) => getAdminServices(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
