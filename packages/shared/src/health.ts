import { z } from 'zod';

/** GET /api/health: the process answers (liveness). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /api/ready when the process can serve: which database it uses. */
export const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) });

/** GET /api/ready's 503: what is not reachable. */
export const notReadySchema = z.object({ message: z.string(), status: z.literal('unavailable') });
