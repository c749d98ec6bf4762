/**
 * Lighthouse performance of the sign-in page (`node --import tsx bench/lighthouse.ts`; part of
 * `npm run bench`). Starts the built app as production runs it (NODE_ENV=production, SQLite in a
 * fresh folder), then runs Lighthouse's performance category with its default mobile preset
 * (Moto G Power screen, simulated slow 4G: 150 ms RTT and 1.6 Mbit/s, 4× CPU slowdown) against
 * `/auth` as a signed-out visitor in Debian's Chromium, BENCH_LH_RUNS times (default 3), and
 * prints each run and the median. CPU time is measured on this machine and multiplied by 4, so a
 * busy machine scores lower: each run prints Lighthouse's benchmark index of the machine. Nothing is downloaded: Chromium is the system's
 * (CHROMIUM_PATH, default /usr/bin/chromium) and Lighthouse runs offline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt, isMain, median, startApp } from './lib/server';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; ~1000+ for the desktop its 4× slowdown assumes). */
  benchmarkIndex: number;
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  siMs: 'speed-index',
} as const;

/** Lighthouse's performance category on `url`, `runs` times, each in a fresh Chromium profile. */
export async function lighthouseRuns(url: string, runs: number): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-lh-'));
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: 'silent',
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) {
        // A trace Chromium recorded incompletely (e.g. NO_NAVSTART) happens now and then: that run is repeated, a few times at most.
        if (++failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.log(`  run ${i + 1}: ${lhr.runtimeError.code}, repeated`);
        i--;
        continue;
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const run = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), benchmarkIndex: lhr.environment.benchmarkIndex } as LighthouseRun;
      for (const [key, id] of Object.entries(METRICS)) run[key as keyof typeof METRICS] = value(id);
      results.push(run);
    } finally {
      chrome.kill();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  return results;
}

const fmt = (r: LighthouseRun) => ({
  score: r.score,
  'FCP s': (r.fcpMs / 1000).toFixed(2),
  'LCP s': (r.lcpMs / 1000).toFixed(2),
  'TBT ms': Math.round(r.tbtMs),
  CLS: r.cls.toFixed(3),
  'Speed Index s': (r.siMs / 1000).toFixed(2),
  'benchmark index': Math.round(r.benchmarkIndex),
});

export async function runLighthouseBench(): Promise<LighthouseRun> {
  ensureBuilt();
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  const app = await startApp();
  try {
    const url = `${app.origin}/auth`;
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, performance, mobile preset (simulated slow 4G, 4× CPU), ${url} signed out, ${runs} runs:`);
    const results = await lighthouseRuns(url, runs);
    const med = {} as LighthouseRun;
    for (const key of ['score', 'benchmarkIndex', ...Object.keys(METRICS)] as (keyof LighthouseRun)[]) med[key] = median(results.map((r) => r[key]));
    console.table([...results.map(fmt), { ...fmt(med), score: `${med.score} (median)` }]);
    return med;
  } finally {
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    await runLighthouseBench();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
