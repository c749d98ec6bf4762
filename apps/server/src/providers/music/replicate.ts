import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { MusicServiceError, type MusicProvider } from './types';

/**
 * Replicate's HTTP predictions API (https://replicate.com/docs/reference/http), a queue-based
 * model host, with a text-to-music model such as meta/musicgen:
 *
 * - `POST {base}/models/{owner}/{name}/predictions` (or `POST {base}/predictions` with `version`
 *   when the model is given as `owner/name:version`), `Authorization: Bearer <token>`,
 *   `Prefer: wait` to hold the request open while the model runs, body `{ input: {...} }`.
 * - The answer is a prediction `{ id, status, output, error, urls: { get } }`; while its status is
 *   `starting` or `processing`, `GET urls.get` until `succeeded`, `failed` or `canceled`.
 * - `output` is the URL of the audio (or a list of URLs); we fetch it once and keep it in our own
 *   storage, so the artist's URL stays ours and private.
 *
 * Errors map to the spec's §8 messages: 401/403 (bad token), 429 (rate limit), 5xx (unavailable),
 * no token configured (missing key), a finished prediction without audio (no audio URL).
 */
export function createReplicateMusic(settings: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number; pollMs?: number }): MusicProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const [modelName, version] = settings.model.split(':');
  const pollMs = settings.pollMs ?? 1000;
  const engine = `${modelName} (Replicate)`;

  function statusError(status: number): MusicServiceError {
    if (status === 401 || status === 403) return new MusicServiceError(502, STUDIO_MESSAGES.authFailed, 'music_auth_failed');
    if (status === 429) return new MusicServiceError(429, STUDIO_MESSAGES.rateLimited, 'music_rate_limited');
    if (status >= 500) return new MusicServiceError(503, STUDIO_MESSAGES.unavailable, 'music_unavailable');
    return new MusicServiceError(502, STUDIO_MESSAGES.serverError, 'music_failed');
  }

  async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch {
      if (signal.aborted) throw new MusicServiceError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
      throw new MusicServiceError(503, STUDIO_MESSAGES.unavailable, 'music_unavailable');
    }
    if (!response.ok) throw statusError(response.status);
    return response;
  }

  interface Prediction { id?: string; status?: string; output?: unknown; error?: unknown; urls?: { get?: string } }

  return {
    engine,
    hosted: true,
    async generate({ prompt, style, seed, signal, progress }) {
      if (!settings.apiKey) throw new MusicServiceError(503, STUDIO_MESSAGES.keyMissing, 'music_key_missing');
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const headers = { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json', prefer: 'wait' };
      const input = { prompt: `${style} beat, instrumental. ${prompt}`, duration: 30, seed: seed % 2_147_483_647, output_format: 'mp3' };
      const url = version ? `${base}/predictions` : `${base}/models/${modelName}/predictions`;
      const body = JSON.stringify(version ? { version, input } : { input });
      let prediction = (await (await call(url, { method: 'POST', headers, body }, both)).json().catch(() => ({}))) as Prediction;
      progress?.(0.2);
      while (prediction.status === 'starting' || prediction.status === 'processing') {
        if (!prediction.urls?.get) break;
        await new Promise((r) => setTimeout(r, pollMs));
        prediction = (await (await call(prediction.urls.get, { headers: { authorization: headers.authorization } }, both)).json().catch(() => ({}))) as Prediction;
        progress?.(0.5);
      }
      if (prediction.status === 'failed' || prediction.status === 'canceled') throw new MusicServiceError(502, STUDIO_MESSAGES.serverError, 'music_failed');
      const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
      if (typeof output !== 'string' || !/^https?:\/\//.test(output)) throw new MusicServiceError(502, STUDIO_MESSAGES.noAudio, 'music_no_audio');
      const audio = await call(output, {}, both);
      const mp3 = Buffer.from(await audio.arrayBuffer());
      if (mp3.length === 0) throw new MusicServiceError(502, STUDIO_MESSAGES.noAudio, 'music_no_audio');
      progress?.(0.95);
      return { mp3, engine, bpm: null, key: null, durationSec: null, seed, details: { prediction: prediction.id ?? null } };
    },
  };
}
