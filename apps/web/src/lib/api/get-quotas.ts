import { quotasResponseSchema, type QuotasResponse } from '@members-only/shared/quotas';
import { useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../api-client';
import { QUOTAS_QUERY_KEY } from '../query-keys';

/**
 * GET /api/quotas: the artist's plan and what is left of each daily quota. Null when the server
 * has no such endpoint (404), so the hints simply stay away. Lives in lib because several tools show it.
 */
export async function getQuotas(signal?: AbortSignal): Promise<QuotasResponse | null> {
  try {
    return await getJson(QUOTAS_QUERY_KEY[0], quotasResponseSchema, { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Refetched after each use of a tool (the tools invalidate QUOTAS_QUERY_KEY), and when a minute old. */
export function useQuotas() {
  return useQuery({
    queryKey: QUOTAS_QUERY_KEY,
    queryFn: ({ signal }) => getQuotas(signal),
    staleTime: 60_000,
  });
}
