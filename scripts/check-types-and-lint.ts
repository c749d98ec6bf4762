// Type-checks and lints a share of the repository with one TypeScript program per tsconfig, built
// once and used by both (ADR 057). `npm run typecheck` and `npm run lint` each build the same
// programs again (tsc for the compiler's errors, typescript-eslint for the typed rules: floating and
// misused promises, await of a non-thenable), which was about 130 s of CPU each on the 2-core CI
// machine. Here the compiler's diagnostics are taken first, and ESLint's typed rules then ask the
// same, already checked program (typescript-eslint's `parserOptions.programs`).
//
//   node --import tsx scripts/check-types-and-lint.ts server   # apps/server, e2e, bench, scripts
//   node --import tsx scripts/check-types-and-lint.ts client   # packages, apps/web, JavaScript files
//   node --import tsx scripts/check-types-and-lint.ts          # both, one after the other
//
// `npm run checks` starts the two shares side by side with the build (scripts/parallel.ts). The
// result is the same as `npm run typecheck && npm run lint`: the same tsconfigs (a test compares
// them with the typecheck script's), the same ESLint configuration (eslint.config.js), and every
// file `eslint .` lints, each by exactly one share. Exit code 1 on any compiler or lint error.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Share {
  /** tsconfig files (relative to the root) whose programs this share checks and lints with. */
  tsconfigs: string[];
  /** Which of ESLint's files this share lints (paths relative to the root, with forward slashes). */
  owns: (file: string) => boolean;
}

const SERVER_DIRS = ['apps/server/', 'e2e/', 'bench/', 'scripts/'];
const isServerSide = (file: string) => SERVER_DIRS.some((dir) => file.startsWith(dir)) || /^[^/]+\.config\.ts$/.test(file);

export const SHARES: Record<string, Share> = {
  server: { tsconfigs: ['apps/server/tsconfig.json', 'tsconfig.tools.json'], owns: isServerSide },
  client: {
    tsconfigs: ['packages/shared/tsconfig.json', 'packages/engines/tsconfig.json', 'apps/web/tsconfig.json', 'apps/web/tsconfig.node.json'],
    owns: (file) => !isServerSide(file),
  },
};

function program(tsconfig: string): ts.Program {
  const configPath = path.join(root, tsconfig);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) });
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`);
  if (parsed.errors.length) fail(parsed.errors);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
}

const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
function fail(diagnostics: readonly ts.Diagnostic[]): never {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}

async function check(name: string): Promise<boolean> {
  const share = SHARES[name];
  if (!share) throw new Error(`Unknown share "${name}" (server or client)`);
  let ok = true;
  const programs: ts.Program[] = [];
  for (const tsconfig of share.tsconfigs) {
    const started = performance.now();
    const p = program(tsconfig);
    const diagnostics = ts.getPreEmitDiagnostics(p);
    programs.push(p);
    console.log(`tsc -p ${tsconfig}: ${diagnostics.length ? `${diagnostics.length} error(s)` : 'no errors'} (${p.getSourceFiles().length} files, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (diagnostics.length) {
      ok = false;
      console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    }
  }

  const started = performance.now();
  const eslint = new ESLint({
    cwd: root,
    // The typed rules ask these programs, already checked above, instead of building their own.
    overrideConfig: { languageOptions: { parserOptions: { programs, projectService: false, project: null } } },
  });
  // Every file `eslint .` lints, then this share's part of them. The other share lints the rest.
  const files = (await listLintedFiles(eslint)).filter((file) => share.owns(file));
  const results = await eslint.lintFiles(files.map((f) => path.join(root, f)));
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  const formatter = await eslint.loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text) console.log(text);
  console.log(`eslint (${files.length} files): ${errors} error(s), ${warnings} warning(s) (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return ok && errors === 0;
}

/** The files `eslint .` would lint, relative to the root: what ESLint's configuration matches and does not ignore. */
async function listLintedFiles(eslint: ESLint): Promise<string[]> {
  const candidates = ts.sys.readDirectory(root, ['.ts', '.tsx', '.js', '.mjs', '.cjs'], ['**/node_modules'], ['**/*']);
  const files: string[] = [];
  for (const file of candidates) {
    if (await eslint.isPathIgnored(file)) continue;
    const config = (await eslint.calculateConfigForFile(file)) as unknown;
    if (config) files.push(path.relative(root, file).split(path.sep).join('/'));
  }
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = process.argv.slice(2);
  let ok = true;
  for (const name of names.length ? names : Object.keys(SHARES)) ok = (await check(name)) && ok;
  process.exit(ok ? 0 : 1);
}
