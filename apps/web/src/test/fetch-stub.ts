import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A `fetch` stub for every test of the calling file: a fresh mock in `fetch`'s place before each
 * test, and the page and globals cleaned up after it. Call at the top level of a test file.
 */
export function stubFetchForEachTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
