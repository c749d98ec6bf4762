import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createOpenAiImages } from './openai-images';
import { startFakeImages } from '../../../test/fake-images';
import { AppError } from '../../errors';
import type { CoverDesign } from '@members-only/engines/cover';

const design: CoverDesign = { title: 'Neon Chrome', style: 'dark-moody', mood: 'dark', motifs: [], energy: 0.5, advisory: true, seed: 7 };

describe('OpenAI Images provider', () => {
  let fake: Awaited<ReturnType<typeof startFakeImages>>;
  let logged: Array<Record<string, unknown>> = [];
  const images = (timeoutMs = 5000, model = 'image-test') =>
    createOpenAiImages({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model, timeoutMs, log: { warn: (d) => logged.push(d) } });
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);

  beforeAll(async () => {
    fake = await startFakeImages();
  });
  afterEach(() => {
    logged = [];
    fake.requests.length = 0;
  });
  afterAll(async () => fake.close());

  it('asks /images/generations for a b64_json picture with the prompt, and normalises it to a 3000×3000 sRGB PNG', async () => {
    fake.enqueue({ width: 1024, height: 1536 });
    const result = await images().generate({ prompt: 'Create a cover for "Neon Chrome"', design });
    expect(fake.requests[0]).toMatchObject({
      path: '/images/generations',
      authorization: 'Bearer sk-test',
      json: { model: 'image-test', prompt: 'Create a cover for "Neon Chrome"', response_format: 'b64_json' },
    });
    const meta = await sharp(result.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 3000, height: 3000, space: 'srgb' });
    expect(result).toMatchObject({ engine: 'image-test', layout: null });
  });

  it('sends an edit to /images/edits with the earlier picture and the instruction', async () => {
    const previous = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#123456' } }).png().toBuffer();
    await images().generate({ prompt: 'Make it gold', design, edit: { instruction: 'Make it gold', previous } });
    expect(fake.requests[0]).toMatchObject({ path: '/images/edits', fields: { model: 'image-test', prompt: 'Make it gold', hasImage: true } });
  });

  it.each([
    [401, 502, "The image service turned down this site's access."],
    [403, 502, "The image service turned down this site's access."],
    [429, 429, 'The image service is rate limiting requests. Please try again in a minute.'],
    [500, 503, 'The image service answered 500.'],
    [503, 503, 'The image service answered 503.'],
  ])('answers an upstream %i as %i in our own words, and logs the service’s', async (upstream, status, message) => {
    fake.enqueue({ status: upstream });
    const error = (await failure(images().generate({ prompt: 'x', design }))) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('upstream');
    expect(logged).toEqual([expect.objectContaining({ status: upstream, detail: expect.stringContaining('fake failure') })]);
  });

  describe('parameters follow the model family, as the published description gives them', () => {
    const previous = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();

    it('GPT image models: output_format png, no response_format (they always answer base64), new covers and edits', async () => {
      for (const model of ['gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5']) {
        await images(5000, model).generate({ prompt: 'x', design });
        await images(5000, model).generate({ prompt: 'x', design, edit: { instruction: 'x', previous: await previous() } });
      }
      expect(fake.requests.map((r) => r.problems)).toEqual(Array(6).fill([]));
      expect(fake.requests[0]!.json).toEqual({ model: 'gpt-image-1', prompt: 'x', n: 1, size: '1024x1024', output_format: 'png' });
      expect(fake.requests[1]!.fields).toMatchObject({ model: 'gpt-image-1', size: '1024x1024', output_format: 'png', response_format: undefined });
    });

    it('dall-e-2 and dall-e-3: response_format b64_json where allowed; dall-e-3 has no edits, so an edit is drawn afresh', async () => {
      await images(5000, 'dall-e-2').generate({ prompt: 'x', design });
      await images(5000, 'dall-e-2').generate({ prompt: 'x', design, edit: { instruction: 'x', previous: await previous() } });
      await images(5000, 'dall-e-3').generate({ prompt: 'x', design });
      await images(5000, 'dall-e-3').generate({ prompt: 'x', design, edit: { instruction: 'x', previous: await previous() } });
      expect(fake.requests.map((r) => [r.path, r.json?.response_format ?? r.fields?.response_format, r.json?.size ?? r.fields?.size])).toEqual([
        ['/images/generations', 'b64_json', '1024x1024'],
        ['/images/edits', 'b64_json', '1024x1024'],
        ['/images/generations', 'b64_json', '1024x1024'],
        ['/images/generations', 'b64_json', '1024x1024'],
      ]);
    });

    it('a size the model does not take falls back to the square every family takes', async () => {
      await createOpenAiImages({ baseUrl: fake.baseUrl, model: 'dall-e-3', timeoutMs: 5000, size: '512x512' }).generate({ prompt: 'x', design });
      expect(fake.requests[0]!.json?.size).toBe('1024x1024');
    });

    it('publishes each family’s prompt maximum (unknown models: 1,000)', () => {
      expect(['dall-e-2', 'dall-e-3', 'gpt-image-1', 'my-local-model'].map((m) => images(5000, m).maxPromptChars)).toEqual([1000, 4000, 32000, 1000]);
    });

    it('the fake answers a request outside the description with 400, as the service does (the contract check sees it too)', async () => {
      const { checkOpenAi, takeViolations } = await import('../../../test/contracts/validator');
      expect(checkOpenAi({ method: 'POST', path: '/images/generations', contentType: 'application/json', body: { model: 'gpt-image-1', prompt: 'x', response_format: 'b64_json' } })).toEqual([
        'response_format is not supported for gpt-image-1',
      ]);
      expect(checkOpenAi({ method: 'POST', path: '/images/generations', contentType: 'application/json', body: { model: 'dall-e-2', prompt: 'p'.repeat(1001) } })).toEqual([
        'prompt is 1001 characters; dall-e-2 takes at most 1000',
      ]);
      expect(takeViolations()).toHaveLength(2);
    });
  });

  it('a 400 about a parameter says the image service rejected the request; only content_policy_violation says the prompt was refused', async () => {
    fake.enqueue(
      { status: 400, body: JSON.stringify({ error: { message: "Invalid value: 'b64_json'. Supported values are: 'png'.", type: 'invalid_request_error', param: 'response_format', code: 'invalid_value' } }) },
      { status: 400, body: JSON.stringify({ error: { message: 'Your request was rejected as a result of our safety system.', type: 'invalid_request_error', param: null, code: 'content_policy_violation' } }) },
    );
    const rejected = (await failure(images().generate({ prompt: 'x', design }))) as AppError;
    expect([rejected.statusCode, rejected.code, rejected.message]).toEqual([502, 'upstream_rejected', 'The image service rejected the request. Please try again later; the site team has the details.']);
    expect(logged[0]).toMatchObject({ status: 400, detail: expect.stringContaining("Invalid value: 'b64_json'") });
    const refused = (await failure(images().generate({ prompt: 'x', design }))) as AppError;
    expect([refused.statusCode, refused.code]).toEqual([422, 'upstream_prompt_refused']);
    expect(refused.message).toMatch(/refused this prompt/);
  });

  it("passes a 429's Retry-After on", async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '42' } });
    const error = (await failure(images().generate({ prompt: 'x', design }))) as AppError;
    expect([error.statusCode, error.headers]).toEqual([429, { 'retry-after': '42' }]);
  });

  it('gives up after its time limit with a 504', async () => {
    fake.enqueue({ delayMs: 3000 });
    const error = (await failure(images(300).generate({ prompt: 'x', design }))) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.statusCode).toBe(504);
    expect(error.message).toBe('The image service took too long to answer.');
  });

  it('refuses a reply without an image, or with bytes that are not one', async () => {
    fake.enqueue({ body: JSON.stringify({ data: [{ url: 'https://example.com/x.png' }] }) }, { body: JSON.stringify({ data: [{ b64_json: Buffer.from('not an image').toString('base64') }] }) });
    expect(((await failure(images().generate({ prompt: 'x', design }))) as AppError).message).toBe('The image service sent no image.');
    expect(((await failure(images().generate({ prompt: 'x', design }))) as AppError).message).toBe('The image service sent something that is not an image.');
  });
});
