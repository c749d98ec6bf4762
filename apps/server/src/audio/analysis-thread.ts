import { runInProcess } from '../heavy/pool';
import type { AudioAnalysis } from '@members-only/engines/audio';
import { AudioDecodeError, type AudioDecodeErrorCode, type ProbeResult } from './decode';

export interface AnalyzeFileOptions {
  /** The file's probe, when the caller already has it (saves running ffmpeg once more). */
  probe?: ProbeResult;
  /** Analyse at most this many seconds from the start. */
  maxDurationSec?: number;
}

/**
 * Decodes and analyses an audio file in a heavy-work pool process (ADR 055, ADR 066: the task
 * `analyze`, about 1.5 s of CPU for a 3-minute song), so the server keeps answering requests
 * meanwhile. The process streams ffmpeg's output through the engine's streaming analyser, so
 * nothing ever holds the decoded track; its memory is not the web process's, and goes back to the
 * system when the idle process ends. Decoding errors arrive as AudioDecodeError, as from decode.ts.
 */
export async function analyzeFileInThread(
  file: string,
  options: AnalyzeFileOptions = {},
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AudioAnalysis> {
  try {
    // A slot of the pool, even with HEAVY_WORK_THREADS=0: analyses have never run on the main thread.
    return await runInProcess('analyze', { file, probe: options.probe, maxDurationSec: options.maxDurationSec }, { signal, progress: onProgress });
  } catch (error) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const e = error as Error & { code?: string };
    // The error crossed the process boundary as its name, message and code.
    throw e.name === 'AudioDecodeError' && e.code ? new AudioDecodeError(e.code as AudioDecodeErrorCode, e.message) : error;
  }
}
