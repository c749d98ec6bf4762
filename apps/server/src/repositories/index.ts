import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { createUserRepository } from './user.repository';
import { createSessionRepository } from './session.repository';
import { createLoginFailureRepository } from './login-failure.repository';
import { createThrottleRepository } from './throttle.repository';
import { createConversationRepository } from './conversation.repository';
import { createMessageRepository } from './message.repository';
import { createLyricSnippetRepository } from './lyric-snippet.repository';
import { createTrackRepository } from './track.repository';
import { createQuotaRepository } from './quota.repository';
import { createMarketingPlanRepository } from './marketing-plan.repository';
import { createTrackReviewRepository } from './track-review.repository';
import { createCoverArtRepository } from './cover-art.repository';
import { createMembershipRepository } from './membership.repository';
import { createJobRepository } from './job.repository';
import { createAdminListRepository } from './admin-list.repository';
import { createAuditRepository } from './audit.repository';
import { createAdminOverviewRepository } from './admin-overview.repository';
import { createPaymentMethodRepository } from './payment-method.repository';
import { createLedgerRepository } from './ledger.repository';
import { createPayoutAuditRepository } from './payout-audit.repository';
import { createBeatRepository } from './beat.repository';
import { createSongRepository } from './song.repository';
import { createBoothRepository } from './booth.repository';
import { createReleaseRepository } from './release.repository';
import { createSplitRepository } from './split.repository';

/** Every repository, bound to one database handle: the pool, or a transaction. */
export function createRepositories(db: Kysely<Database>) {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    loginFailures: createLoginFailureRepository(db),
    throttles: createThrottleRepository(db),
    conversations: createConversationRepository(db),
    messages: createMessageRepository(db),
    lyricSnippets: createLyricSnippetRepository(db),
    tracks: createTrackRepository(db),
    quotas: createQuotaRepository(db),
    marketingPlans: createMarketingPlanRepository(db),
    trackReviews: createTrackReviewRepository(db),
    coverArts: createCoverArtRepository(db),
    jobs: createJobRepository(db),
    adminLists: createAdminListRepository(db),
    audit: createAuditRepository(db),
    adminOverview: createAdminOverviewRepository(db),
    paymentMethods: createPaymentMethodRepository(db),
    ledger: createLedgerRepository(db),
    payoutAudit: createPayoutAuditRepository(db),
    memberships: createMembershipRepository(db),
    beats: createBeatRepository(db),
    songs: createSongRepository(db),
    booth: createBoothRepository(db),
    releases: createReleaseRepository(db),
    splits: createSplitRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * A multi-step write that must hold together (Outline's commands in a transaction): `run` hands the
 * work repositories bound to one transaction, commits when it resolves and rolls back when it
 * throws. Inside, use only the repositories it hands you: on SQLite the one connection is held by
 * the transaction, so a query through the outer repositories would wait for it forever.
 */
export interface UnitOfWork {
  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Kysely<Database>): UnitOfWork {
  return {
    run: (work) => db.transaction().execute((trx) => work(createRepositories(trx))),
  };
}
