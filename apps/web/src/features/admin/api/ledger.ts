import { adminUsersPageSchema } from '@members-only/shared/admin';
import {
  adminLedgerSchema,
  importErrorSchema,
  importResultSchema,
  type ImportError,
  ledgerEntrySchema,
  type RecordEarningInput,
  type RecordPayoutInput,
} from '@members-only/shared/payouts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, HttpError, sendJson } from '@/lib/api-client';

export const adminLedgerQueryKey = (userId: number) => ['/api/admin/users', userId, 'ledger'] as const;

/** Artists whose name, e-mail or phone matches `find` (the server searches; 50 at most, A to Z). */
export function useLedgerArtists(find: string) {
  const q = find.trim();
  return useQuery({
    queryKey: ['/api/admin/users', 'ledger-artists', q],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ limit: '50', sort: 'username', order: 'asc' });
      if (q) search.set('q', q);
      return (await getJson(`/api/admin/users?${search.toString()}`, adminUsersPageSchema, { signal })).items;
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:id/ledger: an artist's balances, history and default method (last 4 only). */
export function useAdminLedger(userId: number | null) {
  return useQuery({
    queryKey: adminLedgerQueryKey(userId ?? 0),
    queryFn: ({ signal }) => getJson(`/api/admin/users/${userId}/ledger`, adminLedgerSchema, { signal }),
    enabled: userId !== null,
  });
}

export const recordEarning = (userId: number, input: RecordEarningInput) => sendJson('POST', `/api/admin/users/${userId}/earnings`, input, ledgerEntrySchema);
const statementErrorsSchema = z.object({ errors: z.array(importErrorSchema) });

/** A statement the server refused as a whole, with its errors by line. */
export class StatementRejectedError extends Error {
  constructor(
    message: string,
    readonly errors: ImportError[],
  ) {
    super(message);
    this.name = 'StatementRejectedError';
  }
}

/** POST …/earnings/import. A refusal (400) carries every error by line, beyond the usual error shape. */
export async function importEarnings(userId: number, csv: string) {
  try {
    return await sendJson('POST', `/api/admin/users/${userId}/earnings/import`, { csv }, importResultSchema);
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) {
      // HttpError keeps the body text after "400: "; the shared error shape drops the `errors` list.
      const raw = error.message.slice(error.message.indexOf(': ') + 2);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw error;
      }
      const body = statementErrorsSchema.safeParse(parsed);
      if (body.success) throw new StatementRejectedError(error.serverMessage ?? 'The statement was not imported.', body.data.errors);
    }
    throw error;
  }
}
export const recordPayout = (userId: number, input: RecordPayoutInput) => sendJson('POST', `/api/admin/users/${userId}/payouts`, input, ledgerEntrySchema);
export const markPayoutPaid = (entryId: number) => sendJson('POST', `/api/admin/payouts/${entryId}/paid`, undefined, ledgerEntrySchema);
/** POST /api/admin/ledger/:id/reverse: a correction with its reason; the original stays (ADR 030). */
export const reverseEntry = (entryId: number, reason: string) => sendJson('POST', `/api/admin/ledger/${entryId}/reverse`, { reason }, ledgerEntrySchema);
