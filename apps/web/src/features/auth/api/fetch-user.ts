import { getJson } from '@/lib/api-client';

/** The current-user endpoint; also the query key of the signed-in user (get-user.ts). */
export const USER_URL = '/api/user';

/**
 * The user schema (and with it the full zod) loads with the first answer that carries a user:
 * a signed-out visitor on the sign-in page only ever gets a 401 and never downloads it.
 */
export const loadUserSchema = () => import('@members-only/shared/auth').then((m) => m.userSchema);

/** GET /api/user: the signed-in user, or null when signed out (a 401 resolves to null, spec §7). */
export function getUser(signal?: AbortSignal) {
  return getJson(USER_URL, loadUserSchema, { on401: 'returnNull', signal });
}
