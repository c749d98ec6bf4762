import { statementSchema } from '@members-only/shared/payouts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

/** GET /api/payouts/statement?period=YYYY-MM: a month's earnings and payouts for the printable page. */
export function useStatement(period: string) {
  return useQuery({
    queryKey: ['/api/payouts/statement', period],
    queryFn: ({ signal }) => getJson(`/api/payouts/statement?period=${encodeURIComponent(period)}`, statementSchema, { signal }),
  });
}

/** Where the same statement downloads as CSV. */
export const statementCsvUrl = (period: string) => `/api/payouts/statement.csv?period=${encodeURIComponent(period)}`;
