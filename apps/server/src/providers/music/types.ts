import type { Readable } from 'node:stream';
import type { BeatStyleName } from '@members-only/shared/studio';

export interface MusicRequest {
  prompt: string;
  style: BeatStyleName;
  seed: number;
  title: string | null;
  artist: string;
  signal?: AbortSignal;
  progress?: (fraction: number) => void;
  /** Built-in engine: a variation's drums-and-melody number (0: the original's). */
  variation?: number;
  /** Built-in engine: verse + hook pairs added by 'Extend'. */
  extensions?: number;
  /**
   * Where to keep the beat's other files (built-in engine: the stems ZIP and the MIDI file). The
   * provider hands them over while the MP3 is encoding; the beat is not done before they are kept.
   */
  keep?: (file: { kind: 'stems' | 'midi'; data: Readable }) => Promise<void>;
}

/** A finished piece of music as MP3 bytes, with what is known about it. */
export interface MusicResult {
  mp3: Buffer;
  /** A name for the beat from what was made (built-in engine: 'Dark trap, F# minor, 142'). */
  title?: string;
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
    /** The service's Retry-After, in seconds, for a 429. */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}
