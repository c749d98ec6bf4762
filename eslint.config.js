// @ts-check
/**
 * ESLint for the whole repository (`npm run lint`, run first by `npm test`): JavaScript's and
 * TypeScript's recommended rules, type-aware checks of promises, React's rules of hooks, and the
 * architecture's import boundaries (see "Boundaries" below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webFeatures = path.join(root, 'apps/web/src/features');

/** eslint:recommended. */
const eslintRecommended = js.configs.recommended;

// ---------------------------------------------------------------------------------- Boundaries

/**
 * Outbound SDKs (payments, AI, cloud, mail, messaging) and stream parsers of upstream APIs: only
 * the server's providers talk to the outside world, behind their own interfaces.
 */
const SDK_PACKAGES = [
  'stripe',
  'openai',
  '@anthropic-ai/*',
  '@google/genai',
  '@google/generative-ai',
  '@google-cloud/*',
  '@aws-sdk/*',
  '@azure/*',
  '@elevenlabs/*',
  'elevenlabs',
  'replicate',
  'twilio',
  '@sendgrid/*',
  'nodemailer',
  'resend',
  '@paypal/*',
  'eventsource-parser',
  'ioredis',
];
const sdkGroup = (packages) => packages.flatMap((name) => [name, `${name}/**`]);
const SDK_MESSAGE = 'SDKs of outside services are used only under apps/server/src/providers/** (wrap them in a provider).';

/** Feature folders of the web app: each may import only itself, components/, lib/ and packages. */
const featureZones = fs
  .readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `apps/web/src/features/${entry.name}`,
    from: 'apps/web/src/features',
    except: [`./${entry.name}`],
    message: 'Web features do not import each other: compose them in app/ (e.g. app/routes) or move the shared piece down to components/ or lib/.',
  }));

// ----------------------------------------------------------------- The server's layer map (ADR 039)
//
//   routes -> services -> repositories -> db          (routes also call presenters and policies' types)
//                  \-> providers (outside world), policies (decisions), jobs (the queue)
//             services -> commands -> repositories (through a unit of work), policies, domain, errors
//                                     (ADR 051: one transaction per multi-step write; no routes, services,
//                                      presenters or providers: a command receives what it needs)
//   packages/engines: a leaf (pure algorithms); packages/shared may use it; apps use both.
//
// Each arrow is one-way, and each rule below names the way round.

const SERVER = 'apps/server/src';
/** Route modules, not their tests: route tests may seed data through repositories and the database. */
const ROUTE_FILES = `${SERVER}/routes/**/!(*.test).ts`;


/** The messages, one per rule (apps/server/test/lint-boundaries.test.ts proves each one bites). */
const LAYER_MESSAGES = {
  routesRepositories:
    'Routes talk to services, never to repositories (type-only imports included): ask a service, or import the type from where the service exports it.',
  routesDb: 'Routes never touch the database (apps/server/src/db, type-only imports included): a service asks a repository.',
  routesProviders: 'Routes never call providers (outside services, storage, images): a service does, behind its interface.',
  providersJobs: 'Providers know nothing of the job queue: throw PermanentJobError (from errors.ts) for a failure no retry can fix.',
  providersServices: 'Providers are adapters to the outside world: services call providers, never the other way round.',
  repositoriesServices: 'Repositories only run SQL: they call no service (services call repositories).',
  repositoriesPolicies: 'Repositories do not ask policies: constants both need live in apps/server/src/domain/.',
  servicesPresenters: 'Services return domain data; presenting it for the API is the route’s job (routes call presenters).',
  commandsUpward:
    'Commands are multi-step writes in one transaction (ADR 051): they use repositories, policies, domain and errors, and are called by services, never calling routes, services or presenters.',
  commandsProviders: 'Commands do not call providers (outside services, storage, images): their service does that outside the transaction and hands in the result.',
  routesCommands: 'Routes call one service method; the service runs the command (ADR 051).',
  enginesWorkspace:
    'packages/engines is a leaf: pure algorithms that import nothing from the workspace (no @members-only/*, no path out of packages/engines).',
};

/** Top-level paths of the repository other than packages/engines (what the engines may not import). */
const outsideEngines = [
  ...fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => !['packages', 'node_modules', '.git'].includes(entry.name))
    .map((entry) => entry.name),
  ...fs
    .readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'engines')
    .map((entry) => `packages/${entry.name}`),
];

/** The zones of import-x/no-restricted-paths. */
function restrictedPaths() {
  return {
    basePath: root,
    zones: [
      ...featureZones,
      {
        target: ['apps/web/src/components', 'apps/web/src/lib'],
        from: ['apps/web/src/features', 'apps/web/src/app'],
        message: 'components/ and lib/ are shared by every feature: they import neither features nor app/.',
      },
      {
        target: 'apps/web/src/features',
        from: 'apps/web/src/app',
        message: 'Features do not import the app shell (app/ composes features, not the other way round).',
      },
      { target: ROUTE_FILES, from: `${SERVER}/repositories/**`, message: LAYER_MESSAGES.routesRepositories },
      { target: ROUTE_FILES, from: `${SERVER}/db/**`, message: LAYER_MESSAGES.routesDb },
      { target: ROUTE_FILES, from: `${SERVER}/providers/**`, message: LAYER_MESSAGES.routesProviders },
      { target: `${SERVER}/providers`, from: `${SERVER}/jobs`, message: LAYER_MESSAGES.providersJobs },
      { target: `${SERVER}/providers`, from: `${SERVER}/services`, message: LAYER_MESSAGES.providersServices },
      { target: `${SERVER}/repositories`, from: `${SERVER}/services`, message: LAYER_MESSAGES.repositoriesServices },
      { target: `${SERVER}/repositories`, from: `${SERVER}/policies`, message: LAYER_MESSAGES.repositoriesPolicies },
      { target: `${SERVER}/services`, from: `${SERVER}/presenters`, message: LAYER_MESSAGES.servicesPresenters },
      { target: `${SERVER}/commands`, from: [`${SERVER}/routes`, `${SERVER}/services`, `${SERVER}/presenters`], message: LAYER_MESSAGES.commandsUpward },
      { target: `${SERVER}/commands`, from: `${SERVER}/providers`, message: LAYER_MESSAGES.commandsProviders },
      { target: ROUTE_FILES, from: `${SERVER}/commands/**`, message: LAYER_MESSAGES.routesCommands },
      { target: `${SERVER}/repositories`, from: `${SERVER}/commands`, message: LAYER_MESSAGES.repositoriesServices },
      { target: 'packages/engines', from: outsideEngines, message: LAYER_MESSAGES.enginesWorkspace },
      {
        target: ['apps/web', 'packages'],
        from: 'apps/server',
        message: 'The web app and the shared packages never import server code.',
      },
    ],
  };
}

export default defineConfig(
  {
    name: 'ignores',
    ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/dist-ops/**', 'apps/server/dist-procs/**', 'playwright-report/**', 'test-results/**', '**/coverage/**', '**/*.d.ts'],
  },

  // ------------------------------------------------------------------------------ Rule sets
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ...eslintRecommended,
  },
  {
    name: 'javascript rules adjusted',
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    rules: {
      // Text handling matches control characters on purpose (stripping them, ASCII-only fast paths).
      'no-control-regex': 'off',
    },
  },
  // typescript-eslint's recommended set (not recommendedTypeChecked: its no-unsafe-* rules flag
  // hundreds of `any`s from JSON in the server's tests) plus the typed rules that catch real bugs.
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    name: 'typed linting',
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
  },
  {
    // Not in any tsconfig.json: tsconfig.tools.json and the web app's node config cover them.
    name: 'typed linting: tools and configs',
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.tools.json', tsconfigRootDir: root } },
  },
  {
    name: 'typed linting: web build configs',
    files: ['apps/web/*.config.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './apps/web/tsconfig.node.json', tsconfigRootDir: root } },
  },
  {
    name: 'project conventions',
    files: ['**/*.{ts,tsx}'],
    rules: {
      // `_name` marks a value left unused on purpose (as the compiler's noUnused* checks allow).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Typed rules. `void promise` marks a deliberately unawaited promise.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // `any` is allowed where types end (Kysely migrations, upstream JSON, test doubles); strict mode stays on.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    name: 'javascript files',
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    name: 'node globals',
    files: ['apps/server/**', 'packages/**', 'e2e/**', 'bench/**', 'scripts/**', '*.config.ts', 'apps/web/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'browser globals',
    files: ['apps/web/src/**', 'apps/web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'react hooks',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ------------------------------------------------------------------------------ Boundaries
  {
    name: 'boundaries: import paths',
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves TypeScript files, workspace packages and the web app's '@/…' paths (apps/web/tsconfig.json).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.node'],
          alias: { '@': [path.join(root, 'apps/web/src')] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', restrictedPaths()],
    },
  },
  {
    name: 'boundaries: SDKs only in server providers',
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/server/src/providers/**', 'apps/web/src/lib/event-stream.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: sdkGroup(SDK_PACKAGES), message: SDK_MESSAGE }] }],
    },
  },
  {
    // Workspace packages resolve through node_modules links, so the path zone above may not see them.
    name: 'boundaries: the engines import no workspace package',
    files: ['packages/engines/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: sdkGroup(SDK_PACKAGES), message: SDK_MESSAGE },
            { group: ['@members-only/*', '@members-only/*/**'], message: LAYER_MESSAGES.enginesWorkspace },
          ],
        },
      ],
    },
  },
  {
    // The browser reads the server's own event streams (chat replies) with eventsource-parser, in this one file.
    name: 'boundaries: the web app’s event-stream reader',
    files: ['apps/web/src/lib/event-stream.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: sdkGroup(SDK_PACKAGES.filter((name) => name !== 'eventsource-parser')), message: SDK_MESSAGE }] },
      ],
    },
  },
  {
    name: 'boundaries: jobs receive services by injection',
    files: ['apps/server/src/jobs/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services(/|$)',
              allowTypeImports: true,
              message: 'Job processors receive services by injection: import only their types (import type …) from services/.',
            },
          ],
        },
      ],
    },
  },

);
