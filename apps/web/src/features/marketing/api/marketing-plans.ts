import {
  marketingPlanListSchema,
  marketingPlanSchema,
  type CreateMarketingPlanInput,
  type UpdateMarketingCalendarInput,
} from '@members-only/shared/marketing';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export const marketingPlansQueryKey = (conversationId: number) => ['/api/conversations', conversationId, 'marketing-plans'] as const;
export const marketingPlanQueryKey = (id: number) => ['/api/marketing-plans', id] as const;

/** POST /api/marketing: writes a plan (a model's, or the built-in planner's) and saves it. */
export function createMarketingPlan(input: CreateMarketingPlanInput & { songId?: number }, signal?: AbortSignal) {
  return sendJson('POST', '/api/marketing', input, marketingPlanSchema, { signal });
}

/** PUT /api/marketing-plans/:id/calendar: the edited calendar and release date. */
export function saveMarketingCalendar(id: number, input: UpdateMarketingCalendarInput) {
  return sendJson('PUT', `/api/marketing-plans/${id}/calendar`, input, marketingPlanSchema);
}

/** Where a plan's calendar downloads as an .ics file. */
export const marketingCalendarUrl = (id: number) => `/api/marketing-plans/${id}/calendar.ics`;

/** The plans saved in a marketing conversation, newest first. */
export function useMarketingPlans(conversationId: number | null) {
  return useQuery({
    queryKey: marketingPlansQueryKey(conversationId ?? 0),
    queryFn: ({ signal }) => getJson(`/api/conversations/${conversationId}/marketing-plans`, marketingPlanListSchema, { signal }),
    enabled: conversationId !== null,
  });
}

/** One saved plan, to reopen it. */
export function useMarketingPlan(id: number | null) {
  return useQuery({
    queryKey: marketingPlanQueryKey(id ?? 0),
    queryFn: ({ signal }) => getJson(`/api/marketing-plans/${id}`, marketingPlanSchema, { signal }),
    enabled: id !== null,
  });
}
