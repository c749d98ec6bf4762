import { readJson, throwIfResNotOk } from '@/lib/api-client';

/** The current user's query key (get-user.ts): the record GET /api/user serves. */
export const USER_URL = '/api/user';
/** Asked once per document: 204 when signed out, so the browser logs no 401 (issue 24). */
export const SESSION_URL = '/api/session';

/**
 * The user schema (and with it the full zod) loads with the first answer that carries a user:
 * a signed-out visitor on the sign-in page only ever gets a 204 and never downloads it.
 */
export const loadUserSchema = () => import('@members-only/shared/auth').then((m) => m.userSchema);

/** GET /api/session: the signed-in user, or null when signed out (204; a 401 also reads as signed out). */
export async function getUser(signal?: AbortSignal) {
  const res = await fetch(SESSION_URL, { credentials: 'include', signal });
  if (res.status === 204 || res.status === 401) return null;
  await throwIfResNotOk(res);
  return readJson(res, loadUserSchema, SESSION_URL);
}
