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
function useAdminPage<S extends z.ZodType>(path: string, schema: S, params: ListParams, poll: boolean) {
  return useQuery({
    queryKey: [path, params],
    queryFn: ({ signal }) => getJson(listUrl(path, params), schema, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? ADMIN_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

export const useAdminUsers = (params: ListParams) => useAdminPage('/api/admin/users', adminUsersPageSchema, params, true);
export const useAdminTracks = (params: ListParams, { active }: { active: boolean }) =>
  useAdminPage('/api/admin/tracks', adminTracksPageSchema, params, active);
export const useAdminCoverArts = (params: ListParams, { active }: { active: boolean }) =>
  useAdminPage('/api/admin/cover-arts', adminCoverArtsPageSchema, params, active);
export const useAdminLyrics = (params: ListParams, { active }: { active: boolean }) =>
  useAdminPage('/api/admin/lyrics', adminLyricsPageSchema, params, active);

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
