import {
  adminOverviewSchema,
  adminCoverArtsPageSchema,
  jobRetrySchema,
  adminLyricsPageSchema,
  adminTracksPageSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  auditPageSchema,
  type AdminUserChange,
} from '@members-only/shared/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '@/lib/api-client';
import { listUrl, type ListParams } from '../lib/list-params';

/** Spec §9: admin lists refresh every 10 s, in the background too. */
export const ADMIN_REFRESH_MS = 10_000;

/**
 * One page of an admin list. Users poll always; the other lists only while their tab is shown
 * (spec §9), and keep the last page on screen while the next one loads.
 */
function useAdminPage<T>(path: string, schema: z.ZodType<T>, params: ListParams, poll: boolean) {
  return useQuery({
    queryKey: [path, params],
    queryFn: ({ signal }) => getJson(listUrl(path, params), schema, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? ADMIN_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

interface AdminListPages {
  users: z.infer<typeof adminUsersPageSchema>;
  tracks: z.infer<typeof adminTracksPageSchema>;
  'cover-arts': z.infer<typeof adminCoverArtsPageSchema>;
  lyrics: z.infer<typeof adminLyricsPageSchema>;
}
export type AdminListName = keyof AdminListPages;
export type AdminListRow<L extends AdminListName> = AdminListPages[L]['items'][number];

/** The paged admin lists: where each is read from and the shape of its page. */
const ADMIN_LISTS: { [L in AdminListName]: { path: string; schema: z.ZodType<AdminListPages[L]> } } = {
  users: { path: '/api/admin/users', schema: adminUsersPageSchema },
  tracks: { path: '/api/admin/tracks', schema: adminTracksPageSchema },
  'cover-arts': { path: '/api/admin/cover-arts', schema: adminCoverArtsPageSchema },
  lyrics: { path: '/api/admin/lyrics', schema: adminLyricsPageSchema },
};

export const useAdminList = <L extends AdminListName>(list: L, params: ListParams, poll: boolean) => {
  const { path, schema }: { path: string; schema: z.ZodType<AdminListPages[L]> } = ADMIN_LISTS[list];
  return useAdminPage(path, schema, params, poll);
};

export function useAuditLog(params: { limit: number; offset: number }, { active }: { active: boolean }) {
  return useQuery({
    queryKey: ['/api/admin/audit', params],
    queryFn: ({ signal }) => getJson(`/api/admin/audit?limit=${params.limit}&offset=${params.offset}`, auditPageSchema, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: active ? ADMIN_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: ['/api/admin/users', 'detail', id],
    queryFn: ({ signal }) => getJson(`/api/admin/users/${id}`, adminUserDetailSchema, { signal }),
    enabled: id !== null,
  });
}

/** PATCH /api/admin/users/:id: grant or revoke admin rights or membership; the lists and the audit log refresh. */
export function useChangeUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminUserChange) => sendJson('PATCH', `/api/admin/users/${id}`, change, adminUserDetailSchema),
    onSuccess: (detail) => {
      client.setQueryData(['/api/admin/users', 'detail', id], detail);
      void client.invalidateQueries({ queryKey: ['/api/admin/users'] });
      void client.invalidateQueries({ queryKey: ['/api/admin/audit'] });
      // The admin's own plan label, when they changed themselves.
      void client.invalidateQueries({ queryKey: ['/api/user'] });
    },
  });
}

/** GET /api/admin/overview, refreshed every 10 s while its tab is shown. */
export function useAdminOverview({ active }: { active: boolean }) {
  return useQuery({
    queryKey: ['/api/admin/overview'],
    queryFn: ({ signal }) => getJson('/api/admin/overview', adminOverviewSchema, { signal }),
    refetchInterval: active ? ADMIN_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

/** POST /api/admin/jobs/:id/retry: a job that failed for good goes back in the queue. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson('POST', `/api/admin/jobs/${id}/retry`, undefined, jobRetrySchema),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
  });
}
