import type { Quota } from '@members-only/shared/quotas';
import { describe, expect, it } from 'vitest';
import { formatResetTime, quotaHintText } from './quota-text';

const quota = (overrides: Partial<Quota> = {}): Quota => ({
  kind: 'chat',
  limit: 30,
  used: 18,
  remaining: 12,
  resetsAt: '2026-11-24T00:00:00.000Z',
  ...overrides,
});

/** Mid-afternoon UTC on the day before the reset. */
const now = new Date('2026-11-23T15:00:00.000Z');
const utc = { now, locale: 'en-US', timeZone: 'UTC' } as const;

describe('quotaHintText', () => {
  it('says how many are left of the day’s limit, with the quota’s own name', () => {
    expect(quotaHintText(quota(), utc)).toEqual({ text: '12 of 30 chat messages left today', exhausted: false });
    expect(quotaHintText(quota({ kind: 'lyrics', limit: 20, used: 19, remaining: 1 }), utc).text).toBe(
      '1 of 20 lyric suggestions and feedback left today',
    );
  });

  it('at 0 says the day’s quota is used and when it resets, in local time', () => {
    const used = quota({ used: 30, remaining: 0 });
    expect(quotaHintText(used, utc)).toEqual({
      text: "You've used today's 30 chat messages. They reset at 12:00 AM tomorrow.",
      exhausted: true,
    });
    // 00:00 UTC is 7 PM the same evening in New York.
    expect(quotaHintText(used, { ...utc, timeZone: 'America/New_York' }).text).toBe(
      "You've used today's 30 chat messages. They reset at 7:00 PM.",
    );
  });

  it('leaves the reset time out when the server sent no usable date', () => {
    expect(quotaHintText(quota({ remaining: 0, used: 30, resetsAt: 'soon' }), utc).text).toBe("You've used today's 30 chat messages.");
  });

  it('says so when the plan does not include the tool (a limit of 0)', () => {
    expect(quotaHintText(quota({ limit: 0, used: 0, remaining: 0 }), utc)).toEqual({
      text: "Your plan doesn't include chat messages.",
      exhausted: true,
    });
  });

  it('never claims more left than the limit', () => {
    expect(quotaHintText(quota({ limit: 30, remaining: 45 }), utc).text).toBe('30 of 30 chat messages left today');
  });
});

describe('formatResetTime', () => {
  it('names the weekday when the reset is further away than tomorrow', () => {
    expect(formatResetTime('2026-11-26T09:30:00.000Z', utc)).toBe('9:30 AM on Thursday');
  });

  it('gives only the time for a reset later today', () => {
    expect(formatResetTime('2026-11-23T21:05:00.000Z', utc)).toBe('9:05 PM');
  });

  it('is null for something that is not a date', () => {
    expect(formatResetTime('', utc)).toBeNull();
  });
});
