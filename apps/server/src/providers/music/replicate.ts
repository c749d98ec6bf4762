import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { openAudioStream } from '../../audio/decode';
import { retryAfterSeconds } from '../text/openai-compatible';
import { downloadOutput, transcodeToMp3 } from './output';
import { MusicServiceError, type MusicProvider } from './types';

/**
 * Replicate's HTTP predictions API (https://replicate.com/docs/reference/http), a queue-based
 * model host, with a text-to-music model such as meta/musicgen:
 *
 * - `POST {base}/models/{owner}/{name}/predictions` (or `POST {base}/predictions` with `version`
 *   when the model is given as `owner/name:version`), `Authorization: Bearer <token>`,
 *   `Prefer: wait` to hold the request open while the model runs, body `{ input: {...} }`.
 * - `Cancel-After: <timeout>s` on create: Replicate itself stops a prediction we no longer wait for.
 * - The answer is a prediction `{ id, status, output, error, urls: { get, cancel } }`; while its
 *   status is `starting` or `processing`, `GET urls.get` until `succeeded`, `failed`, `canceled` or
 *   `aborted` (a deadline reached before it started). When we time out or the job's client gives
 *   up, the prediction is cancelled (`POST urls.cancel`).
 * - `output` is the URL of the audio (or a list of URLs): https on the service's delivery hosts
 *   (or the base URL's host), never a private address; we fetch at most `maxBytes` of it, check it
 *   is audio (content type and magic bytes), decode it end to end (its length is the beat's), and
 *   keep it in our own storage (as MP3), so the artist's URL stays ours and private.
 *
 * Errors map to the spec's §8 messages: 401/403 (bad token), 429 (rate limit), 5xx (unavailable),
 * no token configured (missing key), a finished prediction without audio (no audio URL).
 */
export interface ReplicateSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  pollMs?: number;
  /** Hosts the output may come from besides the base URL's (default: Replicate's delivery hosts). */
  deliveryHosts?: string[];
  /** The largest output we fetch (MUSIC_MAX_MB). */
  maxBytes?: number;
  /** Tests only: http and private addresses for the output (the fake's own loopback URL). */
  allowPrivateOutput?: boolean;
  /** Decodes the fetched audio from end to end and answers its length (default: the analyser's ffmpeg decoder). */
  decode?: (file: string, signal: AbortSignal) => Promise<{ durationSec: number }>;
}

/** Replicate's own delivery hosts, as its API description names them. */
export const REPLICATE_DELIVERY_HOSTS = ['replicate.delivery', '*.replicate.delivery'];

/**
 * Decodes the whole file through the same ffmpeg decoder the track analyser reads with (mono, at a
 * low rate: only that it decodes, and how long it is, matter here). A file that does not decode,
 * or holds no sound at all, is refused.
 */
async function decodeWhole(file: string, signal: AbortSignal): Promise<{ durationSec: number }> {
  const rate = 8000;
  const stream = await openAudioStream(file, { maxChannels: 1, sampleRate: rate, maxDurationSec: 900, timeoutMs: 60_000 });
  const frames = await stream.read(() => {}, signal);
  if (frames === 0) throw new Error('no audio frames');
  return { durationSec: frames / rate };
}

export function createReplicateMusic(settings: ReplicateSettings): MusicProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const [modelName, version] = settings.model.split(':');
  const pollMs = settings.pollMs ?? 1000;
  const engine = `${modelName} (Replicate)`;
  const outputHosts = [new URL(base).hostname, ...(settings.deliveryHosts ?? REPLICATE_DELIVERY_HOSTS)];
  const maxBytes = settings.maxBytes ?? 50 * 1024 * 1024;
  const decode = settings.decode ?? decodeWhole;

  function statusError(response: Response): MusicServiceError {
    const status = response.status;
    if (status === 401 || status === 403) return new MusicServiceError(502, STUDIO_MESSAGES.authFailed, 'music_auth_failed');
    if (status === 429) return new MusicServiceError(429, STUDIO_MESSAGES.rateLimited, 'music_rate_limited', retryAfterSeconds(response.headers));
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
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw statusError(response);
    }
    return response;
  }

  interface Prediction { id?: string; status?: string; output?: unknown; error?: unknown; urls?: { get?: string; cancel?: string } }

  /** Stops a prediction we no longer wait for; best effort, on its own short clock. */
  async function cancel(prediction: Prediction, authorization: string) {
    const url = prediction.urls?.cancel ?? (prediction.id ? `${base}/predictions/${encodeURIComponent(prediction.id)}/cancel` : undefined);
    if (!url) return;
    await fetch(url, { method: 'POST', headers: { authorization }, signal: AbortSignal.timeout(5000) })
      .then((r) => r.body?.cancel())
      .catch(() => {});
  }

  return {
    engine,
    hosted: true,
    async generate({ prompt, style, seed, signal, progress }) {
      if (!settings.apiKey) throw new MusicServiceError(503, STUDIO_MESSAGES.keyMissing, 'music_key_missing');
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const authorization = `Bearer ${settings.apiKey}`;
      const headers = { authorization, 'content-type': 'application/json', prefer: 'wait', 'cancel-after': `${Math.ceil(settings.timeoutMs / 1000)}s` };
      const input = { prompt: `${style} beat, instrumental. ${prompt}`, duration: 30, seed: seed % 2_147_483_647, output_format: 'mp3' };
      const url = version ? `${base}/predictions` : `${base}/models/${modelName}/predictions`;
      const body = JSON.stringify(version ? { version, input } : { input });
      let prediction: Prediction = {};
      const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mo-replicate-'));
      try {
        prediction = (await (await call(url, { method: 'POST', headers, body }, both)).json().catch(() => ({}))) as Prediction;
        progress?.(0.2);
        while (prediction.status === 'starting' || prediction.status === 'processing') {
          if (!prediction.urls?.get) break;
          await new Promise((r) => setTimeout(r, pollMs));
          if (both.aborted) throw new MusicServiceError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
          const next = (await (await call(prediction.urls.get, { headers: { authorization } }, both)).json().catch(() => ({}))) as Prediction;
          prediction = { ...next, id: next.id ?? prediction.id, urls: next.urls ?? prediction.urls };
          progress?.(0.5);
        }
        if (prediction.status === 'aborted') throw new MusicServiceError(502, STUDIO_MESSAGES.stopped, 'music_stopped');
        if (prediction.status === 'failed' || prediction.status === 'canceled') throw new MusicServiceError(502, STUDIO_MESSAGES.serverError, 'music_failed');
        const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
        if (typeof output !== 'string' || !/^https?:\/\//.test(output)) throw new MusicServiceError(502, STUDIO_MESSAGES.noAudio, 'music_no_audio');
        const fetched = path.join(workDir, 'output');
        const kind = await downloadOutput(output, fetched, { hosts: outputHosts, maxBytes, allowPrivate: settings.allowPrivateOutput }, both);
        progress?.(0.8);
        let decoded: { durationSec: number };
        try {
          decoded = await decode(fetched, both);
        } catch {
          if (both.aborted) throw new MusicServiceError(504, STUDIO_MESSAGES.unavailable, 'music_timeout');
          throw new MusicServiceError(502, STUDIO_MESSAGES.badAudio, 'music_bad_output');
        }
        let mp3File = fetched;
        if (kind !== 'mp3') {
          mp3File = path.join(workDir, 'output.mp3');
          await transcodeToMp3(fetched, mp3File, both);
        }
        const mp3 = await fs.readFile(mp3File);
        progress?.(0.95);
        return {
          mp3,
          engine,
          bpm: null,
          key: null,
          durationSec: Math.round(decoded.durationSec * 10) / 10,
          seed,
          details: { prediction: prediction.id ?? null },
        };
      } catch (error) {
        // We stop waiting (our timeout, or the job's client gave up): so does Replicate.
        if (both.aborted && prediction.id && (prediction.status === 'starting' || prediction.status === 'processing' || prediction.status === undefined)) {
          await cancel(prediction, authorization);
        }
        throw error;
      } finally {
        await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
      }
    },
  };
}
