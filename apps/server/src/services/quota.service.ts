import { QUOTA_KINDS, QUOTA_LABELS, type Plan, type Quota, type QuotaKind, type QuotasResponse } from '@members-only/shared';
import type { QuotaRepository } from '../repositories/quota.repository';
import { quotaExceeded } from '../errors';
import type { Actor } from '../policies/index';

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

/**
 * Plan quotas (amendment A7), shared by every generating tool. `consume` checks and counts in one
 * statement; a generation that fails before producing anything gives its unit back, so an
 * upstream outage does not eat an artist's day.
 */
/** Days of counters kept for the admin overview's generations chart. */
export const QUOTA_HISTORY_DAYS = 14;

export function createQuotaService(deps: { quotas: QuotaRepository; limits: QuotaLimits; now?: () => Date }) {
  const { quotas, limits, now = () => new Date() } = deps;

  const quota = (kind: QuotaKind, limit: number, used: number, at: Date): Quota => ({
    kind,
    limit,
    used: Math.min(used, limit),
    remaining: Math.max(0, limit - used),
    resetsAt: nextMidnight(at).toISOString(),
  });

  async function consume(actor: Actor, kind: QuotaKind): Promise<Quota> {
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

  async function refund(actor: Actor, kind: QuotaKind, consumed: Quota): Promise<void> {
    // On the day it was taken: after midnight the new day's count starts fresh anyway.
    const day = new Date(new Date(consumed.resetsAt).getTime() - 1).toISOString().slice(0, 10);
    await quotas.refund(actor.id, kind, day);
  }

  return {
    consume,
    refund,

    /** The refund of one consumed unit, for a failure handled elsewhere (a streamed reply). */
    refunding: (actor: Actor, kind: QuotaKind, consumed: Quota) => () => refund(actor, kind, consumed),

    /** Runs one generation under the quota: counted first, given back if the work fails. */
    async spend<T>(actor: Actor, kind: QuotaKind, work: () => Promise<T>): Promise<T> {
      const taken = await consume(actor, kind);
      try {
        return await work();
      } catch (error) {
        await refund(actor, kind, taken).catch(() => {});
        throw error;
      }
    },

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
