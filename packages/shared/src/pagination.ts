import { z } from 'zod';
import { digits } from './text';

/** Every list paginates on the server (roadmap). */
export const pageQuerySchema = z.object({
  limit: digits(1, 200).default(50),
  offset: digits(0, 1_000_000).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
