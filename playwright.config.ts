import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { E2E_STRIPE, MODEL_PORTS } from './e2e/model';

const PORT = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${PORT}`;
// A second stack for tests that need a language model (e2e/model.ts): a scripted fake model
// and an app server that uses it. Override the ports with E2E_MODEL_PORT / E2E_FAKE_MODEL_PORT.
const MODEL_APP_PORT = MODEL_PORTS.app;
const FAKE_MODEL_PORT = MODEL_PORTS.fakeModel;

// Fresh data folders per run. Workers re-evaluate this file but inherit the runner's env,
// so only the runner creates them.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mo-e2e-'));
process.env.E2E_MODEL_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mo-e2e-model-'));

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // Every journey signs up a fresh artist from 127.0.0.1.
  REGISTER_MAX_PER_IP: '10000',
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  // The free-disk floor (ADR 031) has its own API tests; a machine short of disk must not refuse the journeys' uploads.
  MIN_FREE_DISK_MB: '0',
  // At nice 10 (the default, below the web process) a render would wait behind Chromium, the other
  // server and the test runner too, not only behind this server's requests; the API suites'
  // servers render at 0 for the same reason (apps/server/test/helpers.ts, ADR 055).
  HEAVY_WORK_NICE: '0',
  // Payments go to the fake payment API beside the fake model (e2e/fake-model-server.ts). No
  // publishable key: the browser never loads the provider's script, and the embedded form shows
  // its set-up error with Try Again while the hosted checkout works.
  ...E2E_STRIPE,
};
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;

// Always SQLite (its own folder), so it never shares E2E_DATABASE_URL's database with the first server.
const modelServerEnv: Record<string, string> = {
  PORT: String(MODEL_APP_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_MODEL_DATA_DIR,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  REGISTER_MAX_PER_IP: '10000',
  RATE_LIMIT_AUTH_PER_MINUTE: '10000',
  MIN_FREE_DISK_MB: '0',
  HEAVY_WORK_NICE: '0',
  AI_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1`,
  AI_MODEL: 'e2e-model',
  // Silence allowed between a reply's pieces: long enough for a journey to look at a reply held
  // mid-stream (the fake's holdAfter) on a loaded machine; no journey waits on this timeout.
  AI_TIMEOUT_SECONDS: '30',
  // A hosted music model that is down (e2e/fake-model-server.ts): the Studio's failure journey.
  MUSIC_API_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/music/v1`,
  MUSIC_API_KEY: 'r8_e2e_fake',
  MUSIC_API_MODEL: 'e2e/musicgen',
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: flakiness should show, not hide.
  retries: 0,
  // Two workers in CI (ADR 057): a journey mostly waits (on the server, the page, a poll), so the whole
  // step used about 350 s of CPU across 12 minutes on one worker, under half a core. The journeys
  // each register their own artist, so they run side by side, except the ones tagged @model, which
  // share the scripted fake model's queue and settings (e2e/model.ts) and run one at a time in their
  // own project. E2E_WORKERS overrides.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : process.env.CI ? 2 : undefined,
  // The first account of each fresh install (its admin) is registered here, not by a journey.
  globalSetup: './e2e/global-setup.ts',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // CI machines of the same kind differ two- to threefold in speed (and the journeys once shared two
  // cores with Vitest, ADR 071): a journey that takes 12 s on a fast one took over 30 s on a slow one. In CI the
  // guards are doubled; they only bound how long a failing journey waits, and a passing one is as
  // fast as before. A journey that needs more sets its own.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_500 },
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, DOM snapshots, network) and a screenshot of the
    // end, but the trace takes no screencast frames: encoding them cost a third of a core for every
    // page that animates while it waits (ADR 062).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The system asks for reduced motion, as many artists' do: a spinner or a progress bar that
    // animates for the whole of a render cost a software-composited page about 13 % of a core, and
    // the journeys assert states, not animations (ADR 062). index.css ends animations at once.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium; never download a browser.
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: /@model/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The journeys against the fake model's app server: one at a time, beside the others.
    { name: 'model', grep: /@model/, workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      // The compiled server and the built web app, as `npm start` runs them: `npm run build` first (test:e2e does).
      command: 'node apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      env: serverEnv,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx e2e/fake-model-server.ts ${FAKE_MODEL_PORT}`,
      port: FAKE_MODEL_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `http://127.0.0.1:${MODEL_APP_PORT}/api/health`,
      reuseExistingServer: false,
      env: modelServerEnv,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
