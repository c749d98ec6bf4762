import fp from 'fastify-plugin';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard. Browsers label every request with Origin (on unsafe
 * methods) and Sec-Fetch-Site; a state-changing request that says it comes from another site
 * is refused. Requests without those headers (scripts, curl) carry no ambient cookies from a
 * victim's browser and are served normally. SameSite=Lax cookies are the second layer.
 */
export const csrfPlugin = fp<{ allowedOrigins: string[] }>(async (app, { allowedOrigins }) => {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(forbidden('Cross-site request refused.'));
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !allowed.has(origin)) return done(forbidden('Cross-site request refused.'));
    done();
  });
});
