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
