import { storageUsageSchema } from '@members-only/shared/tracks';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

/** Key of what the artist's uploads take of their storage; uploads and deletes refresh it. */
export const STORAGE_QUERY_KEY = ['/api/storage'] as const;

/** GET /api/storage: bytes used and the plan's allowance. */
export function useStorageUsage() {
  return useQuery({ queryKey: STORAGE_QUERY_KEY, queryFn: ({ signal }) => getJson('/api/storage', storageUsageSchema, { signal }) });
}
