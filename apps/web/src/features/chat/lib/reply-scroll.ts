/** What the page looks like now, in CSS pixels. */
export interface ScrollView {
  /** window.scrollY */
  scrollY: number;
  /** window.innerHeight */
  viewportHeight: number;
  /** document.documentElement.scrollHeight */
  scrollHeight: number;
  /** The newest reply's top edge relative to the viewport, or null when the last message is not a reply. */
  replyTop: number | null;
  /** Room to keep above the reply's first line (its scroll-margin-top: the phone's sticky top bar and a little of the question). */
  margin: number;
}

/**
 * Where the page goes while a reply arrives: down with it until the reply's first line reaches
 * the top of the view, then no further, so the artist reads from the top while the rest streams
 * in below. `atStart` says the reply's start is what holds the page there.
 */
export function replyScrollTarget({ scrollY, viewportHeight, scrollHeight, replyTop, margin }: ScrollView): { top: number; atStart: boolean } {
  const bottom = Math.max(0, scrollHeight - viewportHeight);
  if (replyTop === null) return { top: bottom, atStart: false };
  const start = Math.max(0, Math.round(scrollY + replyTop - margin));
  return start < bottom ? { top: start, atStart: true } : { top: bottom, atStart: false };
}
