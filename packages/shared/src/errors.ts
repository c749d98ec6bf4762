import { z } from 'zod';
import { quotaSchema } from './quotas';

/**
 * Every API error body (amendment C4), and every route's error statuses (ADR 038), with the two
 * details an error may carry: the quota that ran out, and a refused statement's lines.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  quota: quotaSchema.optional(),
  /** A CSV statement's bad lines, on a 400 `invalid_csv` (nothing was imported). */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })).optional(),
  /** A Booth take's chunk at the wrong offset (409): the bytes the server holds, where to resume (issue 29). */
  receivedBytes: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
