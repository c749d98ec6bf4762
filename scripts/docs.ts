// npm run docs: writes the generated parts of docs/ARCHITECTURE.md from the code, between marker
// comments, so they cannot drift (ADR 039):
//   - the route table (method, path, declared access), read from the app's own `routeTable`, built
//     in memory on a fresh throw-away SQLite database (nothing listens, nothing is kept);
//   - the services, one line each: every apps/server/src/services/*.service.ts with the first
//     sentence of the doc comment on its exported `create…` factory;
//   - counts the prose would otherwise repeat by hand: routes, services, the tables (the keys of
//     `Database` in db/types.ts) and the guide's articles.
// apps/server/test/architecture-docs.test.ts fails when the file differs from what this writes.
// `node --import tsx scripts/docs.ts --check` only compares (exit code 1 when out of date).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/index';
import type { RouteEntry } from '../apps/server/src/plugins/authorization';
import { testEnv } from '../apps/server/test/helpers';
import { listGuideArticles } from '../packages/engines/src/guide/index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARCHITECTURE_FILE = path.join(root, 'docs/ARCHITECTURE.md');
const SERVICES_DIR = path.join(root, 'apps/server/src/services');
const DB_TYPES_FILE = path.join(root, 'apps/server/src/db/types.ts');

/** The route table of an app built in memory (the same on both databases). */
export async function readRouteTable(): Promise<RouteEntry[]> {
  const env = testEnv();
  // A throw-away file in the settings' temporary data folder, removed below.
  const db = openDatabase({ sqliteFile: path.join(env.dataDir, 'docs.db') });
  try {
    await migrateToLatest(db);
    const app = await buildApp(db, env);
    try {
      await app.ready();
      return app.routeTable.map((r) => ({ ...r }));
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(env.dataDir, { recursive: true, force: true });
  }
}

/**
 * The API's routes as a Markdown table, sorted by path then method. HEAD routes Fastify adds beside
 * each GET, and the built web app's static files (present only after a build), are left out.
 */
export function routeTableMarkdown(table: readonly RouteEntry[]): string {
  const unique = apiRoutes(table);
  return [
    `${unique.length} routes. Access: \`public\` (anyone, no session looked up), \`anonymous\` (anyone, session read when present), \`user\` (signed in), \`admin\`.`,
    '',
    '| Method | Path | Access |',
    '|---|---|---|',
    ...unique.map((r) => `| ${r.method} | \`${r.url}\` | ${r.access} |`),
  ].join('\n');
}

function apiRoutes(table: readonly RouteEntry[]): { method: string; url: string; access: string }[] {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  const rows = table
    .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
    .filter((r) => r.url.startsWith('/api') || r.url.startsWith('/uploads') || r.access !== 'public')
    .map((r) => ({ method: r.method, url: r.url, access: r.access ?? '(none)' }));
  const unique = [...new Map(rows.map((r) => [`${r.method} ${r.url}`, r])).values()];
  unique.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
  return unique;
}

/** The tables, as the keys of `interface Database` in db/types.ts, in its order. */
export function tableNames(source = fs.readFileSync(DB_TYPES_FILE, 'utf8')): string[] {
  const body = /^export interface Database \{\n([\s\S]*?)^\}/m.exec(source)?.[1];
  if (!body) throw new Error('apps/server/src/db/types.ts has no `export interface Database { … }`');
  return [...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]!);
}

/** Figures the prose would otherwise repeat by hand (and get wrong). */
export function countsMarkdown(routeCount: number): string {
  const services = fs.readdirSync(SERVICES_DIR).filter((name) => name.endsWith('.service.ts')).length;
  const tables = tableNames();
  return [
    `- ${routeCount} routes, ${services} services;`,
    `- ${tables.length} tables: ${tables.map((t) => `\`${t}\``).join(', ')};`,
    `- ${listGuideArticles().length} articles in the built-in guide (\`packages/engines/src/guide/articles/\`).`,
  ].join('\n');
}

/** The first sentence of a JSDoc block, on one line. */
function firstSentence(doc: string): string {
  const text = doc
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const end = text.search(/[.!?](\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/** The doc comment right before a file's exported `create…` factory, or null. */
export function factoryDoc(source: string): string | null {
  const at = source.search(/^export (async )?function create\w*/m);
  if (at < 0) return null;
  const before = source.slice(0, at).trimEnd();
  if (!before.endsWith('*/')) return null;
  const start = before.lastIndexOf('/**');
  return start < 0 ? null : firstSentence(before.slice(start));
}

/** One line per service file; throws naming every service file without a doc comment. */
export function serviceListMarkdown(dir = SERVICES_DIR): string {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.service.ts'))
    .sort();
  const missing: string[] = [];
  const lines = files.map((name) => {
    const doc = factoryDoc(fs.readFileSync(path.join(dir, name), 'utf8'));
    if (!doc) missing.push(name);
    return `- \`${name}\`: ${doc}`;
  });
  if (missing.length) {
    throw new Error(`Give each service's exported create… function a doc comment (its first sentence is listed in docs/ARCHITECTURE.md): ${missing.join(', ')}`);
  }
  return [`${files.length} services in \`apps/server/src/services/\`:`, '', ...lines].join('\n');
}

const marker = (name: string, edge: 'begin' | 'end') =>
  edge === 'begin' ? `<!-- generated:${name} begin (npm run docs writes this part; do not edit it by hand) -->` : `<!-- generated:${name} end -->`;

/** `document` with the text between a pair of markers replaced. */
export function replaceBetween(document: string, name: string, body: string): string {
  const begin = marker(name, 'begin');
  const end = marker(name, 'end');
  const from = document.indexOf(begin);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/ARCHITECTURE.md has no "${begin}" … "${end}" pair`);
  return `${document.slice(0, from + begin.length)}\n\n${body}\n\n${document.slice(to)}`;
}

/** docs/ARCHITECTURE.md as it should read. */
export async function renderArchitecture(current = fs.readFileSync(ARCHITECTURE_FILE, 'utf8')): Promise<string> {
  const table = await readRouteTable();
  let next = replaceBetween(current, 'counts', countsMarkdown(apiRoutes(table).length));
  next = replaceBetween(next, 'routes', routeTableMarkdown(table));
  return replaceBetween(next, 'services', serviceListMarkdown());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(ARCHITECTURE_FILE, 'utf8');
  const next = await renderArchitecture(current);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('docs/ARCHITECTURE.md is out of date: run `npm run docs`.');
      process.exit(1);
    }
  } else if (next !== current) {
    fs.writeFileSync(ARCHITECTURE_FILE, next);
    console.log('docs/ARCHITECTURE.md: routes and services written.');
  } else {
    console.log('docs/ARCHITECTURE.md is up to date.');
  }
}
