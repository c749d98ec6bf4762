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
  const images = (timeoutMs = 5000) =>
    createOpenAiImages({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'image-test', timeoutMs, log: { warn: (d) => logged.push(d) } });
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
