import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

interface Place {
  /** The log's first message when earlier messages arrived: they are in once it no longer is. */
  first: Element | null;
  /** The first message in view then. */
  message: Element;
  /** Its top edge then, relative to the viewport. */
  top: number;
}

const firstMessage = (log: HTMLElement | null) => log?.querySelector(':scope > article') ?? null;

/** The first of the log's messages whose bottom edge is below the top of the viewport: the one the reader is at. */
function firstMessageInView(log: HTMLElement): Element | null {
  for (const message of log.querySelectorAll(':scope > article')) {
    if (message.getBoundingClientRect().bottom > 0) return message;
  }
  return null;
}

/**
 * Keeps the reader's place while earlier messages are put above the messages in `logRef`:
 * `hold()`, called just before they are, notes the message in view and where it is; after the
 * commit that puts them in, the page scrolls by however far that message moved, so it stays where
 * it was. Measured on the message itself, so a browser's own scroll anchoring (which may already
 * have moved the page) is not counted twice.
 */
export function useHoldPlace(logRef: RefObject<HTMLElement | null>) {
  const placeRef = useRef<Place | null>(null);

  const hold = useCallback(() => {
    const log = logRef.current;
    const message = log ? firstMessageInView(log) : null;
    placeRef.current = message ? { first: firstMessage(log), message, top: message.getBoundingClientRect().top } : null;
  }, [logRef]);

  // After each commit, before the browser paints it: has the log a new first message yet?
  useLayoutEffect(() => {
    const place = placeRef.current;
    if (!place || firstMessage(logRef.current) === place.first) return;
    placeRef.current = null;
    if (!place.message.isConnected) return;
    const moved = place.message.getBoundingClientRect().top - place.top;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
  });

  return hold;
}
