import { LIMITS } from '@members-only/shared';
import type { MarketingPlanRow } from '../db/types';
import type { UnitOfWork } from '../repositories/index';
import type { NewMarketingPlan } from '../repositories/marketing-plan.repository';
import type { Actor } from '../policies/index';

/**
 * Saves a finished marketing plan in one transaction: its conversation (a new "Marketing: <title>"
 * one when none was named), the plan's row, and the "last edited" times of the conversation and
 * the plan's song. A failure leaves no plan and no empty conversation. The service has already
 * authorized the actor on the conversation, track and song, and generated the plan outside the
 * transaction (a model's reply is not waited for with the database held).
 */
export async function saveMarketingPlanCommand(
  { actor, conversationId, plan }: { actor: Actor; conversationId?: number; plan: Omit<NewMarketingPlan, 'conversation_id'> },
  deps: { uow: UnitOfWork },
): Promise<MarketingPlanRow> {
  return deps.uow.run(async (r) => {
    const inConversation =
      conversationId ?? (await r.conversations.insert({ userId: actor.id, title: `Marketing: ${plan.title}`.slice(0, LIMITS.titleMax), category: 'marketing' })).id;
    const inserted = await r.marketingPlans.insert({ ...plan, conversation_id: inConversation });
    await r.conversations.touch(inConversation);
    if (plan.song_id !== null && plan.song_id !== undefined) await r.songs.touch(plan.song_id);
    return inserted;
  });
}
