import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Fills dist/auth.html, the /auth document's own entry (auth.html → src/auth-main.tsx, ADR 026):
 * the sign-in page rendered into #root (src/prerender.tsx, loaded through a Vite server in SSR
 * mode) and marked `inert` until React has hydrated it, and the page's title. The server sends it
 * for /auth, so the page paints from the HTML and its stylesheet alone; its scripts are fetched at
 * low priority, after the stylesheet.
 */
function prerenderAuth(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'prerender-auth',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({ root, configFile: false, plugins: [], resolve: { alias: { '@': path.join(root, 'src') } }, logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
      try {
        const { renderAuthPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderAuthPage: () => { title: string; html: string } };
        const { title, html } = renderAuthPage();
        const built = fs.readFileSync(path.join(outDir, 'auth.html'), 'utf8');
        // What the app's first load fetches that this page does not: the page prefetches it once
        // loaded (src/auth-main.tsx), so that signing in, a full navigation to the app, finds it cached.
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const appAssets = [...index.matchAll(/<(?:script|link)[^>]*\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)]
          .map((m) => m[1])
          .filter((file) => !built.includes(`"${file}"`));
        const page = built
          // The page paints without its script: the script loads after the stylesheet, not before it.
          .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
          .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
          .replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`)
          // Chromium paints nothing before the whole page is parsed (no half-built card that then grows).
          // Inter's Latin file (the page's text), fetched with the stylesheet rather than after it.
          .replace('</head>', `${interPreload(outDir)}  <link rel="expect" href="#prerendered-end" blocking="render">\n    <meta name="app-assets" content="${appAssets.join(' ')}">\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root" inert>${html}</div><span id="prerendered-end" hidden></span>`);
        if (page === built || !page.includes('<div id="root" inert>')) throw new Error('prerender-auth: no <div id="root"></div> in auth.html');
        fs.writeFileSync(path.join(outDir, 'auth.html'), page);
        // The compression plugin has already written the twins of the empty page: write them again.
        fs.writeFileSync(path.join(outDir, 'auth.html.gz'), zlib.gzipSync(page, { level: 9 }));
        fs.writeFileSync(path.join(outDir, 'auth.html.br'), zlib.brotliCompressSync(page));
      } finally {
        await server.close();
      }
    },
  };
}

/** A preload of the built Inter Latin file (the one @fontsource-variable/inter's stylesheet names), or nothing. */
function interPreload(outDir: string): string {
  const file = fs.readdirSync(path.join(outDir, 'assets')).find((name) => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
  return file ? `  <link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin>\n  ` : '';
}

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:5000';

export default defineConfig({
  // Served by the API server from apps/web/dist (SPA fallback): asset URLs must be absolute.
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // The server sends these pre-compressed files (.br, .gz) next to the originals.
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
    prerenderAuth(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload a page's own chunk in that page's HTML (/auth).
    manifest: true,
    rolldownOptions: {
      // Two documents: the app (index.html, every client route) and the sign-in page alone
      // (auth.html, sent for /auth), whose first load carries no router, query client or app shell.
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), auth: fileURLToPath(new URL('./auth.html', import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: their own long-cached chunks survive app deploys.
            // Apart, since the /auth document loads React without the router.
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router-vendor', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});
