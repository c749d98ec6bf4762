import { defineConfig } from 'vitest/config';

/**
 * Two projects: 'node' (engines, shared code and the API, with the server's database check as
 * global setup) and 'web' (the web app's logic in happy-dom, apps/web/vitest.config.ts).
 * `npx vitest run apps/web` runs only the web tests; the server's global setup then does not run.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
