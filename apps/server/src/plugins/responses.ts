import { z } from 'zod';
import { apiErrorSchema } from '@members-only/shared';

/**
 * The response half of a route's contract (ADR 038). Every route declares `schema.response`:
 * its success status(es) from `packages/shared`, and the error statuses, one shape for all
 * (`{ message, code?, fieldErrors?, quota? }`). JSON bodies are serialised through these schemas
 * (fastify-type-provider-zod's serializerCompiler): a field not in the schema is not sent, and a
 * body that does not match is a 500 rather than an unchecked answer.
 */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** A route's success bodies by status, with the shared error statuses. */
export const responses = <T extends Record<number, z.ZodType>>(success: T) => ({ ...success, ...errorResponses });

/** 204: no body. */
export const noContent = z.undefined().meta({ description: 'No content' });

/**
 * A file, a download or a stream (audio, images, ZIP, CSV, iCalendar, server-sent events): bytes
 * Fastify sends as they are, never through a serializer. Declared so the route's contract says so.
 */
export const fileBody = z.unknown().meta({ description: 'A file or a stream, sent as it is', format: 'binary' });

interface ContractEntry {
  method: string;
  url: string;
  schema?: { response?: unknown } | undefined;
  limit?: string | undefined;
  quota?: unknown;
}

/**
 * What is missing from the routes' contracts (ADR 038), one line per gap: a route without
 * response schemas (a success status and the 4xx/5xx errors), or a generating route (one with
 * `limit: 'generate'`) without a quota declaration (`quota: false` says a generation is free).
 * Empty when every route declares its whole contract; apps/server/test/route-contract.test.ts
 * runs it over `app.routeTable`.
 */
export function routeContractGaps(routes: readonly ContractEntry[]): string[] {
  const gaps: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) gaps.push(`${name}: no response schemas`);
    else {
      const statuses = Object.keys(response);
      if (!statuses.some((s) => /^[123]/.test(s))) gaps.push(`${name}: no success response schema`);
      for (const errors of ['4xx', '5xx']) if (!(errors in response)) gaps.push(`${name}: no ${errors} response schema`);
    }
    if (route.limit === 'generate' && route.quota === undefined) gaps.push(`${name}: a generating route without a quota`);
  }
  return gaps;
}
