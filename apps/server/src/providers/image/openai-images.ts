import { sharp } from './native';
import { AppError } from '../../errors';
import type { UpstreamLog } from '../text/upstream-log';
import { normaliseCover } from './normalise';
import type { CoverImageProvider } from './types';

export interface OpenAiImagesOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** The size asked of the model; the answer is normalised to 3000×3000 whatever it is. */
  size?: string;
  fetch?: typeof fetch;
  /** Gets the service's own error text, which never reaches the artist. */
  log?: UpstreamLog;
}

/** The OpenAI Images protocol (`/images/generations`, `/images/edits`, `b64_json` answers), which many image servers also speak. */
export function createOpenAiImages(options: OpenAiImagesOptions): CoverImageProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const size = options.size ?? '1024x1024';
  const headers = (): Record<string, string> => (options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {});

  async function call(path: string, body: string | FormData, extraHeaders: Record<string, string>, signal?: AbortSignal): Promise<Buffer> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { method: 'POST', headers: { ...headers(), ...extraHeaders }, body, signal: combined });
    } catch (error) {
      if (timeout.aborted) throw new AppError(504, 'The image service took too long to answer.', 'upstream_timeout');
      if (signal?.aborted) throw error;
      throw new AppError(503, 'The image service could not be reached.', 'upstream_unreachable');
    }
    if (!response.ok) {
      const status = response.status;
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      options.log?.warn({ status, model: options.model, detail }, 'the image service answered with an error');
      if (status === 401 || status === 403) throw new AppError(502, "The image service turned down this site's access.", 'upstream_auth');
      if (status === 429) throw new AppError(429, 'The image service is rate limiting requests. Please try again in a minute.', 'upstream_rate_limited');
      if (status === 400) throw new AppError(502, 'The image service refused this request (it may have judged the prompt against its rules).', 'upstream_refused');
      throw new AppError(status >= 500 ? 503 : 502, `The image service answered ${status}.`, 'upstream_failed');
    }
    let json: any;
    try {
      json = await response.json();
    } catch {
      if (timeout.aborted) throw new AppError(504, 'The image service took too long to answer.', 'upstream_timeout');
      throw new AppError(502, 'The image service sent a reply we could not read.', 'upstream_malformed');
    }
    const b64 = json?.data?.[0]?.b64_json;
    if (typeof b64 !== 'string' || !b64) throw new AppError(502, 'The image service sent no image.', 'upstream_malformed');
    const image = Buffer.from(b64, 'base64');
    try {
      await sharp(image).metadata();
    } catch {
      throw new AppError(502, 'The image service sent something that is not an image.', 'upstream_malformed');
    }
    return image;
  }

  return {
    kind: 'model',
    engine: options.model,
    async generate(request) {
      let image: Buffer;
      if (request.edit) {
        const form = new FormData();
        // The edit starts from the version the artist is looking at, sent at the model's size.
        const previous = await sharp(request.edit.previous).resize(1024, 1024).png().toBuffer();
        form.append('image', new Blob([new Uint8Array(previous)], { type: 'image/png' }), 'cover.png');
        form.append('prompt', request.prompt);
        form.append('model', options.model);
        form.append('n', '1');
        form.append('size', size);
        form.append('response_format', 'b64_json');
        image = await call('/images/edits', form, {}, request.signal);
      } else {
        const body = JSON.stringify({ model: options.model, prompt: request.prompt, n: 1, size, response_format: 'b64_json' });
        image = await call('/images/generations', body, { 'content-type': 'application/json' }, request.signal);
      }
      return { png: await normaliseCover(image), layout: null, engine: options.model };
    },
  };
}
