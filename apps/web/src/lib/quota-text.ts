import { QUOTA_LABELS, type Quota } from '@members-only/shared/quotas';

export interface QuotaHintText {
  text: string;
  /** Nothing is left (or the plan has none): the tool will refuse until the reset. */
  exhausted: boolean;
}

export interface QuotaTextOptions {
  /** The moment to compare the reset with (default: now). */
  now?: Date;
  /** Defaults to the reader's locale and time zone. */
  locale?: string;
  timeZone?: string;
}

const dayKey = (date: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/**
 * When a quota starts again, in the reader's time: "1:00 AM", "1:00 AM tomorrow", or with the
 * weekday further ahead. Null when `resetsAt` is not a date.
 */
export function formatResetTime(resetsAt: string, { now = new Date(), locale, timeZone }: QuotaTextOptions = {}): string | null {
  const reset = new Date(resetsAt);
  if (Number.isNaN(reset.getTime())) return null;
  // Some ICU versions put a narrow no-break space before AM/PM: a plain space reads the same.
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(reset).replace(/\s/gu, ' ');
  const resetDay = dayKey(reset, timeZone);
  if (resetDay === dayKey(now, timeZone)) return time;
  if (resetDay === dayKey(new Date(now.getTime() + 24 * 60 * 60 * 1000), timeZone)) return `${time} tomorrow`;
  return `${time} on ${new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(reset)}`;
}

/**
 * What the quiet hint under a tool says: "12 of 30 chat messages left today", or once none are
 * left "You've used today's 30 chat messages. They reset at 1:00 AM."
 */
export function quotaHintText(quota: Quota, options: QuotaTextOptions = {}): QuotaHintText {
  const label = QUOTA_LABELS[quota.kind];
  if (quota.limit === 0) return { text: `Your plan doesn't include ${label}.`, exhausted: true };
  if (quota.remaining > 0) return { text: `${Math.min(quota.remaining, quota.limit)} of ${quota.limit} ${label} left today`, exhausted: false };
  const reset = formatResetTime(quota.resetsAt, options);
  return {
    text: `You've used today's ${quota.limit} ${label}.${reset ? ` They reset at ${reset}.` : ''}`,
    exhausted: true,
  };
}

/**
 * Home's line for a tool (issue 24: the invitation says the exact numbers are on Home): today's
 * use against today's limit, "18 of 30 chat messages used today", or that the plan has none.
 */
export function quotaUsageText(quota: Quota): string {
  const label = QUOTA_LABELS[quota.kind];
  if (quota.limit === 0) return `Your plan doesn't include ${label}.`;
  return `${Math.min(quota.used, quota.limit)} of ${quota.limit} ${label} used today`;
}
