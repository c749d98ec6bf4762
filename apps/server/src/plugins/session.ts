import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/types';
import { unauthorized } from '../errors';

export const SESSION_COOKIE = 'mo_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when anonymous. */
    user: UserRow | null;
    /** The raw session token from a validly signed cookie, if any. */
    sessionToken: string | null;
  }
}

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
