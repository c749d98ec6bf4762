/**
 * Lighthouse performance of the sign-in page (`node --import tsx bench/lighthouse.ts`; part of
 * `npm run bench`). Starts the built app as production runs it (NODE_ENV=production, SQLite in a
 * fresh folder), then runs Lighthouse's performance category with its default mobile preset
 * (Moto G Power screen, simulated slow 4G: 150 ms RTT and 1.6 Mbit/s, 4× CPU slowdown) against
 * `/auth` as a signed-out visitor in Debian's Chromium, BENCH_LH_RUNS times (default 3), and
 * prints each run and the median. CPU time is measured on this machine and multiplied by 4, so a
 * busy machine scores lower: each run prints Lighthouse's benchmark index of the machine. Nothing is downloaded: Chromium is the system's
 * (CHROMIUM_PATH, default /usr/bin/chromium) and Lighthouse runs offline.
 *
 * Run directly, it then audits a published release page (issue 30): on the same fresh data dir an
 * artist signs up, makes a song with a release date ahead (so the countdown, "Remind me" and the
 * sign-up form show), draws a cover with the built-in engine, adds store links and publishes
 * `/r/<slug>`; Lighthouse's performance, accessibility, best-practices and SEO categories are run on
 * it signed out with the mobile preset and the desktop preset, BENCH_LH_RUNS times each, and the
 * median of each category is printed (`node --import tsx bench/lighthouse.ts`; BENCH_LH_ONLY=release
 * skips the /auth part). It is not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { ensureBuilt, isMain, median, signUp, startApp } from './lib/server';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

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
      chromePath: CHROMIUM_PATH,
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

/** The four categories the release page must score at least 98 in (issue 30). */
export const RELEASE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryScores = Record<(typeof RELEASE_CATEGORIES)[number], number> & { benchmarkIndex: number };

/** Lighthouse's four categories on `url` with the mobile (default) or desktop preset, `runs` times, each in a fresh profile. */
export async function lighthouseCategoryRuns(url: string, runs: number, preset: 'mobile' | 'desktop'): Promise<CategoryScores[]> {
  const results: CategoryScores[] = [];
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-lh-'));
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
    try {
      const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...RELEASE_CATEGORIES] };
      const result = preset === 'desktop' ? await lighthouse(url, flags, desktopConfig) : await lighthouse(url, flags);
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (++failures > 3) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        console.log(`  ${preset} run ${i + 1}: ${lhr.runtimeError.code}, repeated`);
        i--;
        continue;
      }
      const scores = { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) } as CategoryScores;
      for (const c of RELEASE_CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      // What cost points, so a score under 100 says why.
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable');
      if (failing.length) console.log(`  ${preset} run ${i + 1} below full marks: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
      if (process.env.BENCH_LH_DETAILS) for (const a of failing) console.log(a.id, a.explanation ?? "", JSON.stringify((a.details as { items?: unknown[] } | undefined)?.items?.slice(0, 5)));
      results.push(scores);
    } finally {
      chrome.kill();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  return results;
}

/** Publishes a release page on the running app (a fresh data dir) and returns its path, `/r/<slug>`. */
export async function publishReleasePage(origin: string): Promise<string> {
  const cookie = await signUp(origin);
  const call = async (method: string, url: string, body: unknown, expected: number) => {
    const res = await fetch(`${origin}${url}`, { method, headers: { cookie, 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
    if (res.status !== expected) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const ahead = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const song = await call('POST', '/api/songs', { title: 'Midnight Run', artistName: 'Nova Reyes', releaseDate: ahead }, 201);
  const cover = await call('POST', '/api/coverarts', { prompt: 'A night drive under neon city lights', songId: song.id }, 201);
  const release = await call(
    'PUT',
    `/api/songs/${song.id}/release`,
    {
      slug: 'midnight-run',
      published: true,
      previewStart: 0,
      coverArtId: cover.id,
      links: [
        { service: 'spotify', url: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' },
        { service: 'apple-music', url: 'https://music.apple.com/us/album/midnight-run/1440857781' },
        { service: 'youtube', url: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ' },
        { service: 'bandcamp', url: 'https://novareyes.bandcamp.com/track/midnight-run' },
      ],
    },
    200,
  );
  return `/r/${String(release.slug)}`;
}

/** The release page's four Lighthouse categories, mobile and desktop: the medians by preset. */
export async function runReleasePageLighthouse(): Promise<Record<'mobile' | 'desktop', CategoryScores>> {
  ensureBuilt();
  const runs = Number(process.env.BENCH_LH_RUNS ?? 3);
  const app = await startApp();
  try {
    const url = `${app.origin}${await publishReleasePage(app.origin)}`;
    const out = {} as Record<'mobile' | 'desktop', CategoryScores>;
    for (const preset of ['mobile', 'desktop'] as const) {
      console.log(`Lighthouse, ${RELEASE_CATEGORIES.join(', ')}, ${preset} preset, ${url} signed out, ${runs} runs:`);
      const results = await lighthouseCategoryRuns(url, runs, preset);
      const med = {} as CategoryScores;
      for (const key of [...RELEASE_CATEGORIES, 'benchmarkIndex'] as const) med[key] = median(results.map((r) => r[key]));
      console.table([...results, { ...med }].map((r, i) => ({ run: i < results.length ? String(i + 1) : 'median', ...r })));
      out[preset] = med;
    }
    return out;
  } finally {
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    if (process.env.BENCH_LH_ONLY !== 'release') await runLighthouseBench();
    await runReleasePageLighthouse();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
