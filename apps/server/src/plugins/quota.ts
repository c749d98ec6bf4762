import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { QuotaKind } from '@members-only/shared';
import type { QuotaService } from '../services/quota.service';
import { requireActor } from './authorization';

/**
 * Which daily quota a route spends: a kind, or one read from the validated request (undefined:
 * nothing to spend this time), or `false`: a generation that is free by design (said so, not forgotten).
 */
export type QuotaDeclaration = QuotaKind | false | ((request: FastifyRequest) => QuotaKind | undefined);

/** The stricter per-minute rate limit a route counts against, on top of the API one (plugins/rate-limit.ts). */
/** `page`: a public page's requests from one address (release pages, ADR 050), counted against the API budget. */
export type LimitGroup = 'auth' | 'generate' | 'page';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A stricter request rate limit for this route (ADR 022, ADR 038). */
    limit?: LimitGroup;
    /** The daily quota one accepted request spends (amendment A7, ADR 031, ADR 038). */
    quota?: QuotaDeclaration;
  }
  interface FastifyRequest {
    /** The quota unit this request took, when its route declares `quota` and the kind applied. */
    quotaUnit: QuotaUnit | null;
    /** Aborted when the client goes away before the response is finished (plugins/client-abort.ts). */
    clientGone: AbortSignal | null;
  }
}

/** One unit taken for a request's work; the plugin gives it back when the work fails. */
export interface QuotaUnit {
  readonly kind: QuotaKind;
  /**
   * The work failed: the unit comes back, once. For work whose failure the plugin cannot see (a
   * streamed reply, after the response has started); never call it because the client went away.
   */
  readonly failed: () => Promise<void>;
  /**
   * Queued work was accepted (a beat's row and job): from now on only the job's own failure path
   * gives the unit back, whatever this request's response turns out to be.
   */
  readonly handOver: () => void;
}

/**
 * Spends and refunds quota from the route's declaration (`config.quota`), the one refund rule of
 * ADR 031 in one place (ADR 038):
 * - the unit is taken in `preHandler`, after authentication and validation (invalid input spends
 *   nothing; a plan without the tool, or a day used up, is a 429 before any work starts);
 * - it comes back when the handler fails (the error response), unless the client had already gone
 *   (the request's `clientGone` signal aborted: the work was stopped by its client, so it stays
 *   spent). A 404 for someone else's conversation, a 409, a model's 502: the unit comes back, so
 *   a refused request leaves the count as it was;
 * - a streamed route reports a failure after its stream started with `request.quotaUnit.failed()`;
 * - queued work calls `request.quotaUnit.handOver()` once its job exists: the job refunds.
 */
export const quotaPlugin = fp<{ quotas: Pick<QuotaService, 'consume' | 'workFailed'> }>(async (app, { quotas }) => {
  app.decorateRequest('quotaUnit', null);
  app.decorateRequest('clientGone', null);

  const take = async (request: FastifyRequest, declared: Exclude<QuotaDeclaration, false>) => {
    const kind = typeof declared === 'function' ? declared(request) : declared;
    if (kind === undefined) return;
    const actor = requireActor(request);
    const taken = await quotas.consume(actor, kind);
    // The day the unit was counted on: the instant before its counter resets.
    const takenAt = new Date(new Date(taken.resetsAt).getTime() - 1);
    let settled = false;
    request.quotaUnit = {
      kind,
      failed: async () => {
        if (settled) return;
        settled = true;
        await quotas.workFailed(actor.id, kind, takenAt);
      },
      handOver: () => {
        settled = true;
      },
    };
  };
  // Callback-style: most routes declare no quota, and an async hook would cost each of their
  // requests a promise and a microtask (ADR 025).
  app.addHook('preHandler', (request, _reply, done) => {
    const declared = request.routeOptions.config.quota;
    if (declared === undefined || declared === false) return done();
    take(request, declared).then(() => done(), done);
  });

  app.addHook('onError', async (request) => {
    const unit = request.quotaUnit;
    if (!unit || request.clientGone?.aborted) return;
    await unit.failed().catch((err: unknown) => request.log.warn({ err }, 'quota refund failed'));
  });
});
