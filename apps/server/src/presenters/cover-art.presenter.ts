import type { CoverArt } from '@members-only/shared/cover';
import type { CoverArtRecord } from '../services/cover-art.service';
import { readEdit } from '@members-only/engines/cover';
import { toIso } from '../db/index';

/** Where a cover's image streams from (its owner and admins only). */
export const coverImageUrl = (id: number) => `/api/coverarts/${id}/image`;

export function presentCoverArt(cover: CoverArtRecord): CoverArt {
  return {
    id: cover.id,
    userId: cover.user_id,
    trackId: cover.track_id,
    songId: cover.song_id ?? null,
    conversationId: cover.conversation_id,
    parentId: cover.parent_id,
    title: cover.title,
    artist: cover.artist,
    style: cover.style,
    direction: cover.direction,
    edits: cover.edits,
    // The built-in renderer reads the edit's words itself and says which it could not use; a model reads them all.
    unusedWords: cover.kind === 'built-in' && cover.edits.length ? readEdit(cover.edits.at(-1)!).unused : [],
    concept: cover.concept,
    prompt: cover.prompt,
    advisory: cover.advisory,
    seed: Number(cover.seed),
    engine: cover.engine,
    kind: cover.kind,
    imageUrl: coverImageUrl(cover.id),
    downloadUrl: `${coverImageUrl(cover.id)}?download=1`,
    width: cover.width,
    height: cover.height,
    bytes: cover.bytes,
    checks: cover.checks,
    createdAt: toIso(cover.created_at),
  };
}

/** Spec §3 'Admin cover art row'. */
