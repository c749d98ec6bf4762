import type { Kysely } from 'kysely';
import type { Database, MarketingPlanRow } from '../db/types';
import { nowIso } from '../db/index';

/** A plan with its owner: the user of the conversation it was saved to. */
export type OwnedMarketingPlanRow = MarketingPlanRow & { user_id: number };

export type NewMarketingPlan = Omit<MarketingPlanRow, 'id' | 'created_at' | 'updated_at' | 'song_id'> & { song_id?: number | null };

export function createMarketingPlanRepository(db: Kysely<Database>) {
  const withOwner = () =>
    db
      .selectFrom('marketing_plans')
      .innerJoin('conversations', 'conversations.id', 'marketing_plans.conversation_id')
      .selectAll('marketing_plans')
      .select('conversations.user_id');

  return {
    /** With its owner, so services can pass it through `authorize`. */
    findById(id: number): Promise<OwnedMarketingPlanRow | undefined> {
      return withOwner().where('marketing_plans.id', '=', id).executeTakeFirst();
    },

    /** Newest first; callers have already checked the conversation is the user's. */
    listForConversation(conversationId: number): Promise<OwnedMarketingPlanRow[]> {
      return withOwner()
        .where('marketing_plans.conversation_id', '=', conversationId)
        .orderBy('marketing_plans.created_at', 'desc')
        .orderBy('marketing_plans.id', 'desc')
        .execute();
    },

    insert(values: NewMarketingPlan): Promise<MarketingPlanRow> {
      const now = nowIso();
      return db
        .insertInto('marketing_plans')
        .values({ ...values, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateCalendar(id: number, values: { release_date: string; calendar: string; markdown?: string }) {
      await db
        .updateTable('marketing_plans')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type MarketingPlanRepository = ReturnType<typeof createMarketingPlanRepository>;
