import {
  mySplitSheetListSchema,
  splitInviteLinkSchema,
  splitInvitePageSchema,
  splitSaveResultSchema,
  splitSheetSchema,
  type SplitDeclineInput,
  type SplitSheet,
  type SplitSheetInput,
  type SplitSignInput,
} from '@members-only/shared/splits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, HttpError, sendJson } from '@/lib/api-client';

export const splitsUrl = (songId: number) => `/api/songs/${songId}/splits`;
export const splitsQueryKey = (songId: number) => [splitsUrl(songId)] as const;
export const splitsPdfUrl = (songId: number) => `/api/songs/${songId}/splits.pdf`;

/** GET /api/songs/:id/splits: the sheet, or null when there is none yet (or the caller may not see it): both answer 404. */
export function useSplitSheet(songId: number) {
  return useQuery({
    queryKey: splitsQueryKey(songId),
    queryFn: async ({ signal }) => {
      try {
        return await getJson(splitsUrl(songId), splitSheetSchema, { signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** Keeps the cached sheet in step with the server's answer. */
function useSheetMutation<T, R extends SplitSheet>(songId: number, send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (sheet) => {
      queryClient.setQueryData(splitsQueryKey(songId), sheet);
      void queryClient.invalidateQueries({ queryKey: [MY_SPLITS_URL] });
    },
  });
}

export const useSaveSplitSheet = (songId: number) =>
  useSheetMutation(songId, (input: SplitSheetInput) => sendJson('PUT', splitsUrl(songId), input, splitSaveResultSchema));

export const useSignSplitSheet = (songId: number) =>
  useSheetMutation(songId, (input: SplitSignInput) => sendJson('POST', `${splitsUrl(songId)}/sign`, input, splitSheetSchema));

export const useDeclineSplitSheet = (songId: number) =>
  useSheetMutation(songId, (input: SplitDeclineInput) => sendJson('POST', `${splitsUrl(songId)}/decline`, input, splitSheetSchema));

export const useRevokeSplitInvite = (songId: number) =>
  useSheetMutation(songId, (contributorId: number) =>
    sendJson('POST', `${splitsUrl(songId)}/invites/${contributorId}/revoke`, undefined, splitSheetSchema),
  );

/** POST …/invites/:contributorId: a new link (an earlier one stops working); the sheet is read again for the link's state. */
export function useCreateSplitInvite(songId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contributorId: number) => sendJson('POST', `${splitsUrl(songId)}/invites/${contributorId}`, undefined, splitInviteLinkSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: splitsQueryKey(songId) }),
  });
}

/* ---------- The sheets the member owns or is on ---------- */

export const MY_SPLITS_URL = '/api/splits';

/** GET /api/splits: the sheets the signed-in member owns or is on, with where their own line stands. */
export function useMySplitSheets() {
  return useQuery({
    queryKey: [MY_SPLITS_URL],
    queryFn: async ({ signal }) => (await getJson(MY_SPLITS_URL, mySplitSheetListSchema, { signal })).sheets,
  });
}

/* ---------- The public invitation page ---------- */

const inviteUrl = (token: string) => `/api/split-invites/${encodeURIComponent(token)}`;
export const inviteQueryKey = (token: string) => [inviteUrl(token)] as const;

export function useSplitInvite(token: string) {
  return useQuery({
    queryKey: inviteQueryKey(token),
    queryFn: ({ signal }) => getJson(inviteUrl(token), splitInvitePageSchema, { signal }),
    retry: false,
  });
}

export function useInviteAnswer<T extends SplitSignInput | SplitDeclineInput>(token: string, action: 'sign' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => sendJson('POST', `${inviteUrl(token)}/${action}`, input, splitInvitePageSchema),
    onSuccess: (page) => queryClient.setQueryData(inviteQueryKey(token), page),
  });
}
