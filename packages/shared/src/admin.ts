import { z } from 'zod';
import { membershipStatusSchema } from './auth';
import { digits, line } from './text';
import { balanceSchema } from './payouts';
import { storageUsageSchema } from './tracks';

/**
 * `GET /api/admin/services` (admins only): the outside services this installation uses, whether
 * each is set up, what it runs on now, the settings that connect it and whether it answers.
 * Setting names appear here and only here: artists never see them.
 */
export const SERVICE_IDS = [
  'text',
  'text.chat',
  'text.lyrics',
  'text.coverart',
  'text.marketing',
  'text.review',
  'speech',
  'image',
  'music',
  'storage',
  'database',
  'payments',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const serviceSettingSchema = z.object({
  /** The environment variable, e.g. AI_BASE_URL. */
  name: z.string(),
  /** It has a value (given, or its default); never the value itself. */
  set: z.boolean(),
  /** What to put there, in a few words. */
  purpose: z.string(),
});
export type ServiceSetting = z.infer<typeof serviceSettingSchema>;

export const serviceStatusSchema = z.object({
  id: z.enum(SERVICE_IDS),
  /** "Text model", "Model for Lyric Assist", "Speech-to-text"... */
  name: z.string(),
  /** What artists get from it. */
  purpose: z.string(),
  /** Connected to something of the operator's choosing, rather than left to the built-in fallback. */
  configured: z.boolean(),
  /** What does the work now: a model and its host, a built-in engine, a disk or database. */
  engine: z.string(),
  settings: z.array(serviceSettingSchema),
  /** The quick check's outcome; null when there is nothing to reach (a built-in engine). */
  reachable: z.boolean().nullable(),
  /** The check in a sentence ("Answered in 40 ms and lists e2e-model."). */
  detail: z.string(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const adminServicesSchema = z.object({
  services: z.array(serviceStatusSchema),
  /** When the checks ran (ISO). */
  checkedAt: z.string(),
});
export type AdminServices = z.infer<typeof adminServicesSchema>;

// ---------------------------------------------------------------------------------------------
// The admin dashboard's lists (spec §2 'Admin dashboard', §3 admin rows, §7 admin calls).
// Every list is paginated, sorted and searched on the server, and exported as streamed CSV.

/** The dashboard's lists, as they appear in `/api/admin/{list}` and `/api/admin/export/{list}`. */
export const ADMIN_LISTS = ['users', 'tracks', 'cover-arts', 'lyrics'] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];

/** Columns each list can be sorted by (newest first unless asked otherwise). */
export const ADMIN_SORTS = {
  users: ['createdAt', 'username', 'email'],
  tracks: ['createdAt', 'originalName', 'duration', 'username'],
  'cover-arts': ['createdAt'],
  lyrics: ['createdAt', 'position'],
} as const satisfies Record<AdminList, readonly string[]>;

export function adminListQuerySchema(list: AdminList) {
  const columns: readonly string[] = ADMIN_SORTS[list];
  return z.object({
    limit: digits(1, 200).default(25),
    offset: digits(0, 10_000_000).default(0),
    /** Words to look for (username, e-mail, phone, file name, lyric text…), case-insensitive. */
    q: line('Search', { error: 'Search must be text' }).max(100, 'Search must be at most 100 characters').default(''),
    sort: z
      .string({ error: 'Unknown sort column' })
      .refine((s) => columns.includes(s), `Sort by one of: ${columns.join(', ')}`)
      .default('createdAt'),
    order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  });
}
export type AdminListQuery = z.infer<ReturnType<typeof adminListQuerySchema>>;

/** One page of a list, with the total that matches the search. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative(), limit: z.number().int(), offset: z.number().int() });
}

export const adminUserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  membershipStatus: membershipStatusSchema,
  trackCount: z.number().int().nonnegative(),
  /** File name of the most recent upload, or null. */
  recentTrackFilename: z.string().nullable(),
  hasPaymentMethod: z.boolean(),
  paymentMethodCount: z.number().int().nonnegative(),
  /** "Visa ending 4242 (default); Checking account ending 6789": never more than the last 4 digits. */
  paymentMethods: z.string(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminTrackRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  filename: z.string(),
  originalName: z.string(),
  title: z.string(),
  duration: z.number().nullable(),
  /** Where the admin listens to it (admins may stream any track). */
  audioUrl: z.string(),
  createdAt: z.string(),
});
export type AdminTrackRow = z.infer<typeof adminTrackRowSchema>;

export const adminLyricRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  conversationId: z.number(),
  content: z.string(),
  position: z.number(),
  createdAt: z.string(),
});
export type AdminLyricRow = z.infer<typeof adminLyricRowSchema>;

/** Spec §3 'Admin cover art row', with the artist's name and the cover's title. */
export const adminCoverArtRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  title: z.string(),
  prompt: z.string(),
  trackId: z.number().nullable(),
  /** The image, for the owner and admins only. */
  imageUrl: z.string(),
  createdAt: z.string(),
});
export type AdminCoverArtRow = z.infer<typeof adminCoverArtRowSchema>;

export const adminUsersPageSchema = adminPageSchema(adminUserRowSchema);
export const adminCoverArtsPageSchema = adminPageSchema(adminCoverArtRowSchema);
export const adminTracksPageSchema = adminPageSchema(adminTrackRowSchema);
export const adminLyricsPageSchema = adminPageSchema(adminLyricRowSchema);

/** PATCH /api/admin/users/:id: grant or revoke admin rights and membership. */
export const adminUserChangeSchema = z
  .object({ isAdmin: z.boolean().optional(), isPremium: z.boolean().optional() })
  .strict()
  .refine((c) => c.isAdmin !== undefined || c.isPremium !== undefined, 'Say what to change: isAdmin or isPremium');
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

/** GET /api/admin/users/:id: one artist at a glance. */
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema,
  counts: z.object({ tracks: z.number(), lyrics: z.number(), conversations: z.number(), coverArts: z.number(), beats: z.number() }),
  recentTracks: z.array(adminTrackRowSchema),
  /** What the earnings ledger holds for the artist, per currency (amendment A1: nothing else). */
  balances: z.array(balanceSchema),
  /** What the artist's uploads take of their plan's storage allowance. */
  storage: storageUsageSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * What the audit log records: exports, role and membership changes (amendment B6), and every change
 * to the earnings ledger (ADR 030): an earning, a statement import, a payout, a payout marked paid,
 * a reversal.
 */
export const AUDIT_ACTIONS = [
  'export',
  'grant-admin',
  'revoke-admin',
  'grant-premium',
  'revoke-premium',
  'ledger-earning',
  'ledger-import',
  'ledger-payout',
  'ledger-paid',
  'ledger-reversal',
] as const;
export const auditEventSchema = z.object({
  id: z.number(),
  /** Who did it: an admin's username, or 'command line' for the admin CLI. */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to: a list name ('users') or a username. */
  subject: z.string(),
  /** Rows written, for an export or a statement import. */
  rowCount: z.number().nullable(),
  /** Ledger events: the amount in minor units (a reversal's is negative) and its currency. */
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Ledger events: what the entry was (source and period, the method paid to, a reversal's reason). */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = adminPageSchema(auditEventSchema);

/** GET /api/admin/overview: the installation at a glance (the dashboard's first tab). */
export const adminOverviewSchema = z.object({
  users: z.object({ total: z.number(), members: z.number(), admins: z.number(), newLast7Days: z.number() }),
  /** The last 14 UTC days, oldest first, every day present. */
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number(),
      /** Generations per tool that day, from the plan quota counters. */
      generations: z.record(z.string(), z.number()),
    }),
  ),
  jobs: z.object({
    queued: z.number(),
    running: z.number(),
    failed: z.number(),
    recentFailures: z.array(z.object({ id: z.number(), type: z.string(), error: z.string().nullable(), updatedAt: z.string() })),
  }),
  storage: z.object({ trackFiles: z.number(), trackBytes: z.number() }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** POST /api/admin/jobs/:id/retry */
export const jobRetrySchema = z.object({ id: z.number(), status: z.string() });
