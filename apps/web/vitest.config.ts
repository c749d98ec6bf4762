import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Unit tests of the web app's logic (the root vitest.config.ts lists this project). */
export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Quadrupled in CI, on machines up to three times slower (see the root config).
    testTimeout: process.env.CI ? 20_000 : 5_000,
    // Vitest empties CSS imports by default; the theme's contrast test reads index.css (?raw).
    css: { include: [/src\/index\.css/] },
    restoreMocks: true,
    unstubGlobals: true,
    // Files on a worker share its loaded modules (React, the UI kit, the app's code) instead of
    // importing them again for each of the 45 files: 114 s of CPU became 24 s, measured under the
    // same load (ADR 062). Each file still gets a fresh happy-dom window, and mocks and stubbed
    // globals are restored after each test; the suite passes with its files and tests shuffled.
    isolate: false,
  },
});
