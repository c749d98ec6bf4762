import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../src/plugins/authorization';
import { encodeWav16 } from '../src/audio/fixtures';
import { createTestApp, dialects, registerUser, sessionCookie, testEnv, type TestApp } from './helpers';
import { startFakeStripe } from './fake-stripe';
import { createServices } from '../src/app';
import { createJobWorker } from '../src/jobs/worker';
import { createJobRepository } from '../src/repositories/job.repository';
import { DEFAULT_QUOTAS } from '../src/env';

/**
 * Fuzzes every route of the server's own route table, so a new route is fuzzed without anyone
 * adding it here. For each route with params, a query string or a JSON body it sends generated
 * requests, as a signed-in user and sometimes anonymously: wrong types, missing and extra fields,
 * 100 kB strings, NUL and other control characters, lone surrogates (as JSON escapes, so they reach
 * the server), prototype-pollution keys, ids in other notations, arbitrary JSON and bodies mutated
 * from a valid example. The multipart upload route gets its headers, body framing and URL fuzzed
 * lightly instead of a JSON body. HEAD routes mirror their GET and public routes take no input: both
 * are skipped by rule.
 *
 * Properties:
 * - never a 5xx;
 * - every 4xx is JSON `{ message: string }`;
 * - anonymous callers of 'user' and 'admin' routes get 401, members on 'admin' routes 403;
 * - a rejected request (4xx) changes nothing in the database: row counts of every table and a hash
 *   of every table's rows are equal before and after (for the sign-in and sign-up routes, the
 *   bookkeeping of sessions, failed sign-ins and sign-up throttling is left out: recording a
 *   failed attempt is their job);
 * - a 200 event stream ends with a `done` or `error` event;
 * - Object.prototype is never polluted.
 *
 * Reproducible: every route runs with a fixed seed (FUZZ_SEED changes it, FUZZ_RUNS scales the
 * runs); fast-check prints the seed and path of a failure, and the failure names the request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const RUNS_SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? 1);

/** Routes whose body is multipart/form-data: headers and URL only. */
const MULTIPART_ROUTES = new Set(['POST /api/tracks/upload', 'POST /api/songs/:id/takes']);
/** Tables the sign-in and sign-up routes write even when they refuse: that is their purpose. */
const AUTH_BOOKKEEPING = ['sessions', 'login_failures', 'throttle_events'];

const keyOf = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

// ---------------------------------------------------------------- the route table

async function discoverRoutes(): Promise<RouteEntry[]> {
  const t = await createTestApp('sqlite');
  try {
    return t.app.routeTable.map((r) => ({ ...r }));
  } finally {
    await t.close();
  }
}
const routeTable = await discoverRoutes();

const hasInput = (route: RouteEntry) => Boolean(route.schema?.params || route.schema?.querystring || route.schema?.body);
const targets = routeTable.filter(
  (route) => route.method !== 'HEAD' && route.access !== 'public' && (hasInput(route) || MULTIPART_ROUTES.has(keyOf(route))),
);

// ---------------------------------------------------------------- zod schemas, read generically

/** The parts of zod's internals this file reads (zod 4: `schema._zod.def`). */
interface ZodLike {
  safeParse(value: unknown): { success: boolean };
  _zod?: { def: { type: string; shape?: Record<string, ZodLike>; innerType?: ZodLike; in?: ZodLike; entries?: Record<string, unknown>; values?: unknown[] } };
}
const asZod = (schema: unknown) => schema as ZodLike | undefined;

function unwrap(schema: ZodLike | undefined): ZodLike | undefined {
  const def = schema?._zod?.def;
  if (!def) return schema;
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}
const shapeOf = (schema: unknown) => unwrap(asZod(schema))?._zod?.def.shape;

/** Values an enum or literal allows, so a valid example can name them. */
function hintsOf(field: ZodLike): unknown[] {
  const def = unwrap(field)?._zod?.def;
  if (def?.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def?.type === 'literal' && def.values) return def.values;
  return [];
}

const LINES = 'Hello there\nSecond line here\nThird line';
/** Tried in order for each field until the field's schema accepts one. */
const CANDIDATES: unknown[] = ['Hello there', 'artist_fuzz', 'fuzz@example.com', LINES, '1', '10', '2026-09', 1, 0, true];

/** A valid example of an object schema, field by field; `strings` for query strings. */
function exampleOf(schema: unknown, strings = false): Record<string, unknown> {
  const shape = shapeOf(schema) ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const options = [...hintsOf(field), ...CANDIDATES].filter((v) => !strings || typeof v === 'string');
    const value = options.find((v) => field.safeParse(v).success);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------- generators

const HUGE = 'x'.repeat(100_000);
const NASTY_STRINGS = [
  '', ' ', '  \t\n ', '\u0000', 'a\u0000b', '\u0001\u0002\u0003', '\u001b[31mred', '\u007f', '\u0085', 'line\rbreak', '\u2028\u2029', '\ufeff',
  '\ud800', '\udfff', 'a\ud800b', '\udc00\ud800', '\ud83d\ude00', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  '0x10', '1e2', '+5', '-1', '0', '9007199254740993', '١٢', '１２', 'NaN', 'Infinity', 'null', 'true', '[]', '{}',
  "' OR '1'='1", '"; drop table users; --', '%00', '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', 'ǅ',
  HUGE, '\u0000\u001b\u0085'.repeat(34_000), '𝄞é\u200b'.repeat(25_000), 'a\ud800'.repeat(50_000), 'Hello there\n'.repeat(9_000),
];
/** One code point of anything: all of Unicode, lone surrogates, control characters. */
const unit = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)) },
);
const stringArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const keyArb = fc.oneof(fc.constantFrom(...PROTO_KEYS, 'userId', 'id', 'isAdmin', 'is_admin', 'user_id', ''), fc.string({ unit, maxLength: 12 }));
/** Any JSON value a field might wrongly get. */
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: stringArb },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, null, -1, 0, 1.5, 2 ** 53 + 1, 1e308, -0, [], {}, [1], { id: 1 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(stringArb, { maxLength: 3 }) },
);

/** Path segments, as written in the URL (already percent-encoded, or deliberately broken). */
const ID_VALUES = [
  '0x10', '1e2', '+5', '-1', '0', '9007199254740993', '١٢', '１２', '', ' ', '\t', ' 1', '1 ', '01', '1.0', '1.5', '2147483648', '2147483647',
  '99999999999', '9'.repeat(400), 'a'.repeat(5000), 'null', 'undefined', 'NaN', 'Infinity', '1,2', '12\u0000', '\ud800', '__proto__', 'constructor', 'prototype',
  '../1', '1/..', '1;2', '1?x', '1#x',
];
const RAW_SEGMENTS = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF', '..', '.', '%2e%2e', '%2F', '1%2F2', '%20', '%u0031', '1%00'];
/** Percent-encodes every byte of the UTF-8 text except unreserved characters (lone surrogates become U+FFFD). */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

interface Body {
  payload: string | Buffer;
  contentType?: string;
  what: string;
}
interface FuzzRequest {
  /** Who calls: nobody, A (a member), or the admin (on admin routes, so requests get past the 403). */
  as: 'anonymous' | 'member' | 'admin';
  params: Record<string, string>;
  query: string;
  body?: Body;
}

/** JSON text from ordered entries: keeps `__proto__` and repeated keys exactly as written. */
const objectText = (entries: [string, unknown][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

type Mutation = { kind: 'drop'; key: string } | { kind: 'set'; key: string; value: unknown } | { kind: 'append'; key: string; value: string } | { kind: 'extra'; key: string; value: unknown };
function mutationArb(keys: string[], values: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> {
  const extra = fc.record({ kind: fc.constant('extra' as const), key: keyArb, value: values });
  if (keys.length === 0) return extra;
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key }),
    fc.record({ kind: fc.constant('set' as const), key, value: values }),
    fc.record({ kind: fc.constant('append' as const), key, value: stringArb }),
    extra,
  );
}
function applyMutations(example: Record<string, unknown>, mutations: Mutation[]): [string, unknown][] {
  let entries = Object.entries(example);
  for (const m of mutations) {
    if (m.kind === 'drop') entries = entries.filter(([k]) => k !== m.key);
    else if (m.kind === 'set') entries = entries.map(([k, v]) => [k, k === m.key ? m.value : v]);
    else if (m.kind === 'append') entries = entries.map(([k, v]) => [k, k === m.key ? `${String(v)}${m.value}` : v]);
    else entries = [...entries, [m.key, m.value]];
  }
  return entries;
}

function bodyArb(schema: unknown, example: Record<string, unknown> = exampleOf(schema)): fc.Arbitrary<Body> {
  const keys = Object.keys(shapeOf(schema) ?? {});
  const json = (payload: string, what: string): Body => ({ payload, contentType: 'application/json', what });
  const valid = objectText(Object.entries(example));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(mutationArb(keys, valueArb), { maxLength: 3 })
        .map((ms) => json(objectText(applyMutations(example, ms)), ms.length ? `valid example, mutated: ${ms.map((m) => `${m.kind} ${m.key}`).join(', ')}` : 'valid example')),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => json(JSON.stringify(v), 'arbitrary JSON')) },
    {
      weight: 1,
      arbitrary: fc
        .anything({ maxDepth: 2, key: keyArb, withNullPrototype: true, withBoxedValues: true, withSparseArray: true })
        .map((v) => json(JSON.stringify(v) ?? 'null', 'fc.anything as JSON')),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        json(`{"__proto__":{"polluted":"yes"},${valid.slice(1)}`, '__proto__ key'),
        json(`{"constructor":{"prototype":{"polluted":"yes"}},${valid.slice(1)}`, 'constructor.prototype key'),
        json(`{"prototype":{"polluted":"yes"},${valid.slice(1)}`, 'prototype key'),
        json(keys.length ? `{${keys.map((k) => `"${k}":"\\ud800"`).join(',')}}` : '"\\ud800"', 'lone surrogate escapes'),
        json(keys.length ? `{${keys.map((k) => `"${k}":"a\\u0000b\\udfff"`).join(',')}}` : '"\\u0000"', 'NUL and lone surrogate escapes'),
        json(`${valid.slice(0, -1)}${keys.length ? ',' : ''}${keys.map((k) => `"${k}":"\\u0000"`).join(',')}}`, 'duplicate keys'),
        json(valid.slice(0, Math.max(1, valid.length - 3)), 'truncated JSON'),
        json('', 'empty body'),
        json('   ', 'whitespace body'),
        json('null', 'null'),
        json('[]', 'array'),
        json('"text"', 'string'),
        json('['.repeat(5000), 'deep nesting'),
        json(`{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`, 'deep array'),
        { payload: Buffer.concat([Buffer.from('{"'), Buffer.from(keys[0] ?? 'x'), Buffer.from('":"\xed\xa0\x80\xff\xfe"}', 'latin1')]), contentType: 'application/json', what: 'invalid UTF-8 bytes' },
        { payload: valid, contentType: 'text/plain', what: 'valid JSON as text/plain' },
        { payload: valid, contentType: 'application/x-www-form-urlencoded', what: 'valid JSON as a form' },
        { payload: valid, what: 'valid JSON without content type' },
        { payload: valid, contentType: 'application/json; charset=utf-16', what: 'valid JSON, utf-16 charset' },
        { payload: valid, contentType: 'application/json\u0000', what: 'content type with NUL' },
      ),
    },
  );
}

function queryArb(schema: unknown): fc.Arbitrary<string> {
  const example = exampleOf(schema, true) as Record<string, string>;
  const keys = Object.keys(shapeOf(schema) ?? {});
  const serialize = (pairs: [string, unknown][]) =>
    pairs.flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const])).map(([k, v]) => `${encode(k)}=${encode(String(v))}`).join('&');
  const stringValues: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: stringArb }, { weight: 1, arbitrary: fc.array(stringArb, { minLength: 2, maxLength: 3 }) });
  return fc.oneof(
    { weight: 5, arbitrary: fc.array(mutationArb(keys, stringValues), { maxLength: 3 }).map((ms) => serialize(applyMutations(example, ms))) },
    { weight: 2, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), keyArb), stringValues), { maxLength: 4 }).map(serialize) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'a[b][c]=1', '&&&', '=', '%', '%zz=1', 'limit=%ED%A0%80', `q=${'%00'.repeat(1000)}`) },
  );
}

// ---------------------------------------------------------------- the database fingerprint

type Fingerprint = Map<string, { count: number; hash: string }>;

function diff(before: Fingerprint, after: Fingerprint, ignored: readonly string[]): string[] {
  const changes: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    if (ignored.includes(table)) continue;
    const b = before.get(table);
    const a = after.get(table);
    if (b?.count !== a?.count) changes.push(`${table}: ${b?.count} -> ${a?.count} rows`);
    else if (b?.hash !== a?.hash) changes.push(`${table}: rows changed`);
  }
  return changes;
}

/**
 * Refused by the router, before any route (and so before its access check): a path it cannot
 * decode (400 bad_url), a parameter over its length limit (414 url_too_long),
 * or one that matches no route (the not-found handler's 404).
 */
function unrouted(res: LightMyRequestResponse): boolean {
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    return false;
  }
  if (body?.code === 'bad_url' || body?.code === 'url_too_long') return true;
  return res.statusCode === 404 && body?.code === 'not_found' && body.message === 'Not found';
}

const show = (s: string, max = 300) => (s.length > max ? `${JSON.stringify(s.slice(0, max))}… (${s.length} chars)` : JSON.stringify(s));

// ---------------------------------------------------------------- the suite

describe.each(dialects)('fuzzing the route table on %s', (dialect) => {
  let t: TestApp;
  let tables: string[];
  let cookie: string;
  let adminCookie: string;
  let a: Awaited<ReturnType<typeof registerUser>>;
  let loginTarget: Awaited<ReturnType<typeof registerUser>>;
  /** The database as it was after the last request. */
  let last: Fingerprint;
  /** A's track (with lyrics) and cover, for the Cover Art examples. */
  let coverFixture: { track: number; cover: number };
  /** A's marketing conversation and plan (POST /api/marketing saves into it; plan routes read it). */
  let marketing: { conversation: number; plan: number };
  /** A's studio conversation (POST /api/studio/generate saves into it). */
  let studioConversation: number;
  /** A's finished built-in beat (with stems and MIDI), for the routes under /api/studio/music/:id. */
  let beatId: number;
  /** A's Lyric Assist document, for a song's lyrics link. */
  let lyricsDocument: number;
  /** A's complete Booth take on A's song (issue 29). */
  let take: number;
  /** Split sheets (issue 30): the invited person's line on the sheet of A's song, and A's second song whose sheet (A alone) is agreed, with an earning of it. */
  let splits: { invitee: number; agreedSong: number; earning: number };
  /** Puts the sheet of A's song back as the fixture made it (with its invited person and a link) and notes the person's line. */
  let restoreSplitSheet: () => Promise<void>;
  let beatWorker: ReturnType<typeof createJobWorker> | undefined;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  /** Valid values of each `:param`, by route. */
  let validParams: (route: RouteEntry, name: string) => string[];
  /** A's fixtures of the kind a route names: DELETE requests never name them, so the other routes keep them. */
  let protectedIds: (route: RouteEntry) => string[];
  let reLogins = 0;
  let sent = 0;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
  /** Statuses seen per route, printed at the end: a fuzz that only ever hits 400 tests little. */
  const stats = new Map<string, Map<number, number>>();
  const started = Date.now();

  /**
   * A request that made a beat answers once the beat is done, and its job row is marked done a
   * moment later: wait for that, so the fingerprint the next request starts from is settled.
   */
  async function beatJobsSettled() {
    for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 10))) {
      const { n } = await t.db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type', '=', 'beat.generate')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(n) === 0) return;
    }
  }

  /**
   * When `last` was taken: on SQLite the rows this connection had written (the app and its job
   * worker share the one connection); on PostgreSQL the write statements counted (fuzz_writes).
   */
  let changesAtLast: number | undefined;
  /**
   * Each table's row count and a hash of its rows. On SQLite, when the connection has written no
   * row since the last fingerprint (`total_changes()`, which counts every insert, update and
   * delete, triggers included), nothing can differ and the last one stands. On PostgreSQL the same
   * holds when no write statement was counted since (fuzz_writes, made in beforeAll); otherwise the
   * server hashes each table's rows and answers for all tables in one query.
   */
  async function fingerprint(): Promise<Fingerprint> {
    const out: Fingerprint = new Map();
    if (dialect === 'postgres') {
      const counted = await sql<{ n: string }>`select (case when is_called then last_value else 0 end)::text as n from fuzz_writes`.execute(t.db.kysely);
      const writes = Number(counted.rows[0]!.n);
      if (last && changesAtLast === writes) return last;
      const { rows } = await sql<{ t: string; n: string; h: string | null }>`${sql.join(
        tables.map((table) => sql`select ${table} as t, count(*) as n, md5(string_agg(md5(x::text), ',' order by md5(x::text))) as h from ${sql.table(table)} x`),
        sql` union all `,
      )}`.execute(t.db.kysely);
      for (const row of rows) out.set(row.t, { count: Number(row.n), hash: row.h ?? '' });
      // Read before the hashes: a write landing in between makes the next call look again, never less.
      changesAtLast = writes;
      return out;
    }
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(t.db.kysely);
    const changes = rows[0]!.n;
    if (last && changesAtLast === changes) return last;
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db.kysely);
      const lines = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
      out.set(table, { count: rows.length, hash: crypto.createHash('sha256').update(lines.join('\n')).digest('hex') });
    }
    // Taken after the count: a write landing in between makes the next call look again, never less.
    changesAtLast = changes;
    return out;
  }

  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...headers } });
    if (res.statusCode !== 201) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const uploadWav = async (asCookie: string) => {
    const wav = encodeWav16([Float32Array.from({ length: 8000 }, (_, i) => Math.sin(i / 5) * 0.5)], 8000);
    const head = `--fuzzfixture\r\nContent-Disposition: form-data; name="audioFile"; filename="fixture.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tracks/upload',
      headers: { cookie: asCookie, 'content-type': 'multipart/form-data; boundary=fuzzfixture' },
      payload: Buffer.concat([Buffer.from(head), wav, Buffer.from('\r\n--fuzzfixture--\r\n')]),
    });
    if (res.statusCode !== 201) throw new Error(`fixture upload: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; filename: string; songId: number; analysis: { jobId: number } };
  };
  /** A whole Booth take (0.1 s of 16-bit PCM at 48 kHz) on a song. */
  const uploadTake = async (asCookie: string, songId: number) => {
    const field = (name: string, value: string) => `--fuzzfixture\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = `--fuzzfixture\r\nContent-Disposition: form-data; name="audioFile"; filename="take.pcm"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/songs/${songId}/takes`,
      headers: { cookie: asCookie, 'content-type': 'multipart/form-data; boundary=fuzzfixture' },
      payload: Buffer.concat([Buffer.from(field('sampleRate', '48000') + field('final', 'true') + head), Buffer.alloc(9600, 1), Buffer.from('\r\n--fuzzfixture--\r\n')]),
    });
    if (res.statusCode !== 201) throw new Error(`fixture take: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };

  beforeAll(async () => {
    // No job worker but one for beats: nothing but the requests themselves changes the database.
    // Payments go to a local fake of the provider, so checkout answers as configured (not 503).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-fuzz-'));
    stripe = await startFakeStripe();
    t = await createTestApp(dialect, { WORKERS: 0, dataDir, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 2 }, ...stripe.settings });
    // Only beat jobs run, each inside the request that waits for it (so it changes nothing after the response).
    const services = createServices(t.db, testEnv({ dataDir }));
    beatWorker = createJobWorker({ jobs: createJobRepository(t.db.kysely), processors: { 'beat.generate': { run: (p: { beatId: number }, ctx) => services.studio.process(p.beatId, ctx) } }, pollMs: 20 });
    await beatWorker.start();
    // The app's tables (PostgreSQL: schema public; pg-boss keeps its own in schema pgboss).
    tables = (await t.db.kysely.introspection.getTables()).filter((x) => !x.schema || x.schema === 'public').map((x) => x.name).sort();
    if (dialect === 'postgres') {
      // This throw-away database counts write statements: every statement that inserts, updates,
      // deletes or truncates in any app table (cascades and triggers' own writes included, and
      // statements that touch no row) takes a number from a sequence, which no rollback gives
      // back. An unchanged number means no row can differ since the last fingerprint.
      await sql`create sequence fuzz_writes`.execute(t.db.kysely);
      await sql`create function fuzz_count_write() returns trigger language plpgsql as $$ begin perform nextval('fuzz_writes'); return null; end $$`.execute(t.db.kysely);
      for (const table of tables) {
        await sql`create trigger fuzz_count_write after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function fuzz_count_write()`.execute(t.db.kysely);
      }
    }
    adminCookie = (await registerUser(t.app)).cookie; // the admin: the first account
    a = await registerUser(t.app);
    const b = await registerUser(t.app);
    loginTarget = await registerUser(t.app, { username: 'fuzz_login', password: 'fuzz-password' });
    cookie = a.cookie;

    // A's resources, for parameters that name something that exists.
    const chat = (await post('/api/conversations', { category: 'chat', title: 'Fuzz chat' })).id as number;
    await post(`/api/conversations/${chat}/messages`, { content: 'Hello' });
    const lyrics = (await post('/api/conversations', { category: 'lyrics', title: 'Fuzz lyrics' })).id as number;
    const snippet = (await post(`/api/conversations/${lyrics}/lyrics`, { content: 'first bar', position: 0 })).id as number;
    lyricsDocument = lyrics;
    const track = await uploadWav(a.cookie);
    const plan = (await post('/api/marketing', { title: 'Fuzz single', context: 'Fuzz fans', releaseDate: '2027-01-15', trackId: track.id })) as { id: number; conversationId: number };
    marketing = { conversation: plan.conversationId, plan: plan.id };
    const cover = (await post('/api/coverarts', { prompt: 'Fuzz cover', title: 'Fuzz Single' })) as { id: number };
    coverFixture = { track: track.id, cover: cover.id };
    await t.app.inject({ method: 'PUT', url: `/api/tracks/${track.id}/transcription`, headers: { cookie }, payload: { transcription: 'Rain on the window' } });
    studioConversation = (await post('/api/conversations', { category: 'studio', title: 'Music Studio Session' })).id as number;
    // A finished beat of A's, as the (absent) job worker would leave it, for the audio route.
    // With its stems and MIDI file, for their downloads; short, so a variation or extension of it renders quickly.
    const beatFile = `${'f'.repeat(32)}.mp3`;
    const now = new Date().toISOString();
    const beatRow = await t.db.kysely
      .insertInto('beats')
      .values({
        user_id: a.user.id,
        conversation_id: studioConversation,
        title: null,
        prompt: 'fuzz, 10 seconds',
        style: 'rap',
        status: 'done',
        filename: beatFile,
        stems_filename: `${'f'.repeat(32)}.stems.zip`,
        midi_filename: `${'f'.repeat(32)}.mid`,
        engine: 'Built-in beat engine',
        seed: 1,
        // Its tempo and length: the Booth's backing once it is the song's beat.
        bpm: 120,
        duration_sec: 10,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    beatId = beatRow.id;
    fs.mkdirSync(path.join(dataDir, 'uploads', 'beats'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'beats', beatFile), Buffer.from('ID3 fuzz'));
    fs.writeFileSync(path.join(dataDir, 'uploads', 'beats', `${'f'.repeat(32)}.stems.zip`), Buffer.from('PK fuzz'));
    fs.writeFileSync(path.join(dataDir, 'uploads', 'beats', `${'f'.repeat(32)}.mid`), Buffer.from('MThd fuzz'));
    // The Booth: the beat is the song's backing; a take of A's, and a mix of it whose version is A's
    // track, as the (absent) mixdown job would leave it (its stems ZIP on disk).
    await t.db.kysely.updateTable('songs').set({ beat_id: beatId }).where('id', '=', track.songId).execute();
    take = await uploadTake(a.cookie, track.songId);
    await t.db.kysely
      .insertInto('mixes')
      .values({ user_id: a.user.id, song_id: track.songId, job_id: null, track_id: track.id, settings: JSON.stringify({ vocal: { cleanup: true, presence: 1, evenness: 1, deess: 1, space: 1 }, beatDuckDb: 2 }), takes: JSON.stringify([{ takeId: take, fromBar: null, toBar: null }]), stems_filename: `${'e'.repeat(32)}.zip`, status: 'done', created_at: now })
      .execute();
    fs.mkdirSync(path.join(dataDir, 'uploads', 'mixes'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'mixes', `${'e'.repeat(32)}.zip`), Buffer.from('PK fuzz'));
    // B's resources, for DELETE: A's own fixtures stay for the other routes, and A deleting B's is a 404.
    const bChat = (await post('/api/conversations', { category: 'lyrics' }, { cookie: b.cookie })).id as number;
    const bSnippet = (await post(`/api/conversations/${bChat}/lyrics`, { content: 'b bar', position: 0 }, { cookie: b.cookie })).id as number;
    const bTrack = await uploadWav(b.cookie);
    const bTake = await uploadTake(b.cookie, bTrack.songId);
    // A job that failed for good, for the admin's Retry (its valid example puts it back in the queue).
    const at = new Date().toISOString();
    const failedJob = await t.db.kysely
      .insertInto('jobs')
      .values({ type: 'track.analyze', payload: JSON.stringify({ trackId: bTrack.id }), user_id: b.user.id, status: 'failed', max_attempts: 3, run_at: at, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Payouts: a method each (B's for DELETE), earnings for A and a pending payout to mark paid.
    const card = { type: 'card', accountName: 'Fuzz Artist', accountNumber: '4111111111111111', bankName: 'Fuzz Bank', cardType: 'visa' };
    const method = (await post('/api/payment-methods', card)).id as number;
    const bMethod = (await post('/api/payment-methods', card, { cookie: b.cookie })).id as number;
    await post(`/api/admin/users/${a.user.id}/earnings`, { amountMinor: 100_000, currency: 'USD', source: 'Fuzz Distro', period: '2026-09' }, { cookie: adminCookie });
    const payout = (await post(`/api/admin/users/${a.user.id}/payouts`, { amountMinor: 100, currency: 'USD' }, { cookie: adminCookie })).id as number;
    // An earning of A's for the reversal route (reversed once; later tries are 409s).
    const ledgerEntry = (await post(`/api/admin/users/${a.user.id}/earnings`, { amountMinor: 1, currency: 'USD', source: 'Fuzz Distro', period: '2026-09' }, { cookie: adminCookie })).id as number;

    // Split sheets: A's song's sheet names A and an invited person; A's second song's sheet is A's alone, agreed, with an earning.
    const splitLines = [
      { userId: String(a.user.id), roles: ['writer'], publishingBps: 9000, masterBps: 9000 },
      { name: 'Fuzz Guest', email: 'guest@example.com', roles: ['featured'], publishingBps: 1000, masterBps: 1000 },
    ];
    const putSheet = async (songId: number, contributors: object[]) => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/songs/${songId}/splits`, payload: { contributors }, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`fixture split sheet: ${res.statusCode} ${res.body}`);
      return res.json() as { contributors: { id: number }[] };
    };
    restoreSplitSheet = async () => {
      const sheet = await putSheet(track.songId, splitLines);
      splits.invitee = sheet.contributors[1]!.id;
      await post(`/api/songs/${track.songId}/splits/invites/${splits.invitee}`, {});
    };
    const agreedSong = (await post('/api/songs', { title: 'Fuzz split' })).id as number;
    await putSheet(agreedSong, [{ userId: String(a.user.id), roles: ['writer'], publishingBps: 10000, masterBps: 10000 }]);
    splits = { invitee: 0, agreedSong, earning: 0 };
    await restoreSplitSheet();
    const signed = await t.app.inject({ method: 'POST', url: `/api/songs/${agreedSong}/splits/sign`, payload: { fullName: 'Fuzz Artist' }, headers: { cookie } });
    if (signed.statusCode !== 200) throw new Error(`fixture split signature: ${signed.statusCode} ${signed.body}`);
    splits.earning = (await post(`/api/admin/songs/${agreedSong}/earnings`, { amountMinor: 1001, currency: 'USD', source: 'Fuzz Distro', period: '2026-09' }, { cookie: adminCookie })).id as number;

    protectedIds = (route) => {
      if (route.url.startsWith('/api/conversations/:')) return [String(chat), String(lyrics)];
      if (route.url.startsWith('/api/lyrics/:')) return [String(snippet)];
      if (route.url.startsWith('/api/tracks/:')) return [String(track.id)];
      if (route.url.startsWith('/api/payment-methods/:')) return [String(method)];
      if (route.url.startsWith('/api/songs/:')) return [String(track.songId), String(take)];
      return [];
    };
    validParams = (route, name) => {
      const del = route.method === 'DELETE';
      if (name === 'filename' && route.url.startsWith('/uploads/beats/')) return [beatFile];
      if (name === 'filename') return [track.filename, bTrack.filename];
      // A song's version (PATCH /api/songs/:id/versions/:trackId): A's track is a version of A's song.
      if (name === 'trackId') return [String(track.id)];
      if (name === 'takeId') return [String(del ? bTake : take)];
      if (name === 'contributorId') return [String(splits.invitee)];
      if (route.url.startsWith('/api/songs/:')) return [String(del ? bTrack.songId : track.songId)];
      if (route.url === '/api/conversations/:id/marketing-plans') return [String(plan.conversationId)];
      if (route.url.startsWith('/api/conversations/:')) return del ? [String(bChat)] : [String(chat), String(lyrics)];
      if (route.url.startsWith('/api/marketing-plans/:')) return [String(plan.id)];
      if (route.url.startsWith('/api/lyrics/:')) return [String(del ? bSnippet : snippet)];
      if (route.url.startsWith('/api/tracks/:')) return [String(del ? bTrack.id : track.id)];
      if (route.url.startsWith('/api/jobs/:')) return [String(track.analysis.jobId)];
      if (route.url.startsWith('/api/admin/jobs/:')) return [String(failedJob.id)];
      if (route.url.startsWith('/api/coverarts/:')) return [String(cover.id)];
      if (route.url.startsWith('/api/studio/music/:')) return [String(beatId)];
      if (route.url.startsWith('/api/payment-methods/:')) return [String(del ? bMethod : method)];
      // Role changes go to B: A is the member whose requests to admin routes must stay 403s.
      if (route.method === 'PATCH' && route.url === '/api/admin/users/:id') return [String(b.user.id)];
      if (route.url.startsWith('/api/admin/users/:')) return [String(a.user.id)];
      if (route.url.startsWith('/api/admin/payouts/:')) return [String(payout)];
      if (route.url.startsWith('/api/admin/ledger/:')) return [String(ledgerEntry)];
      if (route.url.startsWith('/api/admin/songs/:')) return [String(splits.agreedSong)];
      if (route.url.startsWith('/api/admin/song-earnings/:')) return [String(splits.earning)];
      return ['1'];
    };
    last = await fingerprint();
    if (dialect === 'postgres') {
      // The count bites: a write through the app (a conversation made and deleted) moves it, and the next fingerprint looks again.
      const before = changesAtLast!;
      const made = (await post('/api/conversations', { category: 'chat', title: 'Fuzz count check' })).id as number;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${made}`, headers: { cookie } })).statusCode).toBeLessThan(300);
      last = await fingerprint();
      expect(changesAtLast).toBeGreaterThanOrEqual(before + 2);
    }
    // The project's hook guard (vitest.config.ts): 60 s, 120 s in CI, where a loaded machine took over 60 s.
  });

  afterAll(async () => {
    if (t) {
      const lines = [...stats].map(([route, counts]) => `  ${route}: ${[...counts].sort(([x], [y]) => x - y).map(([s, n]) => `${s}×${n}`).join(' ')}`);
      await beatWorker?.stop();
      console.info(`fuzz on ${dialect}: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${reLogins} re-logins)\n${lines.join('\n')}`);
    }
    await t?.close();
    await stripe?.close();
  });

  /** Sign-in and sign-up may end A's session (they replace the caller's): sign A in again. */
  async function keepSignedIn() {
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    if (me.statusCode === 200) return;
    reLogins++;
    // From its own address, so the fuzzed failed sign-ins from 127.0.0.1 do not throttle it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.username, password: a.password },
      remoteAddress: `10.9.${reLogins >> 8}.${reLogins & 255}`,
    });
    cookie = sessionCookie(res);
  }

  /**
   * Valid examples that the schema alone cannot give. Every other route's example comes from its
   * schema (exampleOf), so a new route needs nothing here.
   */
  const EXAMPLES: Record<string, () => Record<string, unknown>> = {
    // Real credentials (of an account kept for this), so mutations of them reach the password check.
    'POST /api/login': () => ({ username: loginTarget.username, password: loginTarget.password }),
    // A date the schema's pattern cannot invent, in A's own marketing conversation.
    'POST /api/marketing': () => ({ conversationId: marketing.conversation, title: 'Fuzz single', context: 'Fans of fuzz', releaseDate: '2027-01-15' }),
    // A new cover of A's track (no parent or conversation of anyone's to name), and its concept.
    'POST /api/coverarts': () => ({ prompt: 'Fuzz cover', title: 'Fuzz Single', trackId: coverFixture.track }),
    'POST /api/coverarts/concept': () => ({ trackId: coverFixture.track }),
    // A line with an ending to find phrases for (the schema's example would be a single letter).
    'POST /api/lyrics/phrases': () => ({ text: 'I had a paper plan' }),
    // Numbers that pass their check digits, a real currency, a statement with a header.
    'POST /api/payment-methods': () => ({ type: 'card', accountName: 'Fuzz Example', accountNumber: '4111111111111111', bankName: 'Fuzz Bank', cardType: 'visa', isDefault: true }),
    'POST /api/admin/users/:id/earnings': () => ({ amountMinor: 1234, currency: 'USD', source: 'Fuzz Distro', period: '2026-10', note: '' }),
    'POST /api/admin/users/:id/earnings/import': () => ({ csv: 'period,source,amount,currency,note\n2026-10,Fuzz Distro,12.34,USD,\n' }),
    'POST /api/admin/users/:id/payouts': () => ({ amountMinor: 1, currency: 'USD', note: '' }),
    // A short beat in A's studio conversation; the beat worker below makes it while the request waits.
    'POST /api/studio/generate': () => ({ prompt: 'fuzz beat, 10 seconds', model: 'rap', conversationId: studioConversation }),
    // A new name for A's beat.
    'PATCH /api/studio/music/:id': () => ({ title: 'Fuzz beat renamed' }),
    // A's song, credited and linked to A's own Lyric Assist document and beat (a chat is no lyrics document).
    'PATCH /api/songs/:id': () => ({ title: 'Fuzz song', artistName: 'Fuzz Artist', explicit: true, genre: 'Drill', isrc: 'US-RC1-76-07839', lyricsId: lyricsDocument, beatId }),
    // A's complete take over the song's beat; a new name for it.
    'POST /api/songs/:id/mixdown': () => ({ takes: [{ takeId: take }], vocal: { cleanup: true, presence: 4, evenness: 5, deess: 3, space: 3 }, beatDuckDb: 2 }),
    'PATCH /api/songs/:id/takes/:takeId': () => ({ name: 'Fuzz take', startMs: 40 }),
    // A's song's release page, published with two store links (its public page is fuzzed by routes/releases' tests: public routes take no input here).
    // A's song's split sheet as the fixture made it (A and an invited person), so the valid example changes nothing; A signs and declines A's own line.
    // A is given by username here (found case aside): the same line as A's id, so the example changes nothing.
    'PUT /api/songs/:id/splits': () => ({
      contributors: [
        { username: a.username.toUpperCase(), roles: ['writer'], publishingBps: 9000, masterBps: 9000 },
        { name: 'Fuzz Guest', email: 'guest@example.com', roles: ['featured'], publishingBps: 1000, masterBps: 1000 },
      ],
    }),
    'POST /api/songs/:id/splits/sign': () => ({ fullName: 'Fuzz Artist' }),
    'POST /api/songs/:id/splits/decline': () => ({ reason: 'Fuzz reason' }),
    // An earning for A's second song, whose sheet (A alone) is agreed.
    'POST /api/admin/songs/:id/earnings': () => ({ amountMinor: 1001, currency: 'USD', source: 'Fuzz Distro', period: '2026-09' }),
    'PUT /api/songs/:id/release': () => ({ published: true, previewStart: 0, previewSeconds: 15, links: [{ service: 'spotify', url: 'https://open.spotify.com/track/fuzz' }, { service: 'bandcamp', url: 'https://fuzz.bandcamp.com/track/x' }] }),
    'PUT /api/marketing-plans/:id/calendar': () => ({
      releaseDate: '2027-02-05',
      items: [{ id: 'release', offsetDays: 0, title: 'Release day', description: 'Out now', kind: 'release' }],
    }),
  };

  function requestArb(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const paramArb = (name: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...validParams(route, name)) },
        { weight: 3, arbitrary: fc.constantFrom(...ID_VALUES).map(encode) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String) },
        { weight: 2, arbitrary: stringArb.map((s) => encode(s.slice(0, 200))) },
      );
    const spared = route.method === 'DELETE' ? protectedIds(route) : [];
    const keep = (segment: string) => !spared.includes(segment);
    const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb(n).filter(keep)])) as Record<string, fc.Arbitrary<string>>);
    // One in six anonymous; on admin routes most as the admin, some as a member.
    const as = fc
      .integer({ min: 0, max: 5 })
      .map((n): FuzzRequest['as'] => (n === 0 ? 'anonymous' : route.access === 'admin' && n > 1 ? 'admin' : 'member'));
    const query = route.schema?.querystring ? queryArb(route.schema.querystring) : fc.constantFrom('', '', '', 'x=1', '__proto__[polluted]=yes', `x=${'%00'.repeat(100)}`);

    let body: fc.Arbitrary<Body | undefined> = fc.constant(undefined);
    if (MULTIPART_ROUTES.has(keyOf(route))) body = multipartArb;
    else if (route.schema?.body) body = bodyArb(route.schema.body, EXAMPLES[keyOf(route)]?.());
    return fc.record({ as, params, query, body });
  }

  /** Upload: broken framing, wrong content types, wrong field names, odd file names, no audio. */
  const multipartArb: fc.Arbitrary<Body> = fc.oneof(
    fc.record({
      contentType: fc.constantFrom(
        undefined,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=fuzz',
        'multipart/form-data; boundary="fu zz"',
        `multipart/form-data; boundary=${'b'.repeat(200)}`,
        'multipart/mixed; boundary=fuzz',
        'application/json',
        'text/plain',
        'application/octet-stream',
        'audio/wav',
      ),
      payload: fc.oneof(fc.constant(''), fc.uint8Array({ maxLength: 300 }).map((u) => Buffer.from(u)), stringArb.map((s) => s.slice(0, 2000))),
    }).map(({ contentType, payload }) => ({ contentType, payload, what: `${contentType ?? 'no content type'} with ${payload.length} bytes of noise` })),
    fc
      .record({
        field: fc.constantFrom('audioFile', 'file', '', '__proto__', 'audioFile"; x="'),
        filename: fc.oneof(fc.constantFrom('../../etc/passwd', 'a\u0000.wav', '\ud800.wav', 'x'.repeat(5000) + '.wav', '', '.wav', 'CON', 'a\r\nb.wav'), stringArb.map((s) => s.slice(0, 300))),
        content: fc.constantFrom('', 'not audio at all', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'ID3'),
        closed: fc.boolean(),
      })
      .map(({ field, filename, content, closed }) => {
        const head = `--fuzz\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: audio/wav\r\n\r\n`;
        return {
          contentType: 'multipart/form-data; boundary=fuzz',
          payload: Buffer.concat([Buffer.from(head), Buffer.from(content, 'latin1'), Buffer.from(closed ? '\r\n--fuzz--\r\n' : '\r\n--fu')]),
          what: `multipart field ${show(field, 40)} file ${show(filename, 60)} content ${show(content, 40)}${closed ? '' : ' (unterminated)'}`,
        };
      }),
  );

  const describeRequest = (route: RouteEntry, url: string, req: FuzzRequest) => {
    const payload = req.body ? (Buffer.isBuffer(req.body.payload) ? `<${req.body.payload.length} bytes> ${show(req.body.payload.toString('latin1'), 200)}` : show(req.body.payload)) : '';
    return [
      `${route.method} ${show(url, 400)}`,
      req.as === 'anonymous' ? '(anonymous)' : `(signed in as ${req.as === 'admin' ? 'the admin' : 'a member'})`,
      req.body ? `content-type: ${req.body.contentType ?? '(none)'}; body [${req.body.what}]: ${payload}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };

  async function check(route: RouteEntry, req: FuzzRequest) {
    const url = route.url.replace(/:(\w+)/g, (_m, name: string) => req.params[name] ?? '1') + (req.query ? `?${req.query}` : '');
    const headers: Record<string, string> = {};
    if (req.as !== 'anonymous') headers.cookie = req.as === 'admin' ? adminCookie : cookie;
    if (req.body?.contentType !== undefined) headers['content-type'] = req.body.contentType;
    const before = last;
    let res: LightMyRequestResponse | undefined;
    try {
      res = await t.app.inject({ method: route.method as 'POST', url, headers, ...(req.body ? { payload: req.body.payload } : {}) });
    } finally {
      sent++;
      if (res && res.statusCode < 300 && route.method === 'POST') await beatJobsSettled();
      last = await fingerprint();
    }
    const counts = stats.get(keyOf(route)) ?? new Map<number, number>();
    stats.set(keyOf(route), counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1));
    const what = () => `${describeRequest(route, url, req)}\n  -> ${res.statusCode} ${show(res.body, 500)}`;
    const fail = (message: string): never => {
      throw new Error(`${message}\n  ${what()}`);
    };

    if (res.statusCode >= 500) fail('a 5xx');
    const polluted = Object.getOwnPropertyNames(Object.prototype).sort();
    if (polluted.join() !== prototypeKeys.join() || ({} as Record<string, unknown>).polluted !== undefined) {
      fail(`Object.prototype polluted: ${polluted.filter((k) => !prototypeKeys.includes(k)).join(', ')}`);
    }
    // The route's access applies once the router has matched it; a URL it cannot decode or match is refused before.
    if (!unrouted(res)) {
      if (req.as === 'anonymous' && (route.access === 'user' || route.access === 'admin') && res.statusCode !== 401) fail('anonymous caller not refused with 401');
      if (req.as === 'member' && route.access === 'admin' && res.statusCode !== 403) fail('member not refused with 403 on an admin route');
    }
    if (res.statusCode >= 400) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        fail('a 4xx body that is not JSON');
      }
      if (!/^application\/json/.test(String(res.headers['content-type']))) fail('a 4xx without a JSON content type');
      if (typeof (parsed as { message?: unknown } | null)?.message !== 'string') fail('a 4xx without a string message');
      const changes = diff(before, last, route.access === 'anonymous' ? AUTH_BOOKKEEPING : []);
      if (changes.length) fail(`a rejected request changed the database (${changes.join('; ')})`);
    }
    if (res.statusCode === 200 && /^text\/event-stream/.test(String(res.headers['content-type']))) {
      const lastEvent = res.body.trimEnd().split('\n\n').pop() ?? '';
      if (!/^event: (done|error)\n/.test(lastEvent)) fail('an event stream that did not end with done or error');
    }
    if (res.statusCode < 300 && route.access === 'anonymous' && req.as !== 'anonymous') {
      await keepSignedIn();
      last = await fingerprint();
    }
    return res.statusCode;
  }

  const runsFor = (route: RouteEntry) => {
    const base = MULTIPART_ROUTES.has(keyOf(route)) ? 30 : route.schema?.body ? 60 : route.schema?.querystring ? 40 : 30;
    return Math.max(1, Math.round(base * RUNS_SCALE));
  };

  it.each(targets.map((route, index) => ({ name: keyOf(route), route, index })))('$name', async ({ route, index }) => {
    // Variations and extensions count as beats: A's beat quota, spent on the generate route, starts again for each.
    if (route.method === 'POST' && (route.url.startsWith('/api/studio/music/:') || route.url === '/api/songs/:id/mixdown')) {
      await t.db.kysely.deleteFrom('quota_usage').where('user_id', '=', a.user.id).where('kind', '=', 'beat').execute();
      last = await fingerprint();
    }
    // Split sheets: a fuzzed sheet may have dropped the invited person (their link's routes need the line), or
    // an id that happened to be the agreed song's may have declined it (the earning needs it agreed).
    if (route.url.startsWith('/api/songs/:id/splits/invites/')) {
      await restoreSplitSheet();
      last = await fingerprint();
    }
    if (route.url === '/api/admin/songs/:id/earnings' && route.method === 'POST') {
      await t.app.inject({ method: 'POST', url: `/api/songs/${splits.agreedSong}/splits/sign`, payload: { fullName: 'Fuzz Artist' }, headers: { cookie } });
      last = await fingerprint();
    }
    // First the valid example itself (A on A's resources): mutations start from a request that passes.
    if (route.method !== 'DELETE' && !MULTIPART_ROUTES.has(keyOf(route))) {
      const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, encode(validParams(route, m[1]!)[0]!)]));
      const query = route.schema?.querystring ? new URLSearchParams(exampleOf(route.schema.querystring, true) as Record<string, string>).toString() : '';
      const example = EXAMPLES[keyOf(route)]?.() ?? exampleOf(route.schema?.body);
      const body = route.schema?.body ? { payload: JSON.stringify(example), contentType: 'application/json', what: 'valid example' } : undefined;
      const status = await check(route, { as: route.access === 'admin' ? 'admin' : 'member', params, query, body });
      expect(status, `${keyOf(route)}: the valid example (${JSON.stringify(example)}) must pass`).toBeLessThan(300);
    }
    await fc.assert(
      fc.asyncProperty(requestArb(route), async (req) => void (await check(route, req))),
      { seed: SEED + index, numRuns: runsFor(route), endOnFailure: true },
    );
  }, 120_000);

  it('leaves Object.prototype as it found it', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(targets.length).toBeGreaterThan(10);
  });
});
