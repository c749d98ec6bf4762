import fs from 'node:fs';
import { AppError, PermanentJobError } from '../../errors';
import { retryAfterSeconds } from '../text/openai-compatible';
import type { UpstreamLog } from '../text/upstream-log';
import type { SpeechToText } from './types';

export interface TranscriptionOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Gets the service's own error text, which never reaches the artist. */
  log?: UpstreamLog;
}

/** The service heard no words. Permanent: the same audio gets the same answer. */
export class EmptyTranscriptionError extends PermanentJobError {
  constructor() {
    super('The speech-to-text service heard no words in this recording');
  }
}

/**
 * The service refused the request itself (400 bad request, 401/403 access, 404 no such model or
 * path): asking again gets the same answer, so the job fails at once, in our words.
 */
export class TranscriptionRefusedError extends PermanentJobError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The service is rate limiting: the job tries again, no sooner than its Retry-After when it gave one. */
export class TranscriptionRateLimitedError extends AppError {
  constructor(readonly retryAfterMs: number | undefined) {
    super(429, 'The speech-to-text service is rate limiting requests.', 'upstream_rate_limited', undefined, retryAfterMs ? { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) } : undefined);
  }
}

/** The OpenAI `/audio/transcriptions` protocol, which Whisper servers (faster-whisper, whisper.cpp, LocalAI...) also speak. */
export function createOpenAiTranscriber(options: TranscriptionOptions): SpeechToText {
  const doFetch = options.fetch ?? fetch;
  const log = options.log;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    engine: options.model,
    async transcribe(file, signal) {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file.path, { type: file.mimeType }), file.filename);
      form.append('model', options.model);
      form.append('response_format', 'json');
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal: combined,
        });
      } catch (error) {
        if (timeout.aborted) throw new AppError(504, 'The speech-to-text service took too long to answer.', 'upstream_timeout');
        if (signal?.aborted) throw error;
        throw new AppError(503, 'The speech-to-text service could not be reached.', 'upstream_unreachable');
      }
      if (!response.ok) {
        const status = response.status;
        // The service's own words go to the log only; the artist gets ours.
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        log?.warn({ status, model: options.model, detail }, 'the speech-to-text service answered with an error');
        if (status === 401 || status === 403) throw new TranscriptionRefusedError("The speech-to-text service turned down this site's access.", status);
        if (status === 400 || status === 404) throw new TranscriptionRefusedError(`The speech-to-text service refused the request (${status}).`, status);
        if (status === 429) {
          const seconds = retryAfterSeconds(response.headers);
          throw new TranscriptionRateLimitedError(seconds === undefined ? undefined : Number(seconds) * 1000);
        }
        if (status === 413) throw new AppError(413, 'The speech-to-text service refused the file as too large.', 'upstream_too_large');
        throw new AppError(status >= 500 ? 503 : 502, `The speech-to-text service answered ${status}.`, 'upstream_failed');
      }
      const json: any = await response.json().catch(() => undefined);
      if (typeof json?.text !== 'string') throw new AppError(502, 'The speech-to-text service sent a reply we could not read.', 'upstream_malformed');
      const text = json.text.trim();
      // No words (an instrumental, silence, or a service that heard nothing) is no transcription,
      // and asking again hears the same: the job fails at once and the artist types the lyrics.
      if (!text) throw new EmptyTranscriptionError();
      return text;
    },
  };
}
