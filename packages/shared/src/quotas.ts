import { z } from 'zod';

/**
 * What each plan may generate per day (amendment A7). Free and Premium differ only in these
 * limits, which the operator sets in configuration; a limit of 0 means the plan does not include it.
 */
export const QUOTA_KINDS = ['chat', 'lyrics', 'review', 'marketing', 'cover', 'beat'] as const;
export const quotaKindSchema = z.enum(QUOTA_KINDS);
export type QuotaKind = z.infer<typeof quotaKindSchema>;

/** How each quota is named to an artist ("You have used today's 30 chat messages"). */
export const QUOTA_LABELS: Record<QuotaKind, string> = {
  chat: 'chat messages',
  lyrics: 'lyric suggestions and feedback',
  review: 'song reviews',
  marketing: 'marketing plans',
  cover: 'cover images',
  beat: 'beats',
};

export const planSchema = z.enum(['free', 'premium']);
export type Plan = z.infer<typeof planSchema>;

export const quotaSchema = z.object({
  kind: quotaKindSchema,
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  /** ISO time the count starts again (the next midnight UTC). */
  resetsAt: z.string(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** `GET /api/quotas`: the signed-in artist's plan and what is left of each quota today. */
export const quotasResponseSchema = z.object({
  plan: planSchema,
  quotas: z.object(Object.fromEntries(QUOTA_KINDS.map((k) => [k, quotaSchema])) as Record<QuotaKind, typeof quotaSchema>),
});
export type QuotasResponse = z.infer<typeof quotasResponseSchema>;
