import { ledgerSchema } from '@members-only/shared/payouts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export const LEDGER_QUERY_KEY = ['/api/payouts/ledger'] as const;

/** GET /api/payouts/ledger: the artist's balance and history, from the ledger alone (amendment A1). */
export function useLedger(enabled: boolean) {
  return useQuery({
    queryKey: LEDGER_QUERY_KEY,
    queryFn: ({ signal }) => getJson(LEDGER_QUERY_KEY[0], ledgerSchema, { signal }),
    enabled,
  });
}
