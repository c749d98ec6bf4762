import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types';
import type { AuthService } from '../services/auth.service';
import { forbidden, unauthorized } from '../errors';

export const SESSION_COOKIE = 'mo_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when anonymous. */
    user: UserRow | null;
    /** The raw session token from a validly signed cookie, if any. */
    sessionToken: string | null;
  }
}

/** Resolves the session cookie for API and upload requests only, so static files cost no query. */
export const sessionPlugin = fp<{ auth: AuthService; ttlDays: number }>(async (app, { auth }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/uploads/')) return;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    request.sessionToken = unsigned.value;
    request.user = (await auth.userForSession(unsigned.value)) ?? null;
  });
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** The server always takes the user from the session (amendment B1). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.is_admin) throw forbidden('Only admins can do that.');
  return user;
}
