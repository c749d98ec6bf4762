import { QUOTA_KINDS, type AdminListQuery, type AdminOverview, type AdminUserChange } from '@members-only/shared';
import type { Actor } from '../policies';
import { authorize } from '../policies';
import { conflict, forbidden, notFound } from '../errors';
import type { AdminListRepository } from '../repositories/admin-list.repository';
import type { AuditRepository } from '../repositories/audit.repository';
import type { AdminOverviewRepository } from '../repositories/admin-overview.repository';
import type { JobQueue } from '../jobs/queue';
import type { JobRepository } from '../repositories/job.repository';
import { toIso } from '../db/index';
import type { UnitOfWork } from '../repositories';
import type { UserRepository } from '../repositories/user.repository';
import type { UserRow } from '../db/types';
import type { LedgerRepository } from '../repositories/ledger.repository';
import { ledgerView } from './ledger.service';
import type { StorageUsage } from '@members-only/shared/tracks';

export const LAST_ADMIN_MESSAGE = 'At least one admin must remain: make another account an admin first.';

/**
 * False when `change` would take admin rights from the installation's last admin (ADR 032). Call
 * it inside the transaction that makes the change, after `users.lockAdmins()`, with `target` read
 * there too; the admin dashboard and the command line both do.
 */
export async function keepsAnAdmin(users: Pick<UserRepository, 'countAdmins'>, target: UserRow, change: { isAdmin?: boolean }): Promise<boolean> {
  if (change.isAdmin !== false || !target.is_admin) return true;
  return (await users.countAdmins()) > 1;
}

/** The lists an admin can export, and the batches of rows each export reads. */
export type ExportList = 'users' | 'tracks' | 'cover-arts' | 'lyrics';

/** Days the overview charts (the quota counters are kept as long). */
const OVERVIEW_DAYS = 14;
const DAY_MS = 86_400_000;

/** How many of a user's latest tracks the detail panel shows. */
const DETAIL_TRACKS = 10;

/**
 * The admin dashboard (spec §2 'Admin dashboard', amendments B6, C3): paginated lists, a user's
 * detail, role and membership changes, and CSV exports, each change and export written to the
 * audit log. Every method asks the policy module first.
 */
export function createAdminDashboardService(deps: {
  lists: AdminListRepository;
  audit: AuditRepository;
  users: UserRepository;
  overview: AdminOverviewRepository;
  ledger: LedgerRepository;
  jobs: JobRepository;
  queue: JobQueue;
  uow: UnitOfWork;
  /** What the artist's uploads take of their plan's storage allowance (track.service.ts). */
  storageOf: (user: Pick<UserRow, 'id' | 'is_premium' | 'membership_status'>) => Promise<StorageUsage>;
  now?: () => Date;
}) {
  const { lists, audit, users, overview, ledger, jobs, queue, uow, storageOf, now = () => new Date() } = deps;

  async function actorName(actor: Actor): Promise<string> {
    return (await users.findById(actor.id))?.username ?? `user ${actor.id}`;
  }

  return {
    async users(actor: Actor, query: AdminListQuery) {
      authorize(actor, 'list', 'users');
      return lists.users(query);
    },
    async tracks(actor: Actor, query: AdminListQuery) {
      authorize(actor, 'list', 'users');
      return lists.tracks(query);
    },
    async coverArts(actor: Actor, query: AdminListQuery) {
      authorize(actor, 'list', 'coverArts');
      return lists.coverArts(query);
    },
    async lyrics(actor: Actor, query: AdminListQuery) {
      authorize(actor, 'list', 'users');
      return lists.lyrics(query);
    },

    async userDetail(actor: Actor, userId: number) {
      authorize(actor, 'list', 'users');
      const user = await lists.userById(userId);
      if (!user) throw notFound('User');
      const [counts, recentTracks, entries, storage] = await Promise.all([lists.countsOf(userId), lists.recentTracksOf(userId, DETAIL_TRACKS), ledger.listForUser(userId), storageOf(user)]);
      return { user, counts, recentTracks, balances: ledgerView(entries).balances, storage };
    },

    /**
     * Grants or revokes admin rights and membership; each real change is audited in the same
     * transaction. An admin cannot take their own admin rights away (409), and the last admin
     * cannot be demoted by anyone (409, ADR 032). Both accounts are read again inside the
     * transaction, after the admins' lock: of two admins demoting each other at the same moment,
     * the second finds it is no longer an admin (403), so one admin always remains.
     */
    async changeUser(actor: Actor, userId: number, change: AdminUserChange) {
      authorize(actor, 'manage', 'users');
      if (change.isAdmin === false && userId === actor.id) throw conflict('You cannot remove your own admin rights.');
      const name = await actorName(actor);
      await uow.run(async (repos) => {
        await repos.users.lockAdmins();
        const current = await repos.users.findById(actor.id);
        if (!current?.is_admin) throw forbidden('Only admins can do that.');
        const before = await repos.users.findById(userId);
        if (!before) throw notFound('User');
        if (!(await keepsAnAdmin(repos.users, before, change))) throw conflict(LAST_ADMIN_MESSAGE);
        await repos.users.setRoles(userId, change);
        const events: string[] = [];
        if (change.isAdmin !== undefined && Boolean(before.is_admin) !== change.isAdmin) events.push(change.isAdmin ? 'grant-admin' : 'revoke-admin');
        if (change.isPremium !== undefined && Boolean(before.is_premium) !== change.isPremium) events.push(change.isPremium ? 'grant-premium' : 'revoke-premium');
        for (const action of events) await repos.audit.record({ actorId: actor.id, actor: name, action, subject: before.username });
      });
      return this.userDetail(actor, userId);
    },

    /**
     * The rows of one list for a CSV export, a batch at a time; `done(count)` writes the export to
     * the audit log once the last row has gone out.
     */
    async export(actor: Actor, list: ExportList, q: string) {
      authorize(actor, 'list', 'users');
      const name = await actorName(actor);
      const batches = { users: lists.allUsers, tracks: lists.allTracks, 'cover-arts': lists.allCoverArts, lyrics: lists.allLyrics }[list](q);
      return {
        batches,
        done: (rowCount: number) => audit.record({ actorId: actor.id, actor: name, action: 'export', subject: list, rowCount }),
      };
    },

    /** Sign-ups, members, generations per tool per day, jobs and storage (the Overview tab). */
    async overview(actor: Actor): Promise<AdminOverview> {
      authorize(actor, 'list', 'users');
      const today = now();
      const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => new Date(today.getTime() - (OVERVIEW_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
      const [counts, signups, generations, jobCounts, failures, storage] = await Promise.all([
        overview.userCounts(),
        overview.signupsByDay(`${days[0]}T00:00:00.000Z`),
        overview.generationsByDay(days[0]),
        jobs.countByStatus(),
        jobs.recentFailed(5),
        overview.trackStorage(),
      ]);
      const weekAgo = days[OVERVIEW_DAYS - 7];
      return {
        users: { ...counts, newLast7Days: signups.filter((s) => s.day >= weekAgo).reduce((n, s) => n + s.count, 0) },
        days: days.map((day) => ({
          day,
          signups: signups.find((s) => s.day === day)?.count ?? 0,
          generations: Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, generations.find((g) => g.day === day && g.kind === kind)?.count ?? 0])),
        })),
        jobs: {
          queued: jobCounts.queued ?? 0,
          running: jobCounts.running ?? 0,
          failed: jobCounts.failed ?? 0,
          recentFailures: failures.map((j) => ({ id: j.id, type: j.type, error: j.last_error, updatedAt: toIso(j.updated_at) })),
        },
        storage: { trackFiles: storage.files, trackBytes: storage.bytes },
      };
    },

    /** Puts a job that failed for good back in the queue (404 when there is no such failed job). */
    async retryJob(actor: Actor, jobId: number) {
      authorize(actor, 'manage', 'users');
      const job = await queue.retry(jobId);
      if (!job) throw notFound('Failed job');
      return job;
    },

    async auditLog(actor: Actor, page: { limit: number; offset: number }) {
      authorize(actor, 'list', 'users');
      return audit.list(page);
    },
  };
}
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
export type AdminUserDetailRecord = Awaited<ReturnType<AdminDashboardService['userDetail']>>;
