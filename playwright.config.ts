import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = 5055;
const baseURL = `http://127.0.0.1:${PORT}`;

// A fresh data folder per run. Workers re-evaluate this file but inherit the runner's env,
// so only the runner creates one.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mo-e2e-'));

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
};
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: flakiness should show, not hide.
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; never download a browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Serves the built web app (apps/web/dist): run `npm run build -w @members-only/web` first.
    command: 'node --import tsx apps/server/src/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    env: serverEnv,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
