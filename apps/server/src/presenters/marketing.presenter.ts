import type { MarketingPlan, MarketingPlanSummary } from '@members-only/shared/marketing';
import type { MarketingPlanRecord } from '../services/marketing.service';
import { toIso } from '../db/index';

export function presentMarketingPlanSummary(plan: MarketingPlanRecord): MarketingPlanSummary {
  return {
    id: plan.id,
    conversationId: plan.conversation_id,
    trackId: plan.track_id,
    songId: plan.song_id ?? null,
    title: plan.title,
    releaseDate: plan.release_date,
    engine: plan.engine,
    kind: plan.kind,
    createdAt: toIso(plan.created_at),
  };
}

export function presentMarketingPlan(plan: MarketingPlanRecord): MarketingPlan {
  return {
    ...presentMarketingPlanSummary(plan),
    userId: plan.user_id,
    context: plan.context,
    markdown: plan.markdown,
    quotes: plan.quotes,
    hashtags: plan.hashtags,
    calendar: plan.calendar,
    holidays: plan.holidays,
    updatedAt: toIso(plan.updated_at),
  };
}
