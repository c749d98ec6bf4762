import type { Env } from '../../env';
import { createOpenAiTranscriber } from './openai-transcriptions';
import type { SpeechToText } from './types';

export type SpeechSettings = Pick<Env, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL' | 'STT_TIMEOUT_SECONDS'>;

/** The one place that picks speech-to-text: a configured service, or none. */
export function createSpeechToText(settings: SpeechSettings): SpeechToText | undefined {
  if (!settings.STT_BASE_URL) return undefined;
  return createOpenAiTranscriber({
    baseUrl: settings.STT_BASE_URL,
    apiKey: settings.STT_API_KEY,
    model: settings.STT_MODEL,
    timeoutMs: settings.STT_TIMEOUT_SECONDS * 1000,
  });
}
export type { SpeechToText } from './types';
