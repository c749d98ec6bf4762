import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkDatabase } from '../global-setup';
import { makeDbTemplates } from '../db-templates';

const SERVER = path.resolve(import.meta.dirname, '../..');
/**
 * Where a project's compiled server goes (dist-ops, dist-procs): inside apps/server, so its external
 * packages resolve; one folder per project, as the 'procs' project's setup may build while the
 * 'ops' project's does (vitest.config.ts).
 */
const distOf = (project: TestProject) => path.join(SERVER, `dist-${project.name}`);

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled server every operations suite starts its app and worker processes from. */
    serverDist: string;
  }
}

/**
 * The operations project's global setup: the database check, the migrated database templates
 * (db-templates.ts), then one build of the server
 * (esbuild, a few seconds) that all its suites share. Each of their 20-odd app and worker
 * processes then starts from JavaScript, as `npm start` and `npm run worker` do in production,
 * instead of transpiling the sources with tsx on every start (about 3 s of CPU each). The build
 * runs here, from the sources under test, so it is never stale; it goes to its own folder
 * (dist-ops; dist-procs for the 'procs' project), so `npm run build` and the npm-start suite may
 * write dist/ meanwhile.
 */
export default async function setup(project: TestProject) {
  await checkDatabase();
  const dist = distOf(project);
  const build = spawnSync(process.execPath, [path.join(SERVER, 'build.mjs'), '--outdir', dist, '--metafile'], { cwd: SERVER, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`Building the server for the operations suites failed:\n${build.stderr}${build.stdout}`);
  project.provide('serverDist', dist);
  const { templates, teardown } = await makeDbTemplates();
  project.provide('dbTemplates', templates);
  return teardown;
}
