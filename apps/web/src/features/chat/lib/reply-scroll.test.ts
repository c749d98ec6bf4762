import { describe, expect, it } from 'vitest';
import { replyScrollTarget } from './reply-scroll';

const view = { scrollY: 0, viewportHeight: 800, margin: 80 };

describe('replyScrollTarget', () => {
  it('follows a reply that still fits: the page goes to the bottom', () => {
    expect(replyScrollTarget({ ...view, scrollHeight: 1200, replyTop: 700 })).toEqual({ top: 400, atStart: false });
  });

  it('stops where the reply starts once it is taller than the view, not at its end', () => {
    // The reply starts 1500 px down the page, which is 5000 px long.
    expect(replyScrollTarget({ ...view, scrollHeight: 5000, replyTop: 1500 })).toEqual({ top: 1420, atStart: true });
    // Scrolled already: the same place on the page.
    expect(replyScrollTarget({ ...view, scrollY: 1000, scrollHeight: 6000, replyTop: 500 })).toEqual({ top: 1420, atStart: true });
  });

  it('goes to the bottom when the last message is not a reply, and never above the page', () => {
    expect(replyScrollTarget({ ...view, scrollHeight: 3000, replyTop: null })).toEqual({ top: 2200, atStart: false });
    expect(replyScrollTarget({ ...view, scrollHeight: 500, replyTop: null })).toEqual({ top: 0, atStart: false });
    expect(replyScrollTarget({ ...view, scrollHeight: 5000, replyTop: 20 })).toEqual({ top: 0, atStart: true });
  });
});
