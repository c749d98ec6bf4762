import { z } from 'zod';
import { idString, line, MAX_ID } from './text';
import { isValidIsrc, normalizeIsrc, SONG_MESSAGES } from './songs';

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
    /**
     * A member by id, as a number (API clients) or its decimal string (the web form's fields): both
     * are accepted and it is always a number once parsed, so the server and the answers (`userId`
     * on a contributor) use numbers only.
     */
    userId: z.union([z.number().int().min(1).max(MAX_ID), idString('A member id is a whole number.')], { error: 'A member id is a whole number.' }).optional(),
    /** A member given by username (found as sign-in finds it, case aside); the server turns it into the member. */
    username: z.string().trim().min(1, { error: 'Enter the member’s username.' }).max(64).optional(),
    name: z.string().trim().min(1, { error: 'Enter the contributor’s name.' }).max(SPLITS.nameMax).optional(),
    email: z.email({ error: 'Enter a valid email address.' }).max(SPLITS.emailMax).optional(),
    roles: z.array(z.enum(SPLIT_ROLES)).min(1, { error: 'Choose at least one role.' }).max(SPLITS.maxRoles),
    publishingBps: bps,
    masterBps: bps,
  })
  .strict()
  .refine(
    (c) => {
      const member = (c.userId !== undefined ? 1 : 0) + (c.username !== undefined ? 1 : 0);
      return member === 1 ? c.name === undefined && c.email === undefined : member === 0 && c.name !== undefined && c.email !== undefined;
    },
    { error: 'Give either a member (userId or username) or an invited person’s name and email.' },
  );
export type SplitContributorInput = z.infer<typeof splitContributorInputSchema>;

export const splitSheetInputSchema = z
  .object({
    contributors: z.array(splitContributorInputSchema).min(1, { error: 'Add at least one contributor.' }).max(SPLITS.maxContributors),
    statement: z.string().trim().max(SPLITS.statementMax).optional(),
    /** The song's ISRC as the sheet records it; left out, the song's own (if any). */
    isrc: line('ISRC').max(20, SONG_MESSAGES.isrcFormat).refine(isValidIsrc, SONG_MESSAGES.isrcFormat).transform(normalizeIsrc).nullable().optional(),
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
      const key = c.userId ? `u:${c.userId}` : c.username ? `n:${c.username.toLowerCase()}` : `e:${(c.email ?? '').toLowerCase()}`;
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


/* ---------- Server API (issue 30; ADR 049): bodies, params and answers ---------- */

/** A share of the sheet's content hash: 64 lowercase hex digits (SHA-256 of `canonicalSheetText`). */
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, { error: 'A content hash is 64 hexadecimal digits.' });

/** POST …/splits/sign and /api/split-invites/:token/sign: the typed full name (and, if sent, the hash the signer saw). */
export const splitSignSchema = z
  .object({
    fullName: line('Full name', { error: 'Type your full name to sign.' })
      .min(2, { error: 'Type your full name to sign.' })
      .max(SPLITS.nameMax, { error: `A name has at most ${SPLITS.nameMax} characters.` }),
    /** The hash of the sheet the signer read: when it is no longer the sheet's, the signature is refused (409). */
    contentHash: sha256Hex.optional(),
  })
  .strict();
export type SplitSignInput = z.infer<typeof splitSignSchema>;

export const splitDeclineSchema = z
  .object({
    reason: line('Reason', { error: 'Say why you decline.' }).min(1, { error: 'Say why you decline.' }).max(500, { error: 'A reason has at most 500 characters.' }),
  })
  .strict();
export type SplitDeclineInput = z.infer<typeof splitDeclineSchema>;

export const splitInviteParamsSchema = z.object({ id: idString('Invalid song ID'), contributorId: idString('Invalid contributor ID') });
/** An invite link's token: 32 random bytes, base64url. */
export const splitTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This invitation link is not valid.' }) });
export const songEarningParamsSchema = z.object({ id: idString('Invalid earning ID') });

export const SPLIT_STATUSES = ['draft', 'awaiting_signatures', 'agreed'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];
export const SPLIT_SIGNATURE_STATES = ['unsigned', 'signed', 'declined'] as const;

export const splitContributorSchema = z.object({
  id: z.number().int(),
  /** A member's id, or null for an invited person. */
  userId: z.number().int().nullable(),
  /** The member's username or the invited person's name. */
  name: z.string(),
  /** Shown to the sheet's owner and admins only (null for everyone else and for members). */
  email: z.string().nullable(),
  roles: z.array(z.string()),
  publishingBps: z.number().int(),
  masterBps: z.number().int(),
  signature: z.object({
    state: z.enum(SPLIT_SIGNATURE_STATES),
    fullName: z.string().nullable(),
    signedAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
  }),
  /** Invited people only, to the owner and admins: the invitation link's state. */
  invite: z
    .object({ state: z.enum(['none', 'active', 'expired', 'revoked']), expiresAt: z.string().nullable() })
    .nullable(),
  /** What is owed to an invited person who is not a member, per currency (allocated earnings). */
  owed: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
});

export const splitSheetSchema = z.object({
  songId: z.number().int(),
  title: z.string(),
  isrc: z.string().nullable(),
  date: z.string(),
  statement: z.string(),
  status: z.enum(SPLIT_STATUSES),
  /** SHA-256 of `canonicalSheetText` of the sheet as it is now: what every signature must match. */
  contentHash: z.string(),
  contributors: z.array(splitContributorSchema),
  /** Whether the caller may edit it (the song's owner). */
  canEdit: z.boolean(),
  /** The caller's own line, when the caller is on the sheet as a member. */
  myContributorId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type SplitSheet = z.infer<typeof splitSheetSchema>;

/** GET /api/splits: the sheets the caller owns or is on as a member, with where their own line stands. */
export const mySplitSheetSchema = z.object({
  songId: z.number().int(),
  title: z.string(),
  /** The username of the song's artist. */
  owner: z.string(),
  status: z.enum(SPLIT_STATUSES),
  /** Whether the caller is the song's artist. */
  isOwner: z.boolean(),
  /** The caller's own line's signature, or null when the caller owns the sheet without being on it. */
  myState: z.enum(SPLIT_SIGNATURE_STATES).nullable(),
  updatedAt: z.string(),
});
export type MySplitSheet = z.infer<typeof mySplitSheetSchema>;
export const mySplitSheetListSchema = z.object({ sheets: z.array(mySplitSheetSchema) });
export type MySplitSheetList = z.infer<typeof mySplitSheetListSchema>;

/** PUT /api/songs/:id/splits: the sheet, and whether the change voided signatures that had been given. */
export const splitSaveResultSchema = splitSheetSchema.extend({ signaturesVoided: z.boolean(), changed: z.boolean() });

export const splitInviteLinkSchema = z.object({ contributorId: z.number().int(), url: z.string(), expiresAt: z.string() });

/** What an invitation link shows: this sheet only, no e-mail addresses, no ids of members. */
export const splitInvitePageSchema = z.object({
  title: z.string(),
  isrc: z.string().nullable(),
  date: z.string(),
  statement: z.string(),
  status: z.enum(SPLIT_STATUSES),
  contentHash: z.string(),
  owner: z.string(),
  contributors: z.array(
    z.object({
      name: z.string(),
      roles: z.array(z.string()),
      publishingBps: z.number().int(),
      masterBps: z.number().int(),
      state: z.enum(SPLIT_SIGNATURE_STATES),
      signedAt: z.string().nullable(),
      /** The line of the person the link was sent to. */
      you: z.boolean(),
    }),
  ),
  expiresAt: z.string(),
});

/** One contributor's part of a song earning: a member's ledger entry, or owed to an invited person. */
export const songEarningPartSchema = z.object({
  contributorName: z.string(),
  userId: z.number().int().nullable(),
  masterBps: z.number().int(),
  amountMinor: z.number().int(),
  ledgerEntryId: z.number().int().nullable(),
  owed: z.boolean(),
});
export const songEarningSchema = z.object({
  id: z.number().int(),
  songId: z.number().int(),
  title: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  source: z.string(),
  period: z.string(),
  note: z.string(),
  /** The content hash of the agreed sheet it was split by. */
  contentHash: z.string(),
  reversesId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  parts: z.array(songEarningPartSchema),
});
export type SongEarning = z.infer<typeof songEarningSchema>;
export const songEarningListSchema = z.object({
  earnings: z.array(songEarningSchema),
  /** Owed to invited people who are not members, per person and currency (all songs' sheets). */
  owed: z.array(z.object({ name: z.string(), email: z.string().nullable(), currency: z.string(), amountMinor: z.number().int() })),
});
