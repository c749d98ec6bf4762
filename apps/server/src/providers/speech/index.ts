import type { Env } from '../../env';
import { createOpenAiTranscriber } from './openai-transcriptions';
import { createUpstreamLog, type UpstreamLog } from '../text/upstream-log';
import type { SpeechToText } from './types';

export type SpeechSettings = Pick<Env, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL' | 'STT_TIMEOUT_SECONDS'> & Partial<Pick<Env, 'LOG_LEVEL'>>;

/** The one place that picks speech-to-text: a configured service, or none. */
export function createSpeechToText(
  settings: SpeechSettings,
  log: UpstreamLog = createUpstreamLog(settings.LOG_LEVEL, 'speech-to-text'),
): SpeechToText | undefined {
  if (!settings.STT_BASE_URL) return undefined;
  return createOpenAiTranscriber({
    baseUrl: settings.STT_BASE_URL,
    apiKey: settings.STT_API_KEY,
    model: settings.STT_MODEL,
    timeoutMs: settings.STT_TIMEOUT_SECONDS * 1000,
    log,
  });
}
export type { SpeechToText } from './types';
