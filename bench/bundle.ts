/**
 * Browser bundle sizes of the web build (`node --import tsx bench/bundle.ts`; part of
 * `npm run bench`). Reads apps/web/dist/index.html: what every page loads first (its module
 * script, modulepreload links and stylesheets), then per route the lazy chunk named after it
 * (`*-page-*.js`, `*-route-*.js`) with the chunks it imports statically and its CSS, less what the
 * first load already has. Sizes are gzip level 9 of the files as built.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, ensureBuilt, isMain } from './lib/server';

const DIST = path.join(ROOT, 'apps/web/dist');

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Chunks a JS file imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const dir = path.posix.dirname(file);
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(path.posix.join(dir, m[1]));
  }
  return [...found];
}

/** The file and everything it imports statically, transitively. */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length && seen.size < 10_000) {
    const f = stack.pop()!;
    if (seen.has(f) || !fs.existsSync(path.join(DIST, f))) continue;
    seen.add(f);
    if (f.endsWith('.js')) stack.push(...staticImports(f));
  }
  return seen;
}

export interface BundleFigures {
  initialJsGzip: number;
  initialCssGzip: number;
  routes: { chunk: string; jsGzip: number; cssGzip: number }[];
}

export function runBundleBench(): BundleFigures {
  ensureBuilt();
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [
    ...[...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1]),
  ];
  const initial = closure(refs);
  const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((a, f) => a + gzipSize(f), 0);
  const figures: BundleFigures = { initialJsGzip: sum(initial, '.js'), initialCssGzip: sum(initial, '.css'), routes: [] };
  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  for (const chunk of assets.filter((f) => /-(page|route)-[\w-]+\.js$/.test(f)).sort()) {
    const own = [...closure([`assets/${chunk}`])].filter((f) => !initial.has(f));
    const stem = chunk.replace(/-[\w-]{8}\.js$/, '');
    const css = assets.filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.css')).map((f) => `assets/${f}`);
    figures.routes.push({ chunk: stem, jsGzip: sum(own, '.js'), cssGzip: sum(css, '.css') });
  }
  console.log('Web bundle (gzip -9 of apps/web/dist):');
  console.log(`  first load of any page, e.g. /auth (index.html's script, modulepreloads, stylesheet): JS ${kb(figures.initialJsGzip)} kB + CSS ${kb(figures.initialCssGzip)} kB`);
  const auth = figures.routes.find((r) => r.chunk === 'auth-page');
  if (auth) console.log(`  /auth in all (first load + auth-page chunk): JS ${kb(figures.initialJsGzip + auth.jsGzip)} kB + CSS ${kb(figures.initialCssGzip + auth.cssGzip)} kB`);
  console.table(figures.routes.map((r) => ({ 'route chunk': r.chunk, 'extra JS kB': kb(r.jsGzip), 'extra CSS kB': kb(r.cssGzip) })));
  return figures;
}

if (isMain(import.meta.url)) {
  try {
    runBundleBench();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
