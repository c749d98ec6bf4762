import type { Env } from '../../env';
import { createUpstreamLog, type UpstreamLog } from '../text/upstream-log';
import { createBuiltInCoverRenderer } from './built-in-renderer';
import { createOpenAiImages } from './openai-images';
import type { CoverImageProvider } from './types';

export type ImageSettings = Pick<Env, 'IMAGE_BASE_URL' | 'IMAGE_API_KEY' | 'IMAGE_MODEL' | 'IMAGE_TIMEOUT_SECONDS'> & Partial<Pick<Env, 'LOG_LEVEL'>>;

/** The one place that picks who draws covers: a configured image model, or the built-in renderer. */
export function createCoverImageProvider(settings: ImageSettings, log: UpstreamLog = createUpstreamLog(settings.LOG_LEVEL, 'image')): CoverImageProvider {
  if (!settings.IMAGE_BASE_URL || !settings.IMAGE_MODEL) return createBuiltInCoverRenderer();
  return createOpenAiImages({
    baseUrl: settings.IMAGE_BASE_URL,
    apiKey: settings.IMAGE_API_KEY,
    model: settings.IMAGE_MODEL,
    timeoutMs: settings.IMAGE_TIMEOUT_SECONDS * 1000,
    log,
  });
}
export type { CoverImageProvider, CoverImage, CoverImageRequest } from './types';
