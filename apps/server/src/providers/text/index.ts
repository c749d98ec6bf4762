import type { ToolType } from '@members-only/shared';
import type { Env } from '../../env';
import { createBuiltInGuideProvider } from './built-in-guide';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { TextProvider } from './types';
import { createUpstreamLog, type UpstreamLog } from './upstream-log';

export type TextSettings = Pick<
  Env,
  'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_SECONDS' | 'AI_MODEL_CHAT' | 'AI_MODEL_LYRICS' | 'AI_MODEL_COVERART' | 'AI_MODEL_MARKETING' | 'AI_MODEL_REVIEW'
> &
  Partial<Pick<Env, 'LOG_LEVEL'>>;

/**
 * The one place that picks the text engine: a configured model, or the built-in guide. The
 * model's own error text goes to `log` (by default a JSON line on stdout at LOG_LEVEL).
 */
export function createTextProvider(settings: TextSettings, log: UpstreamLog = createUpstreamLog(settings.LOG_LEVEL, 'ai')): TextProvider {
  if (!settings.AI_BASE_URL || !settings.AI_MODEL) return createBuiltInGuideProvider();
  const taskModels: Partial<Record<ToolType, string>> = {
    chat: settings.AI_MODEL_CHAT,
    lyrics: settings.AI_MODEL_LYRICS,
    coverart: settings.AI_MODEL_COVERART,
    marketing: settings.AI_MODEL_MARKETING,
    review: settings.AI_MODEL_REVIEW,
  };
  return createOpenAiCompatibleProvider({
    baseUrl: settings.AI_BASE_URL,
    apiKey: settings.AI_API_KEY,
    model: settings.AI_MODEL,
    taskModels: Object.fromEntries(Object.entries(taskModels).filter(([, m]) => m)),
    timeoutMs: settings.AI_TIMEOUT_SECONDS * 1000,
    log,
  });
}

export type { TextProvider } from './types';
