import { paymentMethodListSchema, paymentMethodSchema, type CreatePaymentMethodInput } from '@members-only/shared/payouts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, getJson, sendJson } from '@/lib/api-client';

export const PAYMENT_METHODS_QUERY_KEY = ['/api/payment-methods'] as const;

/** GET /api/payment-methods (spec §7): the artist's methods, last 4 digits only. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: PAYMENT_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => getJson(PAYMENT_METHODS_QUERY_KEY[0], paymentMethodListSchema, { signal }),
    enabled,
  });
}

/** POST /api/payment-methods. */
export function addPaymentMethod(input: CreatePaymentMethodInput) {
  return sendJson('POST', '/api/payment-methods', input, paymentMethodSchema);
}

/** DELETE /api/payment-methods/:id (204). */
export async function deletePaymentMethod(id: number) {
  await apiRequest('DELETE', `/api/payment-methods/${id}`);
}

/** POST /api/payment-methods/:id/default. */
export function makeDefaultPaymentMethod(id: number) {
  return sendJson('POST', `/api/payment-methods/${id}/default`, undefined, paymentMethodSchema);
}
