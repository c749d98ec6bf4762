import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from '../services/auth.service';
import type { UserRow } from '../db/types';
import { forbidden, unauthorized } from '../errors';
import { actorOf, type Actor } from '../policies/index';
import { SESSION_COOKIE, requireUser } from './session';
import type { SessionCache } from './session-cache';

/**
 * Who may call a route, declared where the route is registered:
 * - `public`: anyone, and no session is looked up (static files, health);
 * - `anonymous`: anyone; the session is resolved when there is one (sign-in, sign-out);
 * - `user`: a signed-in user (401 otherwise);
 * - `admin`: a signed-in admin (401 / 403 otherwise).
 * Ownership and plan entitlements are decided further in, by the services through `policies/`.
 */
export type Access = 'public' | 'anonymous' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route the app registered, with its declared access: the source of the matrix and fuzz suites. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
  /** The route's declared rate-limit group and quota (plugins/quota.ts, ADR 038). */
  limit: FastifyContextConfig['limit'];
  quota: FastifyContextConfig['quota'];
}

/**
 * Authentication and authorization in one place, applied after routing: the router has already
 * decoded and matched the path, so `/api/%61dmin/users` reaches the admin route *with* the admin
 * route's declared access. Nothing here looks at URL strings.
 *
 * Registered before any route. A route registered without `config.access` stops the app at start.
 */
export const authorizationPlugin = fp<{ auth: AuthService; sessionCache: SessionCache }>(async (app, { auth, sessionCache }) => {
  const table: RouteEntry[] = [];
  const options: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRoute', (route) => {
    // Child scopes (the static file server) may still set the access after this hook ran; the
    // table is read at ready time from the same objects.
    options.push(route);
  });

  app.addHook('onReady', async () => {
    const missing: string[] = [];
    for (const route of options) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = route.config?.access;
        if (!access) missing.push(`${method} ${route.url}`);
        table.push({ method, url: route.url, access, schema: route.schema, limit: route.config?.limit, quota: route.config?.quota });
      }
    }
    if (missing.length > 0) throw new Error(`Routes without a declared access: ${missing.join(', ')}`);
  });

  // Callback-style: a session from the cache is resolved without a promise or a microtask (ADR 025).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    // No route matched (the not-found handler) or a public file: no session needed.
    if (access === undefined || access === 'public') return done();
    const pending = resolveSession(request, auth, sessionCache);
    if (pending === undefined) return done(refusal(request, access));
    pending.then(() => done(refusal(request, access)), done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Answers that depend on who asked are never stored by browsers or proxies.
    if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // HSTS only means something over HTTPS; over plain HTTP it would be ignored or, behind a
    // misconfigured proxy, pin a host that does not serve HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done(null, payload);
  });
});

/** Why the request may not go on, once its user is known; undefined when it may. */
function refusal(request: FastifyRequest, access: Access): Error | undefined {
  if (access === 'user' && !request.user) return unauthorized();
  if (access === 'admin') {
    if (!request.user) return unauthorized();
    if (!request.user.is_admin) return forbidden('Only admins can do that.');
  }
  return undefined;
}

/**
 * Sets `request.user` and `request.sessionToken` from the session cookie. Undefined when that
 * needed no lookup (no cookie, or the cache had it); otherwise a promise of the lookup.
 */
function resolveSession(request: FastifyRequest, auth: AuthService, cache: SessionCache): Promise<void> | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  // The same signed cookie resolved within the last second (plugins/session-cache.ts).
  const cached = cache.get(raw);
  if (cached) {
    request.sessionToken = cached.token;
    request.user = cached.user as UserRow;
    return undefined;
  }
  return lookUpSession(request, raw, auth, cache);
}

async function lookUpSession(request: FastifyRequest, raw: string, auth: AuthService, cache: SessionCache) {
  const lookup = cache.begin();
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return;
  request.sessionToken = unsigned.value;
  const session = await auth.liveSession(unsigned.value);
  if (!session) return;
  request.user = session.user;
  cache.set(raw, lookup, { token: unsigned.value, user: session.user }, Date.parse(session.expiresAt));
}

/** Marks every route registered in this scope (and its children) with the given access. */
export function declareScopeAccess(app: FastifyInstance, access: Access) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? access };
  });
}

/** The signed-in user as the policies see them; 401 when there is none. */
export function requireActor(request: FastifyRequest): Actor {
  return actorOf(requireUser(request));
}
