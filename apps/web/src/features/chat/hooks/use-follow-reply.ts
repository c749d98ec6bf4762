import type { ChatFailure, ChatPhase } from './use-chat-session';
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { replyScrollTarget } from '../lib/reply-scroll';

/** Keys that scroll the page when no text field has the focus. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** The newest message when it is a reply (streaming or stored): the one to read from its top. */
function newestReply(log: HTMLElement | null): HTMLElement | null {
  const last = log?.querySelector<HTMLElement>(':scope > article:last-of-type');
  return last?.getAttribute('aria-label') === 'Assistant reply' ? last : null;
}

interface FollowedState {
  messageCount: number;
  streamingText: string;
  phase: ChatPhase;
  failure: ChatFailure | null;
}

/**
 * The page follows the newest reply in `logRef` down to its first line and stops there, while
 * `pinnedRef` holds; the artist's own scrolling lets go (the chat panel pins again on each send).
 */
export function useFollowReply(
  pinnedRef: RefObject<boolean>,
  logRef: RefObject<HTMLElement | null>,
  { messageCount, streamingText, phase, failure }: FollowedState,
) {
  useEffect(() => {
    // Only the artist's own input lets go of the reply: a wheel, a touch drag, a scrolling key or
    // the scrollbar. Scrolls the browser makes by itself (a page that shrinks for a frame, focus,
    // scroll anchoring) must not, or the view would stop following the reply at random.
    const release = () => {
      pinnedRef.current = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (!SCROLL_KEYS.has(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      release();
    };
    const onPointer = (event: PointerEvent) => {
      // A press right of the page's content box is on the window's scrollbar.
      if (event.clientX >= document.documentElement.clientWidth) release();
    };
    window.addEventListener('wheel', release, { passive: true });
    window.addEventListener('touchmove', release, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchmove', release);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ref is stable: listen once, as before
  }, []);

  useLayoutEffect(() => {
    if (!pinnedRef.current) return;
    const reply = newestReply(logRef.current);
    const { top } = replyScrollTarget({
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      scrollHeight: document.documentElement.scrollHeight,
      replyTop: reply ? reply.getBoundingClientRect().top : null,
      margin: reply ? Number.parseFloat(getComputedStyle(reply).scrollMarginTop) || 0 : 0,
    });
    if (Math.abs(window.scrollY - top) < 1) return;
    window.scrollTo({ top, behavior: 'instant' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are stable; these are what move the reply
  }, [messageCount, streamingText, phase, failure]);
}
