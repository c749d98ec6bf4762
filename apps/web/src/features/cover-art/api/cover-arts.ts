import { coverArtListSchema, coverArtSchema, coverConceptSchema, type CreateCoverArtInput } from '@members-only/shared/cover';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export const coverVersionsQueryKey = (conversationId: number) => ['/api/coverarts', { conversationId }] as const;

/** POST /api/coverarts (spec §7): a new cover, a restyle or an edit, saved as a new version. */
export function createCoverArt(input: CreateCoverArtInput, signal?: AbortSignal) {
  return sendJson('POST', '/api/coverarts', input, coverArtSchema, { signal });
}

/** POST /api/coverarts/concept: the concept for a track's lyrics (model, built-in, or the fixed fallback). */
export function useCoverConcept(trackId: number | null, lyrics: string | null) {
  return useQuery({
    queryKey: ['/api/coverarts/concept', trackId, lyrics],
    queryFn: ({ signal }) => sendJson('POST', '/api/coverarts/concept', { trackId }, coverConceptSchema, { signal }),
    enabled: trackId !== null && Boolean(lyrics),
  });
}

/** The versions saved in a cover-art conversation, newest first. */
export function useCoverVersions(conversationId: number | null) {
  return useQuery({
    queryKey: coverVersionsQueryKey(conversationId ?? 0),
    queryFn: ({ signal }) => getJson(`/api/coverarts?conversationId=${conversationId}`, coverArtListSchema, { signal }),
    enabled: conversationId !== null,
  });
}

/**
 * A cover this tab asked for and has not seen land yet (ADR 031): kept in sessionStorage, so a
 * reload mid-generation finds it. Covers are made inside their request, which goes on when the
 * page goes away, and the cover is saved whoever listens.
 */
export interface PendingCover {
  trackId: number;
  /** The newest version of the track's covers when it was asked for (a new one has a higher id). */
  afterId: number;
  startedAt: number;
}
const PENDING_KEY = 'mo:cover-pending';
/** Past this, a cover that never landed (its request failed) is no longer waited for. */
export const PENDING_COVER_MAX_MS = 10 * 60_000;
export const PENDING_COVER_POLL_MS = 2000;

export function rememberPendingCover(pending: PendingCover | null): void {
  try {
    if (pending) sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage refused (private mode): a reload then simply does not resume.
  }
}

export function pendingCover(now = Date.now()): PendingCover | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Partial<PendingCover> | null;
    if (!value || typeof value.trackId !== 'number' || typeof value.afterId !== 'number' || typeof value.startedAt !== 'number') return null;
    if (now - value.startedAt > PENDING_COVER_MAX_MS) {
      sessionStorage.removeItem(PENDING_KEY);
      return null;
    }
    return value as PendingCover;
  } catch {
    return null;
  }
}

/** While a cover is pending: the track's covers, polled until one newer than `afterId` is there. */
export function useLandedCover(pending: PendingCover | null) {
  return useQuery({
    queryKey: ['/api/coverarts', { trackId: pending?.trackId ?? 0, pending: pending?.startedAt ?? 0 }],
    queryFn: ({ signal }) => getJson(`/api/coverarts?trackId=${pending?.trackId}`, coverArtListSchema, { signal }),
    enabled: pending !== null,
    refetchInterval: PENDING_COVER_POLL_MS,
    select: (covers) => covers.find((c) => pending !== null && c.id > pending.afterId) ?? null,
  });
}
