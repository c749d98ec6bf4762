import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyRouterOptions, RawServerDefault } from 'fastify';
import fastifyStatic from '@fastify/static';
import { declareScopeAccess } from './authorization';
import { fileBody, noContent, responses } from './responses';

/**
 * Serves the built single-page app: hashed assets with a one-year immutable cache and their
 * pre-compressed .br/.gz twins, and index.html (never cached) for every client route so deep
 * links work. API and upload paths always get JSON 404s.
 */
/**
 * Pages whose HTML preloads their own chunks, by path: the entry the build manifest names them by
 * (a source module, or a page's own HTML entry), and the page's own HTML file when the build has
 * one. /auth is its own document (apps/web/auth.html, prerendered; ADR 026): Vite already lists
 * its entry's static imports in it, and this adds any it does not.
 */
const PRELOADED_PAGES: Record<string, { module: string; html?: string }> = {
  '/auth': { module: 'auth.html', html: 'auth.html' },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * index.html with `<link rel="modulepreload">` for `page`'s chunk and the chunks it imports that
 * index.html does not already load, so the browser fetches them with the app's own script instead
 * of after it has run and the router has matched the route. Undefined when the build has no
 * manifest or no such page.
 */
export function pageHtml(distDir: string, indexHtml: string, page: string): string | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
  if (!manifest[page]) return undefined;
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!indexHtml.includes(`/${chunk.file}"`)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  // A prerendered page (its module script marked fetchpriority="low") paints without its script: its chunks wait for the stylesheet too.
  const priority = /<script type="module" fetchpriority="low"/.test(indexHtml) ? ' fetchpriority="low"' : '';
  const links = files.map((file) => `<link rel="modulepreload"${priority} crossorigin href="/${file}">`).join('\n    ');
  return indexHtml.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * The built app's files by the path a request names them with (`/assets/index-abc.js`), and `/`
 * for the top `index.html`: the files @fastify/static's `wildcard: false` made a route each for
 * (its glob of the folder: files only, symbolic links followed, names starting with a dot left out),
 * without the `.br`/`.gz` twins `preCompressed` finds by itself (ADR 059).
 */
export function builtFiles(distDir: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    // A linked folder that leads back up is walked once, as glob does.
    const real = fs.realpathSync(dir);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const stat = entry.isSymbolicLink() ? fs.statSync(full, { throwIfNoEntry: false }) : entry;
      if (stat?.isDirectory()) walk(full, `${prefix}${entry.name}/`);
      else if (stat?.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) files.add(`${prefix}${entry.name}`);
    }
  };
  walk(distDir, '/');
  if (files.has('/index.html')) files.add('/');
  return files;
}

/**
 * The path the router matches `url` by, when the file server will look up the same file: the
 * part before `?`, percent-decoded as decodeURI does (the router also keeps `%2F` and the other
 * reserved characters encoded). Undefined for an absolute-form target (`GET http://host/x`) or a
 * `#` in the path: the file route's handler reads the raw URL and would not find the file, so
 * such a request (no browser sends one) gets the not-found answer, where a route per file served it.
 */
function routerPath(url: string): string | undefined {
  if (url.charCodeAt(0) !== 47) return undefined;
  const query = url.indexOf('?');
  const pathPart = query === -1 ? url : url.slice(0, query);
  if (pathPart.includes('#')) return undefined;
  if (!pathPart.includes('%')) return pathPart;
  try {
    return decodeURI(pathPart);
  } catch {
    return undefined;
  }
}

/** The router constraint that lets the file server's one route match only the built files. */
const BUILT_FILE = 'builtFile';
type RouterConstraints = NonNullable<FastifyRouterOptions<RawServerDefault>['constraints']>;
type StoredHandler = Parameters<ReturnType<RouterConstraints[string]['storage']>['set']>[1];

/**
 * Fastify's `constraints` option (app.ts) with the constraint for the web app's file route: the
 * files of the build in `distDir`, listed once here. Given when the app is created, because a
 * strategy added once routes exist makes the router insert every route again (some 25 ms).
 */
export function builtFileConstraint(distDir: string): RouterConstraints {
  const files = fs.existsSync(path.join(distDir, 'index.html')) ? builtFiles(distDir) : new Set<string>();
  return {
    [BUILT_FILE]: {
      name: BUILT_FILE,
      storage() {
        const stored = new Map<unknown, StoredHandler>();
        return { get: (value) => stored.get(value) ?? null, set: (value, handler) => void stored.set(value, handler) };
      },
      // Fastify checks that a strategy given with its options has this.
      validate(value) {
        if (value !== 'yes') throw new Error(`The ${BUILT_FILE} constraint takes 'yes', not ${String(value)}`);
      },
      // Derived for every request once the file route uses it: a Set lookup, no allocation without
      // a query string. 'no' matches no route that has the constraint and leaves the others be.
      deriveConstraint: (request: IncomingMessage) => {
        const file = routerPath(request.url ?? '');
        return file !== undefined && files.has(file) ? 'yes' : 'no';
      },
    },
  };
}

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasApp = fs.existsSync(path.join(distDir, 'index.html'));
  // Client routes get the page shell; it is small, and read once since a build replaces the whole folder.
  const indexHtml = hasApp ? fs.readFileSync(path.join(distDir, 'index.html')) : undefined;
  const pageHtmls = new Map<string, Buffer>();
  for (const [pagePath, page] of Object.entries(PRELOADED_PAGES)) {
    if (!indexHtml) break;
    const ownFile = page.html ? path.join(distDir, page.html) : undefined;
    const base = ownFile && fs.existsSync(ownFile) ? fs.readFileSync(ownFile, 'utf8') : indexHtml.toString('utf8');
    const html = pageHtml(distDir, base, page.module) ?? base;
    pageHtmls.set(pagePath, Buffer.from(html));
  }
  if (hasApp) {
    // The built files are public; their own scope declares it for every file route.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      // Every route declares its responses (ADR 038): the app's files are bytes, their errors JSON.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...(route.schema ?? {}), response: route.schema?.response ?? responses({ 200: fileBody, 206: fileBody, 304: noContent }) };
      });
      // One route for every built file, not a route each (issue 31): `wildcard: false` globbed the
      // folder and added some 300 routes to the router at every start (some 80 ms of the 0.6 s to
      // the first answer on a loaded 2-core machine). The route matches only the files listed at
      // start (the router constraint, builtFileConstraint), so every other path still finds no route
      // and gets the not-found handler with all its hooks, and a file added to the folder later is
      // not served, as before.
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        constraints: { [BUILT_FILE]: 'yes' },
        preCompressed: true,
        // Our own Cache-Control per file (below), not the file server's default max-age=0.
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }

  if (!hasApp) app.log.warn(`No built web app in ${distDir}: pages answer 503 until \`npm run build\` has run.`);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/uploads/');
    if (isPage && hasApp && !path.extname(url.split('?')[0] ?? '')) {
      const pagePath = (url.split('?')[0] ?? '').replace(/(.)\/$/, '$1');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageHtmls.get(pagePath) ?? indexHtml);
    }
    if (isPage && !hasApp) {
      // Visitors read this; the operator learns why from the warning logged at start (below).
      return reply.status(503).send({ message: 'This page is not available right now. Please try again later.', code: 'unavailable' });
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}
