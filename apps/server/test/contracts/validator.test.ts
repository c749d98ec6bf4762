import { afterEach, describe, expect, it } from 'vitest';
import openAi from './openai.json';
import replicate from './replicate.json';
import { checkOpenAi, checkReplicate, takeViolations } from './validator';

const json = 'application/json';
const chat = (body: unknown) => checkOpenAi({ method: 'POST', path: '/chat/completions', contentType: json, body });
const image = (body: unknown) => checkOpenAi({ method: 'POST', path: '/images/generations', contentType: json, body });
const create = (body: unknown, headers: Record<string, string> = { authorization: 'Bearer r8_x' }) =>
  checkReplicate({ method: 'POST', path: '/models/meta/musicgen/predictions', contentType: json, body, headers });

describe('the contract check against the published descriptions', () => {
  // These requests break the contract on purpose: what they record is checked here, then dropped.
  afterEach(() => void takeViolations());

  it('names the description versions it checks against', () => {
    expect(openAi['x-source']).toMatchObject({ repository: 'openai/openai-openapi', commit: 'f85dbe223d40e1a31cba812ab2d755c7e98a92a3', version: '2.3.0' });
    expect(replicate['x-source']).toMatchObject({ commit: '043b4f90d005a37cc1424409b209e6ab9bebd3a7', version: '1.0.0-a1' });
  });

  it('passes the requests the app sends', () => {
    expect(chat({ model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'hi' }], stream: true, max_completion_tokens: 100, temperature: 0.7 })).toEqual([]);
    expect(image({ model: 'gpt-image-1', prompt: 'p', n: 1, size: '1024x1024', output_format: 'png' })).toEqual([]);
    expect(image({ model: 'dall-e-3', prompt: 'p', n: 1, size: '1024x1024', response_format: 'b64_json' })).toEqual([]);
    expect(create({ input: { prompt: 'p', seed: 1 } }, { authorization: 'Bearer r8_x', prefer: 'wait', 'cancel-after': '300s' })).toEqual([]);
    expect(takeViolations()).toEqual([]);
  });

  it('finds a missing required field, a wrong type, an enum outside its values and an unknown field', () => {
    expect(chat({ messages: [{ role: 'user', content: 'hi' }] })).toContain("body must have required property 'model'");
    expect(chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: 'yes' })).toContain('body/stream must be boolean,null');
    expect(image({ model: 'dall-e-2', prompt: 'p', response_format: 'base64' })).toContain('body/response_format must be equal to one of the allowed values');
    expect(image({ model: 'dall-e-2', prompt: 'p', colour: 'red' })).toContain('unrecognized request argument: colour');
    expect(takeViolations()).toHaveLength(4);
  });

  it('finds a content type the operation does not take', () => {
    expect(checkOpenAi({ method: 'POST', path: '/audio/transcriptions', contentType: json, body: { model: 'whisper-1' } })).toEqual([
      'content type "application/json" is not one of multipart/form-data',
    ]);
    expect(checkOpenAi({ method: 'POST', path: '/audio/transcriptions', contentType: 'multipart/form-data; boundary=x', body: { model: 'whisper-1' } })).toContain(
      "body must have required property 'file'",
    );
  });

  it('applies the per-model rules the description states in prose', () => {
    expect(image({ model: 'gpt-image-1', prompt: 'p', response_format: 'b64_json' })).toEqual(['response_format is not supported for gpt-image-1']);
    expect(image({ model: 'dall-e-3', prompt: 'p', output_format: 'png' })).toEqual(['output_format is only supported for the GPT image models, not dall-e-3']);
    expect(image({ model: 'dall-e-3', prompt: 'p'.repeat(4001) })).toEqual(['prompt is 4001 characters; dall-e-3 takes at most 4000']);
    expect(image({ model: 'dall-e-2', prompt: 'p', size: '1792x1024' })).toEqual(['size 1792x1024 is not one dall-e-2 accepts (256x256, 512x512, 1024x1024)']);
  });

  it('checks Replicate’s body and headers', () => {
    expect(create({ input: {}, seed: 1 })).toContain('body must NOT have additional properties');
    expect(create({})).toContain("body must have required property 'input'");
    expect(create({ input: {} }, { authorization: 'Bearer r8_x', prefer: 'wait=120' })).toEqual(['Prefer "wait=120" does not match ^wait(=([1-9]|[1-9][0-9]|60))?$']);
    expect(create({ input: {} }, { authorization: 'Bearer r8_x', 'cancel-after': 'soon' })).toEqual(['Cancel-After "soon" is not a duration such as 90s or 5m']);
    expect(create({ input: {} }, {})).toEqual(['Authorization must be "Bearer <token>"']);
    expect(checkReplicate({ method: 'DELETE', path: '/predictions/p1', contentType: undefined, body: undefined, headers: { authorization: 'Bearer r8' } })).toEqual([
      'DELETE /predictions/p1 is not an operation of the description',
    ]);
  });
});
