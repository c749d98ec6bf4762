import type { Env } from '../../env';
import { createBuiltInMusic } from './built-in';
import { createReplicateMusic } from './replicate';
import type { MusicProvider } from './types';

export type MusicSettings = Pick<Env, 'MUSIC_API_BASE_URL' | 'MUSIC_API_KEY' | 'MUSIC_API_MODEL' | 'MUSIC_TIMEOUT_SECONDS'> &
  Partial<Pick<Env, 'MUSIC_MAX_MB' | 'MUSIC_OUTPUT_HOSTS' | 'MUSIC_OUTPUT_ALLOW_PRIVATE'>>;

/** The one place that picks the music engine: a hosted text-to-music API when configured, else the built-in engine. */
export function createMusicProvider(settings: MusicSettings): MusicProvider {
  if (!settings.MUSIC_API_BASE_URL) return createBuiltInMusic();
  return createReplicateMusic({
    baseUrl: settings.MUSIC_API_BASE_URL,
    apiKey: settings.MUSIC_API_KEY,
    model: settings.MUSIC_API_MODEL,
    timeoutMs: settings.MUSIC_TIMEOUT_SECONDS * 1000,
    maxBytes: (settings.MUSIC_MAX_MB ?? 50) * 1024 * 1024,
    deliveryHosts: settings.MUSIC_OUTPUT_HOSTS,
    allowPrivateOutput: settings.MUSIC_OUTPUT_ALLOW_PRIVATE,
  });
}
export type { MusicProvider, MusicRequest, MusicResult } from './types';
export { MusicServiceError } from './types';
export { createBuiltInMusic } from './built-in';
