import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        preCompressed: true,
        // A route per built file, not per compressed twin: preCompressed finds the .br/.gz beside the
        // file it serves, so listing them made three times the routes to compile at start-up (ADR 059).
        globIgnore: ['**/*.br', '**/*.gz'],
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
