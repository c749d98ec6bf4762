import { sharp } from './native';
import { AppError } from '../../errors';
import type { UpstreamLog } from '../text/upstream-log';
import { retryAfterSeconds } from '../text/openai-compatible';
import { normaliseCover } from './normalise';
import type { CoverImageProvider } from './types';

/**
 * The families of the OpenAI description's image models, which take different parameters
 * (openai-openapi 2.3.0, CreateImageRequest / CreateImageEditRequest): GPT image models always
 * answer base64 and take `output_format` but no `response_format`; dall-e-2 and dall-e-3 take
 * `response_format: b64_json`; each has its own sizes and prompt maximum. Any other name is an
 * OpenAI-compatible server's model: asked as dall-e-2 is (b64_json, 1024x1024, 1,000 characters).
 */
export type ImageModelFamily = 'gpt-image' | 'dall-e-2' | 'dall-e-3' | 'other';

export function imageModelFamily(model: string): ImageModelFamily {
  if (/^(gpt-image|chatgpt-image)/.test(model)) return 'gpt-image';
  if (model === 'dall-e-2' || model === 'dall-e-3') return model;
  return 'other';
}

/** The longest prompt each family takes, in characters, as the description publishes it (unknown models: the smallest). */
export const IMAGE_PROMPT_MAX: Record<ImageModelFamily, number> = { 'gpt-image': 32_000, 'dall-e-2': 1_000, 'dall-e-3': 4_000, other: 1_000 };

/** The square size every family accepts; the answer is normalised to 3000×3000 whatever it is. */
const SQUARE = '1024x1024';
const SIZES: Record<ImageModelFamily, readonly string[] | null> = {
  'gpt-image': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  other: null,
};

/** The body fields that depend on the family: how the image comes back, and its size. */
function familyFields(family: ImageModelFamily, size: string, edit: boolean): Record<string, string> {
  const sizes = SIZES[family];
  const fitted = sizes && !sizes.includes(size) ? SQUARE : size;
  if (family === 'gpt-image') return { size: fitted, output_format: 'png' };
  // The edits endpoint takes response_format from dall-e-2 only; other servers follow dall-e-2.
  if (edit && family === 'dall-e-3') return { size: fitted };
  return { size: fitted, response_format: 'b64_json' };
}

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
  const size = options.size ?? SQUARE;
  const family = imageModelFamily(options.model);
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
      const text = await response.text().catch(() => '');
      const detail = text.slice(0, 500);
      let code: unknown;
      try {
        code = JSON.parse(text)?.error?.code;
      } catch {
        /* not JSON */
      }
      // Admins read the service's own words (the log, and the Services page's last error).
      options.log?.warn({ status, model: options.model, detail }, 'the image service answered with an error');
      if (status === 401 || status === 403) throw new AppError(502, "The image service turned down this site's access.", 'upstream_auth');
      if (status === 429) {
        const wait = retryAfterSeconds(response.headers);
        throw new AppError(429, 'The image service is rate limiting requests. Please try again in a minute.', 'upstream_rate_limited', undefined, wait ? { 'retry-after': wait } : undefined);
      }
      if (code === 'content_policy_violation') {
        throw new AppError(422, "The image service refused this prompt under its content rules. Try describing the cover differently.", 'upstream_prompt_refused');
      }
      if (status === 400) throw new AppError(502, 'The image service rejected the request. Please try again later; the site team has the details.', 'upstream_rejected');
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
    maxPromptChars: IMAGE_PROMPT_MAX[family],
    async generate(request) {
      let image: Buffer;
      // dall-e-3 has no edits endpoint: an edit is drawn afresh from the prompt, which carries the instruction.
      if (request.edit && family !== 'dall-e-3') {
        const form = new FormData();
        // The edit starts from the version the artist is looking at, sent at the model's size.
        const previous = await sharp(request.edit.previous).resize(1024, 1024).png().toBuffer();
        form.append('image', new Blob([new Uint8Array(previous)], { type: 'image/png' }), 'cover.png');
        // A multipart form sends each line break as CRLF (two characters against the model's
        // maximum): the edit's prompt goes as one line, so its length is the length we fitted.
        form.append('prompt', request.prompt.replace(/\r?\n+/g, ' '));
        form.append('model', options.model);
        form.append('n', '1');
        for (const [name, value] of Object.entries(familyFields(family, size, true))) form.append(name, value);
        image = await call('/images/edits', form, {}, request.signal);
      } else {
        const body = JSON.stringify({ model: options.model, prompt: request.prompt, n: 1, ...familyFields(family, size, false) });
        image = await call('/images/generations', body, { 'content-type': 'application/json' }, request.signal);
      }
      return { png: await normaliseCover(image), layout: null, engine: options.model };
    },
  };
}
