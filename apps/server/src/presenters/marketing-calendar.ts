import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDaysIso, datedItems } from '@members-only/shared/marketing';
import type { MarketingPlanRecord } from '../services/marketing.service';

// Its own module, imported on the first calendar download: ics and its schema library (yup) are not read at start-up (ADR 059).

const dateArray = (date: string): DateArray => date.split('-').map(Number) as DateArray;

/**
 * The plan's calendar as an iCalendar file (RFC 5545) that calendar apps import: one all-day
 * event per step, with a stable UID per plan and step so importing an edited plan again updates
 * the same events instead of adding copies.
 */
export function marketingCalendarIcs(plan: MarketingPlanRecord, host = 'members-only'): string {
  const events: EventAttributes[] = datedItems(plan.release_date, plan.calendar, plan.holidays).map((item) => ({
    uid: `marketing-plan-${plan.id}-${item.id}@${host}`,
    start: dateArray(item.date),
    end: dateArray(addDaysIso(item.date, 1)),
    title: `${item.title} (${plan.title})`,
    description: item.description,
    categories: ['Release plan', item.kind],
    transp: 'TRANSPARENT',
    busyStatus: 'FREE',
  }));
  const { error, value } = createEvents(events, { productId: '-//Members Only//Marketing Plan//EN', calName: `Release plan: ${plan.title}` });
  if (error || !value) throw error ?? new Error('The calendar could not be written.');
  return value;
}
