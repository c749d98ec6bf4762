/**
 * Browser bundle sizes of the web build (`node --import tsx bench/bundle.ts`; part of
 * `npm run bench`). What a document loads first is what its HTML names (module script,
 * modulepreload links, stylesheets) and every chunk those import statically, transitively:
 * for apps/web/dist/auth.html, the /auth document (its own entry, ADR 026), and for
 * apps/web/dist/index.html, the app's first load on every other page. Then per route the lazy
 * chunk named after it (`*-page-*.js`, `*-route-*.js`) with the chunks it imports statically and
 * its CSS, less what the app's first load already has. Sizes are gzip level 9 of the files as built.
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
  /** The /auth document (dist/auth.html). */
  authJsGzip: number;
  authCssGzip: number;
  /** The app's first load (dist/index.html). */
  initialJsGzip: number;
  initialCssGzip: number;
  routes: { chunk: string; jsGzip: number; cssGzip: number }[];
}

/** What a built HTML document loads first: its scripts, modulepreloads and stylesheets, and their static imports. */
function documentFirstLoad(htmlFile: string): Set<string> {
  const html = fs.readFileSync(path.join(DIST, htmlFile), 'utf8');
  const refs = [
    ...[...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1]),
  ];
  return closure(refs);
}

export function runBundleBench(): BundleFigures {
  ensureBuilt();
  const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((a, f) => a + gzipSize(f), 0);
  const auth = documentFirstLoad('auth.html');
  const initial = documentFirstLoad('index.html');
  const figures: BundleFigures = {
    authJsGzip: sum(auth, '.js'),
    authCssGzip: sum(auth, '.css'),
    initialJsGzip: sum(initial, '.js'),
    initialCssGzip: sum(initial, '.css'),
    routes: [],
  };
  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  for (const chunk of assets.filter((f) => /-(page|route)-[\w-]+\.js$/.test(f)).sort()) {
    const own = [...closure([`assets/${chunk}`])].filter((f) => !initial.has(f));
    const stem = chunk.replace(/-[\w-]{8}\.js$/, '');
    const css = assets.filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.css')).map((f) => `assets/${f}`);
    figures.routes.push({ chunk: stem, jsGzip: sum(own, '.js'), cssGzip: sum(css, '.css') });
  }
  const jsFiles = (files: Set<string>) => [...files].filter((f) => f.endsWith('.js')).length;
  console.log('Web bundle (gzip -9 of apps/web/dist):');
  console.log(`  /auth, its own document (auth.html's script, modulepreloads, stylesheet; ${jsFiles(auth)} JS files): JS ${kb(figures.authJsGzip)} kB + CSS ${kb(figures.authCssGzip)} kB`);
  console.log(`  the app's first load, every other page (index.html's; ${jsFiles(initial)} JS files): JS ${kb(figures.initialJsGzip)} kB + CSS ${kb(figures.initialCssGzip)} kB`);
  const inApp = figures.routes.find((r) => r.chunk === 'auth-page');
  if (inApp) console.log(`  /auth reached inside the app (first load + auth-page chunk): JS ${kb(figures.initialJsGzip + inApp.jsGzip)} kB`);
  console.log('  route chunks, on top of the app\'s first load:');
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
