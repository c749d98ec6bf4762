import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks a request the app sends to Stripe against Stripe's published OpenAPI description
 * (the trimmed extract in stripe-api.json, whose `source` names the version and commit): the
 * operation must exist, its content type must be the published one, and the form-encoded body
 * (decoded to the nested shape Stripe reads it in) must match the request schema: known
 * parameters only, required ones present, enums and types as published.
 */

interface Operation {
  method: string;
  path: string;
  contentType?: string;
  parameters?: { path?: Record<string, object>; query?: Record<string, object> };
  body: object;
}
interface Description {
  source: Record<string, string>;
  operations: Record<string, Operation>;
}

export const STRIPE_DESCRIPTION = JSON.parse(readFileSync(new URL('./stripe-api.json', import.meta.url), 'utf8')) as Description;

// Stripe's form values arrive as strings; the published types are integers and booleans, so values are coerced as Stripe does.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true });
addFormats(ajv);
ajv.addFormat('unix-time', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 });

interface Compiled {
  name: string;
  method: string;
  pattern: RegExp;
  pathNames: string[];
  contentType?: string;
  body: ValidateFunction;
  pathParams: ValidateFunction;
  query: ValidateFunction;
}

const objectOf = (properties: Record<string, object> = {}, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });

const compiled: Compiled[] = Object.entries(STRIPE_DESCRIPTION.operations).map(([name, op]) => {
  const pathNames: string[] = [];
  const pattern = new RegExp(
    `^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_m, key: string) => (pathNames.push(key), '([^/]+)'))}$`,
  );
  return {
    name,
    method: op.method,
    pattern,
    pathNames,
    contentType: op.contentType,
    body: ajv.compile(op.body),
    pathParams: ajv.compile(objectOf(op.parameters?.path, Object.keys(op.parameters?.path ?? {}))),
    query: ajv.compile(objectOf(op.parameters?.query)),
  };
});

/** Stripe's form encoding (`a[b][0][c]=v`) read back into nested objects and arrays. */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[segment] = value;
        return;
      }
      if (slot[segment] === undefined) slot[segment] = /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = slot[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const describe = (where: string, validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);

export interface StripeRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  contentType?: string;
  body: string;
}

/** Every way the request departs from the published description; empty when it conforms. */
export function stripeViolations(request: StripeRequest): string[] {
  const url = new URL(request.url, 'http://stripe.local');
  const op = compiled.find((c) => c.method === request.method && c.pattern.test(url.pathname));
  if (!op) return [`${request.method} ${url.pathname} is not an operation this app may call (see stripe-api.json)`];
  const violations: string[] = [];
  const match = op.pattern.exec(url.pathname)!;
  const pathParams = Object.fromEntries(op.pathNames.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
  if (!op.pathParams(pathParams)) violations.push(...describe(`${op.name} path`, op.pathParams));
  if (!op.query(decodeForm(url.search.slice(1)))) violations.push(...describe(`${op.name} query`, op.query));
  if (op.contentType && request.body.length > 0 && !request.contentType?.startsWith(op.contentType)) {
    violations.push(`${op.name} content type ${request.contentType ?? '(none)'} is not ${op.contentType}`);
  }
  if (!op.body(decodeForm(request.body))) violations.push(...describe(`${op.name} body`, op.body));
  return violations;
}
