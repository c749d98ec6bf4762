import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import openAiDescription from './openai.json';
import replicateDescription from './replicate.json';
import { recordViolation } from './violations';

/**
 * Checks the requests the local fakes receive against the services' published API descriptions
 * (trimmed extracts in this folder, their sources recorded inside each file and in ADR 033): the
 * request body's schema (types, required fields, enums), its content type, the fields the
 * description does not know, and the per-model rules the OpenAI description states in prose
 * (prompt lengths, sizes, which model takes `response_format` or `output_format`).
 *
 * Every violation is also recorded (violations.ts); `test/contracts/setup.ts` fails the running test on any.
 */

export { takeViolations, type ContractViolation } from './violations';

type Json = Record<string, any>;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// A multipart file part: the fake hands it over as a placeholder string.
ajv.addFormat('binary', true);
/** OpenAPI 3.0 `nullable` as JSON Schema 2020: `type: X, nullable: true` becomes `type: [X, 'null']`, `enum` gains null. */
function widenNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(widenNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = widenNullable(value);
  if (out.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }];
  }
  delete out.nullable;
  return out;
}

ajv.addSchema(widenNullable({ $id: 'openai', components: openAiDescription.components }) as Json);
ajv.addSchema({ $id: 'replicate', components: replicateDescription.components });

interface Operation {
  operationId: string;
  content: Record<string, { validate: ValidateFunction; known: Set<string> | null }>;
}

/** The property names a schema allows at its top level (through $ref and allOf), or null when any goes. */
function knownProperties(docId: 'openai' | 'replicate', schema: Json, doc: Json): Set<string> | null {
  if (schema.$ref) return knownProperties(docId, resolve(doc, schema.$ref), doc);
  const names = new Set<string>(Object.keys(schema.properties ?? {}));
  for (const part of schema.allOf ?? []) {
    const inner = knownProperties(docId, part, doc);
    if (!inner) return null;
    for (const n of inner) names.add(n);
  }
  if (schema.anyOf || schema.oneOf) return null;
  return names.size ? names : null;
}

function resolve(doc: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Json, part) => node[part], doc);
}

function operations(docId: 'openai' | 'replicate', doc: Json): Map<string, Operation> {
  const map = new Map<string, Operation>();
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(methods)) {
      const content: Operation['content'] = {};
      for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
        const ref = media.schema.$ref as string;
        content[type] = { validate: ajv.compile({ $ref: `${docId}${ref}` }), known: knownProperties(docId, media.schema, doc) };
      }
      map.set(`${method.toUpperCase()} ${path}`, { operationId: op.operationId, content });
    }
  }
  return map;
}

const OPENAI = operations('openai', openAiDescription as Json);
const REPLICATE = operations('replicate', replicateDescription as Json);

/** Which model family an image model name belongs to, as the OpenAI description groups them. */
function imageFamily(model: unknown): 'dall-e-2' | 'dall-e-3' | 'gpt-image' | 'other' {
  if (model === undefined || model === null || model === 'dall-e-2') return 'dall-e-2';
  if (model === 'dall-e-3') return 'dall-e-3';
  if (typeof model === 'string' && /^(gpt-image|chatgpt-image)/.test(model)) return 'gpt-image';
  return 'other';
}

const PROMPT_MAX = { 'dall-e-2': 1000, 'dall-e-3': 4000, 'gpt-image': 32000 } as const;
const SIZES = {
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'gpt-image': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
} as const;

/** The rules `x-model-rules` quotes from the description's prose, for the models it names. */
function imageModelProblems(operationId: string, body: Json): string[] {
  const family = imageFamily(body.model);
  if (family === 'other') return [];
  const problems: string[] = [];
  const edit = operationId === 'createImageEdit';
  if (edit && family === 'dall-e-3') problems.push('dall-e-3 does not take image edits');
  const max = PROMPT_MAX[family];
  if (typeof body.prompt === 'string' && body.prompt.length > max) problems.push(`prompt is ${body.prompt.length} characters; ${body.model ?? 'dall-e-2'} takes at most ${max}`);
  if (body.size !== undefined && body.size !== null && !(SIZES[family] as readonly string[]).includes(body.size)) {
    problems.push(`size ${body.size} is not one ${body.model ?? 'dall-e-2'} accepts (${SIZES[family].join(', ')})`);
  }
  const takesResponseFormat = edit ? family === 'dall-e-2' : family !== 'gpt-image';
  if (body.response_format != null && !takesResponseFormat) problems.push(`response_format is not supported for ${body.model}`);
  if (body.output_format != null && family !== 'gpt-image') problems.push(`output_format is only supported for the GPT image models, not ${body.model ?? 'dall-e-2'}`);
  return problems;
}

export interface ContractRequest {
  method: string;
  /** The path after the API's base (`/v1` dropped), query string dropped. */
  path: string;
  contentType: string | undefined;
  /** JSON: the parsed body; multipart: the fields, files as `<file>`. */
  body: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

function check(service: 'openai' | 'replicate', table: Map<string, Operation>, request: ContractRequest): string[] {
  const path = request.path.split('?')[0]!;
  let key = `${request.method.toUpperCase()} ${path}`;
  if (!table.has(key)) {
    // A templated path: /predictions/{prediction_id}, /models/{model_owner}/{model_name}/predictions.
    for (const candidate of table.keys()) {
      const pattern = new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (pattern.test(key)) key = candidate;
    }
  }
  const op = table.get(key);
  if (!op) return [`${key} is not an operation of the description`];
  const problems: string[] = [];
  const declared = Object.keys(op.content);
  if (declared.length) {
    const type = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const media = op.content[type];
    if (!media) problems.push(`content type "${type}" is not one of ${declared.join(', ')}`);
    else {
      if (!media.validate(request.body)) {
        for (const e of media.validate.errors ?? []) problems.push(`body${e.instancePath} ${e.message ?? 'is invalid'}`);
      }
      if (media.known && request.body && typeof request.body === 'object') {
        for (const name of Object.keys(request.body)) if (!media.known.has(name)) problems.push(`unrecognized request argument: ${name}`);
      }
      if (service === 'openai' && (op.operationId === 'createImage' || op.operationId === 'createImageEdit')) {
        problems.push(...imageModelProblems(op.operationId, request.body as Json));
      }
    }
  } else if (request.body !== undefined && request.body !== null && request.body !== '') {
    problems.push('this operation takes no request body');
  }
  if (service === 'replicate') problems.push(...replicateHeaderProblems(op.operationId, request.headers ?? {}));
  if (problems.length) recordViolation({ service, operation: op.operationId, problems });
  return problems;
}

const PREFER = new RegExp(replicateDescription.components.parameters.parameters_prefer_header.schema.pattern);
const CANCEL_AFTER = new RegExp(replicateDescription.components.parameters.cancel_after_header.schema.pattern);

function replicateHeaderProblems(operationId: string, headers: Record<string, string | string[] | undefined>): string[] {
  const problems: string[] = [];
  const auth = headers.authorization;
  if (typeof auth !== 'string' || !/^Bearer \S+$/.test(auth)) problems.push('Authorization must be "Bearer <token>"');
  if (operationId.endsWith('predictions.create')) {
    const prefer = headers.prefer;
    if (prefer !== undefined && !(typeof prefer === 'string' && PREFER.test(prefer))) problems.push(`Prefer "${String(prefer)}" does not match ${PREFER.source}`);
    const cancelAfter = headers['cancel-after'];
    if (cancelAfter !== undefined && !(typeof cancelAfter === 'string' && cancelAfter.length >= 2 && CANCEL_AFTER.test(cancelAfter))) {
      problems.push(`Cancel-After "${String(cancelAfter)}" is not a duration such as 90s or 5m`);
    }
  }
  return problems;
}

/** Checks one request to an OpenAI-protocol fake; answers the problems (none: conforming). */
export const checkOpenAi = (request: ContractRequest) => check('openai', OPENAI, request);
/** Checks one request to the Replicate fake; answers the problems (none: conforming). */
export const checkReplicate = (request: ContractRequest) => check('replicate', REPLICATE, request);

/** A multipart body as the validator sees it: text fields as strings, files as `<file>` (repeated fields become arrays). */
export async function multipartFields(contentType: string, body: Buffer): Promise<Json> {
  const form = await new Request('http://fake.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
  const fields: Json = {};
  for (const [name, value] of form.entries()) {
    const item = typeof value === 'string' ? value : '<file>';
    fields[name] = name in fields ? [].concat(fields[name], item as never) : item;
  }
  return fields;
}

/** A multipart form's numbers arrive as text: the ones the description types as integers or numbers, as numbers. */
export function coerceFormNumbers(fields: Json, names: string[]): Json {
  const out = { ...fields };
  for (const n of names) if (typeof out[n] === 'string' && out[n] !== '' && Number.isFinite(Number(out[n]))) out[n] = Number(out[n]);
  return out;
}
