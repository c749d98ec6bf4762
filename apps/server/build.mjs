// Compiles the server into JavaScript for production (`npm run build`): the entry points with the
// workspace packages (@members-only/*) bundled in and every other package left to node_modules.
// Output in dist/, flat, so `import.meta.url`-relative paths (env.ts's web dist folder, the
// analysis worker next to analysis-thread.ts) resolve the same from every file. Code loaded with
// import() (the lyric and guide engines) lands in chunks of its own and is read on first use.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** Bare imports stay external except the workspace packages, which are TypeScript sources. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@members-only/')) return undefined;
      return { path: args.path, external: true };
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
});

// Files of earlier builds go after the new ones are written, never before: a server started from
// dist/ meanwhile keeps finding its files (unchanged chunks keep their content-hashed names).
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(here, file)));
for (const file of readdirSync(outdir)) {
  const full = path.join(outdir, file);
  if (!written.has(full) && !written.has(full.replace(/\.map$/, ''))) rmSync(full, { force: true });
}

if (process.argv.includes('--analyze')) console.log(await esbuild.analyzeMetafile(result.metafile));
