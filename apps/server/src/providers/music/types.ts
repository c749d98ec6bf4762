import type { BeatStyleName } from '@members-only/shared/studio';

export interface MusicRequest {
  prompt: string;
  style: BeatStyleName;
  seed: number;
  title: string | null;
  artist: string;
  signal?: AbortSignal;
  progress?: (fraction: number) => void;
}

/** A finished piece of music as MP3 bytes, with what is known about it. */
export interface MusicResult {
  mp3: Buffer;
  engine: string;
  bpm: number | null;
  key: string | null;
  durationSec: number | null;
  seed: number | null;
  /** Plan details worth keeping (built-in engine: sections, progression, instruments). */
  details: Record<string, unknown> | null;
}

export interface MusicProvider {
  /** The engine's name as artists see it. */
  readonly engine: string;
  /** True for an outside service. */
  readonly hosted: boolean;
  generate(request: MusicRequest): Promise<MusicResult>;
}

/**
 * A failure of the music service the artist should hear about in the spec's words (§8): the status
 * the API answers with and the message.
 */
export class MusicServiceError extends Error {
  override name = 'MusicServiceError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
