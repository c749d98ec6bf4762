import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { declareScopeAccess } from './authorization';

/**
 * Serves the built single-page app: hashed assets with a one-year immutable cache and their
 * pre-compressed .br/.gz twins, and index.html (never cached) for every client route so deep
 * links work. API and upload paths always get JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasApp = fs.existsSync(path.join(distDir, 'index.html'));
  // Client routes get the page shell; it is small, and read once since a build replaces the whole folder.
  const indexHtml = hasApp ? fs.readFileSync(path.join(distDir, 'index.html')) : undefined;
  if (hasApp) {
    // The built files are public; their own scope declares it for every file route.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
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
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    if (isPage && !hasApp) {
      // Visitors read this; the operator learns why from the warning logged at start (below).
      return reply.status(503).send({ message: 'This page is not available right now. Please try again later.', code: 'unavailable' });
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}
