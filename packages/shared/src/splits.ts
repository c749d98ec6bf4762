import { z } from 'zod';

/** Split sheets (issue 30; ADR 049). Shares are basis points: 10000 bps = 100%. */
export const SPLITS = {
  totalBps: 10_000,
  maxContributors: 50,
  nameMax: 120,
  emailMax: 254,
  roleMax: 40,
  maxRoles: 8,
  statementMax: 2_000,
} as const;

export const SPLIT_ROLES = ['writer', 'composer', 'producer', 'performer', 'featured', 'engineer', 'publisher', 'other'] as const;
export type SplitRole = (typeof SPLIT_ROLES)[number];

const bps = z
  .number({ error: 'Enter a share in basis points (0 to 10000).' })
  .int({ error: 'Shares are whole basis points (1 bps = 0.01%).' })
  .min(0, { error: 'A share cannot be negative.' })
  .max(SPLITS.totalBps, { error: 'A share cannot be more than 100%.' });

export const splitContributorInputSchema = z
  .object({
    userId: z.string().trim().min(1).max(64).optional(),
    name: z.string().trim().min(1, { error: 'Enter the contributor’s name.' }).max(SPLITS.nameMax).optional(),
    email: z.email({ error: 'Enter a valid email address.' }).max(SPLITS.emailMax).optional(),
    roles: z.array(z.enum(SPLIT_ROLES)).min(1, { error: 'Choose at least one role.' }).max(SPLITS.maxRoles),
    publishingBps: bps,
    masterBps: bps,
  })
  .strict()
  .refine((c) => (c.userId ? c.name === undefined && c.email === undefined : c.name !== undefined && c.email !== undefined), {
    error: 'Give either a member (userId) or an invited person’s name and email.',
  });
export type SplitContributorInput = z.infer<typeof splitContributorInputSchema>;

export const splitSheetInputSchema = z
  .object({
    contributors: z.array(splitContributorInputSchema).min(1, { error: 'Add at least one contributor.' }).max(SPLITS.maxContributors),
    statement: z.string().trim().max(SPLITS.statementMax).optional(),
  })
  .strict()
  .superRefine((sheet, ctx) => {
    for (const column of ['publishingBps', 'masterBps'] as const) {
      const sum = sheet.contributors.reduce((acc, c) => acc + c[column], 0);
      if (sum !== SPLITS.totalBps) {
        ctx.addIssue({
          code: 'custom',
          path: ['contributors', column],
          message: `${column === 'publishingBps' ? 'Publishing' : 'Master'} shares add up to ${formatBps(sum)}; they must add up to exactly 100%.`,
        });
      }
    }
    const seen = new Set<string>();
    sheet.contributors.forEach((c, i) => {
      const key = c.userId ? `u:${c.userId}` : `e:${(c.email ?? '').toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['contributors', i], message: 'This contributor is listed twice.' });
      seen.add(key);
    });
  });
export type SplitSheetInput = z.infer<typeof splitSheetInputSchema>;

/** 2550 → "25.50%". */
export function formatBps(value: number): string {
  return `${(value / 100).toFixed(2)}%`;
}

/**
 * Splits `amountMinor` (a whole number of cents, may be negative for a reversal) by `weights`
 * (bps) with the largest-remainder rule: every part is the floor of its exact share, then the
 * cents left over go one each to the largest fractional remainders; ties go to the lower index
 * (the sheet's order), so the result is deterministic. Parts always sum to the whole, and a
 * reversal (negative amount) is exactly the negation of the allocation of the positive amount.
 */
export function allocateByShares(amountMinor: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amountMinor must be a safe integer');
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new RangeError('weights must be non-negative integers');
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) throw new RangeError('weights must have a positive total');
  if (amountMinor < 0) return allocateByShares(-amountMinor, weights).map((p) => (p === 0 ? 0 : -p));
  const amount = BigInt(amountMinor);
  const big = BigInt(total);
  const parts = weights.map((w) => (amount * BigInt(w)) / big);
  const remainders = weights.map((w, i) => ({ i, r: (amount * BigInt(w)) % big }));
  let left = Number(amount - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

export interface CanonicalSheet {
  songId: string;
  title: string;
  isrc: string | null;
  date: string;
  statement: string;
  contributors: { key: string; name: string; roles: readonly string[]; publishingBps: number; masterBps: number }[];
}

/**
 * The exact text that is signed (its SHA-256 is recorded with every signature): JSON with a fixed
 * key order and contributors in sheet order, roles sorted. Any change to what people agreed to
 * changes this text and so the hash.
 */
export function canonicalSheetText(sheet: CanonicalSheet): string {
  return JSON.stringify({
    v: 1,
    songId: sheet.songId,
    title: sheet.title,
    isrc: sheet.isrc,
    date: sheet.date,
    statement: sheet.statement,
    contributors: sheet.contributors.map((c) => ({
      key: c.key,
      name: c.name,
      roles: [...c.roles].sort(),
      publishingBps: c.publishingBps,
      masterBps: c.masterBps,
    })),
  });
}
