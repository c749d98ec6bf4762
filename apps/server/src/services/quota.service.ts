import { QUOTA_KINDS, QUOTA_LABELS, type Plan, type Quota, type QuotaKind, type QuotasResponse } from '@members-only/shared';
import type { QuotaRepository } from '../repositories/quota.repository';
import { quotaExceeded } from '../errors';
import type { Actor } from '../policies/index';
import type { DiskSpace } from './disk-space.service';

export type QuotaLimits = Record<Plan, Record<QuotaKind, number>>;

/** Counts reset at midnight UTC: one clock for every artist and every process. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);
function nextMidnight(now: Date): Date {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}

function resetPhrase(now: Date, resetsAt: Date): string {
  const minutes = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'} (midnight UTC)`;
}

/** Days of counters kept for the admin overview's generations chart. */
export const QUOTA_HISTORY_DAYS = 14;

/**
 * Plan quotas (amendment A7), shared by every generating tool. `consume` checks and counts in one
 * statement. The one refund rule (ADR 031): a unit is spent when the work is accepted and given
 * back only when the work itself fails. A client that disconnects, stops waiting or reloads does
 * not get it back: the work goes on (a beat's job, a cover or a plan being made) and its result
 * lands in the artist's list. Everything that gives a unit back goes through `workFailed`; routes
 * declare what they spend (`config.quota`) and plugins/quota.ts applies this rule (ADR 038).
 */
export function createQuotaService(deps: { quotas: QuotaRepository; limits: QuotaLimits; disk?: Pick<DiskSpace, 'assertRoom'>; now?: () => Date }) {
  const { quotas, limits, disk, now = () => new Date() } = deps;

  const quota = (kind: QuotaKind, limit: number, used: number, at: Date): Quota => ({
    kind,
    limit,
    used: Math.min(used, limit),
    remaining: Math.max(0, limit - used),
    resetsAt: nextMidnight(at).toISOString(),
  });

  async function consume(actor: Actor, kind: QuotaKind): Promise<Quota> {
    // A data disk under its floor takes no new work: 507 before the unit is spent.
    await disk?.assertRoom();
    const at = now();
    const limit = limits[actor.plan][kind];
    const used = await quotas.consume(actor.id, kind, dayOf(at), limit);
    if (used !== undefined) return quota(kind, limit, used, at);
    const resetsAt = nextMidnight(at);
    const label = QUOTA_LABELS[kind];
    const message =
      limit === 0
        ? `Your plan does not include ${label}.`
        : `You have used today's ${limit} ${label}. They reset ${resetPhrase(at, resetsAt)}.`;
    throw quotaExceeded(message, (resetsAt.getTime() - at.getTime()) / 1000, quota(kind, limit, limit, at));
  }

  /** On the day it was taken: after midnight the new day's count starts fresh anyway. */
  async function workFailed(userId: number, kind: QuotaKind, takenAt: Date): Promise<void> {
    await quotas.refund(userId, kind, dayOf(takenAt));
  }

  return {
    /** Counts one unit of `kind` (or refuses with 429): taken by plugins/quota.ts from a route's declaration (ADR 038). */
    consume,

    /**
     * The work failed: its unit comes back. Called from the work's own failure path (a job's, or
     * plugins/quota.ts for a request's inline work), never because the client went away.
     */
    workFailed,

    async status(actor: Actor): Promise<QuotasResponse> {
      const at = now();
      const used = await quotas.usedOn(actor.id, dayOf(at));
      const entries = QUOTA_KINDS.map((kind) => [kind, quota(kind, limits[actor.plan][kind], used[kind] ?? 0, at)] as const);
      return { plan: actor.plan, quotas: Object.fromEntries(entries) as QuotasResponse['quotas'] };
    },

    /** Housekeeping: counters older than two weeks (the admin overview charts the last 14 days). */
    prune: () => quotas.deleteBefore(dayOf(new Date(now().getTime() - (QUOTA_HISTORY_DAYS - 1) * 86_400_000))),
  };
}
export type QuotaService = ReturnType<typeof createQuotaService>;
