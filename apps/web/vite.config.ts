import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:5000';

export default defineConfig({
  // Served by the API server from apps/web/dist (SPA fallback): asset URLs must be absolute.
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // The server sends these pre-compressed files (.br, .gz) next to the originals.
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
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
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: their own long-cached chunk survives app deploys.
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});
