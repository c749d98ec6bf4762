import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet rebuilt helmet's
 * middleware, parsing the Content-Security-Policy again, on every request (a few percent of a
 * small API request's time); with a fixed configuration and no nonces the headers never change.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Sends helmet's headers for `options` on every response, errors and not-found included. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  // Names and values in two arrays: `reply.headers(object)` lists the object's keys and reads each
  // by name, both again on every request.
  const headers = Object.entries(helmetHeaders(options));
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  app.addHook('onRequest', (_request, reply, done) => {
    for (let i = 0; i < names.length; i++) reply.header(names[i]!, values[i]);
    done();
  });
}
